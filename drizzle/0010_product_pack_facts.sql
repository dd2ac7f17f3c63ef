-- The pack facts of every product (issue 17), kept with min_price by the packs' triggers.
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "pack_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "in_stock" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The pack facts of every product now (issue 17): cards, flagged lists and the "in stock" filter read
-- them from the product row instead of aggregating its packs.
UPDATE "products" p SET "pack_count" = m.pack_count, "in_stock" = m.in_stock
FROM (SELECT product_id, count(*)::int AS pack_count, bool_or(stock > 0) AS in_stock FROM product_packs GROUP BY product_id) m
WHERE p.id = m.product_id;--> statement-breakpoint
-- The packs' statement triggers (0006) now keep all three facts; a row already right is not written.
CREATE OR REPLACE FUNCTION refresh_product_min_price(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE products p SET min_price = m.min_price, pack_count = m.pack_count, in_stock = m.in_stock
  FROM (
    SELECT u.id, f.min_price, coalesce(f.pack_count, 0)::int AS pack_count, coalesce(f.in_stock, false) AS in_stock
    FROM (SELECT DISTINCT unnest(ids) AS id) u
    CROSS JOIN LATERAL (
      SELECT min(k.price) AS min_price, count(*) AS pack_count, bool_or(k.stock > 0) AS in_stock
      FROM product_packs k WHERE k.product_id = u.id
    ) f
  ) m
  WHERE p.id = m.id
    AND (p.min_price IS DISTINCT FROM m.min_price OR p.pack_count <> m.pack_count OR p.in_stock <> m.in_stock)
$$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_hot_newest_idx" ON "products" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "products"."active" and "products"."is_hot";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_new_newest_idx" ON "products" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "products"."active" and "products"."is_new";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_special_newest_idx" ON "products" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "products"."active" and "products"."is_special";
