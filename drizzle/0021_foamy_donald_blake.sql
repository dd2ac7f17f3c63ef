CREATE TABLE "complaint_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"complaint_id" integer NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "complaints" DROP CONSTRAINT "complaints_applied_positive";--> statement-breakpoint
ALTER TABLE "product_packs" ADD COLUMN "list_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "lot_no" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_details" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_included" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_method" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_fee" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "category" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "complaint_photos" ADD CONSTRAINT "complaint_photos_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaint_photos_complaint_idx" ON "complaint_photos" USING btree ("complaint_id","id");--> statement-breakpoint
CREATE INDEX "product_documents_uploaded_idx" ON "product_documents" USING btree ("id") WHERE not "product_documents"."generated";--> statement-breakpoint
CREATE INDEX "products_formula_idx" ON "products" USING btree ("formula","id") WHERE "products"."active";--> statement-breakpoint
ALTER TABLE "product_packs" ADD CONSTRAINT "product_packs_list_price_above" CHECK ("product_packs"."list_price" is null or "product_packs"."list_price" > "product_packs"."price");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_method_check" CHECK ("orders"."delivery_method" in ('standard', 'express', 'pickup'));--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_category_check" CHECK ("complaints"."category" in ('quality', 'damaged', 'wrong_item', 'shortage', 'expiry', 'documents', 'delivery', 'other'));--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_applied_positive" CHECK ("complaints"."applied_refund_cents" >= 0);