-- The brands' partial index (search counts a brand's products from it). IF NOT EXISTS: databases made
-- from unreleased builds got it with 0005.
CREATE INDEX IF NOT EXISTS "products_brand_active_idx" ON "products" USING btree ("brand_id","id") WHERE "products"."active";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "min_price" numeric(12, 2);--> statement-breakpoint
-- The lowest pack price of every product now, before its indexes are built.
UPDATE "products" p SET "min_price" = m.min_price
FROM (SELECT product_id, min(price) AS min_price FROM product_packs GROUP BY product_id) m
WHERE p.id = m.product_id;--> statement-breakpoint
CREATE INDEX "products_price_asc_idx" ON "products" USING btree (coalesce(min_price, 10000000000),"id") WHERE "products"."active";--> statement-breakpoint
CREATE INDEX "products_price_desc_idx" ON "products" USING btree ((-coalesce(min_price, -1)),"id") WHERE "products"."active";--> statement-breakpoint
-- Sets products.min_price of the given products from their packs; a product whose value is already
-- right is not written (a bulk load that sets it with the product costs no second row version).
CREATE FUNCTION refresh_product_min_price(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE products p SET min_price = m.min_price
  FROM (
    SELECT u.id, (SELECT min(k.price) FROM product_packs k WHERE k.product_id = u.id) AS min_price
    FROM (SELECT DISTINCT unnest(ids) AS id) u
  ) m
  WHERE p.id = m.id AND p.min_price IS DISTINCT FROM m.min_price
$$;--> statement-breakpoint
-- One call per statement, over the products its rows touched (transition tables).
CREATE FUNCTION product_packs_min_price() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_product_min_price(ARRAY(SELECT product_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM refresh_product_min_price(ARRAY(SELECT product_id FROM old_rows));
  ELSE
    PERFORM refresh_product_min_price(ARRAY(SELECT product_id FROM new_rows UNION SELECT product_id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER product_packs_min_price_insert AFTER INSERT ON product_packs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_packs_min_price();--> statement-breakpoint
CREATE TRIGGER product_packs_min_price_update AFTER UPDATE ON product_packs
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_packs_min_price();--> statement-breakpoint
CREATE TRIGGER product_packs_min_price_delete AFTER DELETE ON product_packs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_packs_min_price();
