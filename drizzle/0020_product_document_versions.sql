ALTER TABLE "product_documents" ADD COLUMN "version" text DEFAULT '1' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_documents" ADD COLUMN "state" text DEFAULT 'current' NOT NULL;--> statement-breakpoint
-- The rows before this release are the demo's generated PDFs, except the COAs staff uploaded (their keys carry
-- `/upload-`): every existing row reads true at once (a constant default), the uploads are set apart, and
-- new rows default to false.
ALTER TABLE "product_documents" ADD COLUMN "generated" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "product_documents" ALTER COLUMN "generated" SET DEFAULT false;--> statement-breakpoint
UPDATE "product_documents" SET "generated" = false WHERE "file_path" LIKE '%/upload-%';--> statement-breakpoint
ALTER TABLE "product_documents" ADD COLUMN "file_name" text;--> statement-breakpoint
ALTER TABLE "product_documents" ADD COLUMN "file_size" integer;--> statement-breakpoint
ALTER TABLE "product_documents" ADD COLUMN "missing_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_documents" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "product_documents_missing_idx" ON "product_documents" USING btree ("missing_since") WHERE "product_documents"."missing_since" is not null;--> statement-breakpoint
ALTER TABLE "product_documents" ADD CONSTRAINT "product_documents_state_check" CHECK ("product_documents"."state" in ('current', 'superseded', 'withdrawn'));