ALTER TABLE "products" ADD COLUMN "promo_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "promo_ends_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "products_inactive_idx" ON "products" USING btree ("id" DESC NULLS LAST) WHERE not "products"."active";--> statement-breakpoint
CREATE INDEX "cart_items_product_idx" ON "cart_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "cart_items_pack_idx" ON "cart_items" USING btree ("pack_id");--> statement-breakpoint
CREATE INDEX "order_items_product_idx" ON "order_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "order_items_pack_idx" ON "order_items" USING btree ("pack_id");--> statement-breakpoint
-- The products page joins the catalogue group of a back-office menu seeded before it (a new one gets it from the seed).
INSERT INTO "menus" ("parent_id", "path", "component", "name", "title_zh", "title_en", "icon", "permission", "sort")
SELECT g.id, 'products', 'catalog/products/index', 'CatalogProducts', '商品列表', 'Products', 'ExperimentOutlined', 'CATALOG.EDIT', 5
FROM (SELECT min("id") AS id FROM "menus" WHERE "path" = '/catalog' AND "parent_id" IS NULL) g
WHERE g.id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "menus" m WHERE m."parent_id" = g.id AND m."path" = 'products');
