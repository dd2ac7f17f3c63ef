-- Every substance there is now counts as listed without a row being rewritten (a constant default is kept once in
-- the catalogue, not in each row: rewriting a million substances took 4 minutes and swelled each of their indexes);
-- new rows are not listed until an active product links them; then the few without an active product are set.
ALTER TABLE "substances" ADD COLUMN "listed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "substances" ALTER COLUMN "listed" SET DEFAULT false;--> statement-breakpoint
UPDATE "substances" s SET "listed" = false
WHERE NOT EXISTS (SELECT 1 FROM products p WHERE p.substance_id = s.id AND p.active);--> statement-breakpoint
-- Sets substances.listed of the given substances from their products; a row already right is not written
-- (a bulk load that inserts its substances listed costs no second row version).
CREATE FUNCTION refresh_substance_listed(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE substances s SET listed = m.listed
  FROM (
    SELECT u.id, EXISTS (SELECT 1 FROM products p WHERE p.substance_id = u.id AND p.active) AS listed
    FROM (SELECT DISTINCT unnest(ids) AS id) u
    WHERE u.id IS NOT NULL
  ) m
  WHERE s.id = m.id AND s.listed IS DISTINCT FROM m.listed
$$;--> statement-breakpoint
-- One call per statement, over the substances its rows can have changed (transition tables): an inserted
-- or deleted active product's, and an updated product's old and new ones when its link or its active changed.
CREATE FUNCTION products_substance_listed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_substance_listed(ARRAY(SELECT substance_id FROM new_rows WHERE active AND substance_id IS NOT NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM refresh_substance_listed(ARRAY(SELECT substance_id FROM old_rows WHERE active AND substance_id IS NOT NULL));
  ELSE
    PERFORM refresh_substance_listed(ARRAY(
      SELECT unnest(ARRAY[o.substance_id, n.substance_id])
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE o.substance_id IS DISTINCT FROM n.substance_id OR o.active IS DISTINCT FROM n.active));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_substance_listed_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_substance_listed();--> statement-breakpoint
CREATE TRIGGER products_substance_listed_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION products_substance_listed();--> statement-breakpoint
CREATE TRIGGER products_substance_listed_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION products_substance_listed();
