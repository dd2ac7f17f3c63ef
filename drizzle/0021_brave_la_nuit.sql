ALTER TABLE "order_items" ADD COLUMN "lot_no" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_details" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_included" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_method" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_fee" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
CREATE INDEX "product_documents_uploaded_idx" ON "product_documents" USING btree ("id") WHERE not "product_documents"."generated";--> statement-breakpoint
CREATE INDEX "products_formula_idx" ON "products" USING btree ("formula","id") WHERE "products"."active";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_method_check" CHECK ("orders"."delivery_method" in ('standard', 'express', 'pickup'));