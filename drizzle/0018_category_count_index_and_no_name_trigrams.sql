DROP INDEX "products_name_en_trgm_idx";--> statement-breakpoint
DROP INDEX "products_name_zh_trgm_idx";--> statement-breakpoint
CREATE INDEX "products_category_active_idx" ON "products" USING btree ("category_id","in_stock") WHERE "products"."active";