CREATE TABLE "catalogue_count_changes" (
	"category_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"products" integer DEFAULT 0 NOT NULL,
	"in_stock" integer DEFAULT 0 NOT NULL,
	"hot" integer DEFAULT 0 NOT NULL,
	"hot_in_stock" integer DEFAULT 0 NOT NULL,
	"new" integer DEFAULT 0 NOT NULL,
	"new_in_stock" integer DEFAULT 0 NOT NULL,
	"special" integer DEFAULT 0 NOT NULL,
	"special_in_stock" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_counts" (
	"category_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"products" integer DEFAULT 0 NOT NULL,
	"in_stock" integer DEFAULT 0 NOT NULL,
	"hot" integer DEFAULT 0 NOT NULL,
	"hot_in_stock" integer DEFAULT 0 NOT NULL,
	"new" integer DEFAULT 0 NOT NULL,
	"new_in_stock" integer DEFAULT 0 NOT NULL,
	"special" integer DEFAULT 0 NOT NULL,
	"special_in_stock" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "catalogue_counts_category_id_brand_id_pk" PRIMARY KEY("category_id","brand_id")
);
--> statement-breakpoint
CREATE TABLE "substances" (
	"id" serial PRIMARY KEY NOT NULL,
	"inchikey" text NOT NULL,
	"smiles" text NOT NULL,
	"formula" text NOT NULL,
	"weight" numeric(10, 3) NOT NULL,
	"heavy_atoms" smallint NOT NULL,
	"mol" "bytea" NOT NULL,
	"morgan" "bytea" NOT NULL,
	"pattern" "bytea" NOT NULL,
	"engine" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "substance_id" integer;--> statement-breakpoint
CREATE INDEX "catalogue_counts_brand_idx" ON "catalogue_counts" USING btree ("brand_id","category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "substances_inchikey_uq" ON "substances" USING btree ("inchikey");--> statement-breakpoint
CREATE INDEX "substances_smiles_hash" ON "substances" USING hash ("smiles");--> statement-breakpoint
CREATE INDEX "substances_atoms_idx" ON "substances" USING btree ("heavy_atoms","id");--> statement-breakpoint
CREATE INDEX "substances_engine_idx" ON "substances" USING btree ("engine");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_substance_id_substances_id_fk" FOREIGN KEY ("substance_id") REFERENCES "public"."substances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_substance_idx" ON "products" USING btree ("substance_id","id") WHERE "products"."active";--> statement-breakpoint
CREATE INDEX "products_mdl_idx" ON "products" USING btree ("mdl","id") WHERE "products"."active";--> statement-breakpoint
CREATE INDEX "products_category_newest_idx" ON "products" USING btree ("category_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"in_stock","brand_id") WHERE "products"."active";--> statement-breakpoint
CREATE INDEX "products_brand_newest_idx" ON "products" USING btree ("brand_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"in_stock") WHERE "products"."active";--> statement-breakpoint
CREATE INDEX "products_promo_window_idx" ON "products" USING btree ("brand_id","category_id") WHERE "products"."active" and ("products"."is_hot" or "products"."is_new" or "products"."is_special") and ("products"."promo_starts_at" is not null or "products"."promo_ends_at" is not null);--> statement-breakpoint
-- hand-written (ADR 0078, the storefront's page summaries): `catalogue_counts` holds, per category and brand, how many
-- active products there are, how many in stock, and how many hot, new and special without a promotion window (each
-- also in stock). Kept by statement triggers on `products` in the transaction of every change of products — admin
-- saves, the catalogue import, the generator's COPY, and the packs' triggers that set `in_stock` — as the order
-- figures are kept: each statement adds what its rows bring and takes away what they took, per category and brand.
-- A statement's changes are inserted into `catalogue_count_changes` (ADR 0079), never updated in place: two transactions
-- writing products of one category and brand at once (the import's two batches, a staff member's bulk edit) never wait
-- for each other on a count's row, so no lock cycle can form between them. `fold_catalogue_counts()` adds the changes to
-- `catalogue_counts` in a short transaction of its own; readers read the view `catalogue_count_rows`, both together.
-- A product's contribution to the counts, as one row of deltas (sign +1 or -1).
CREATE OR REPLACE FUNCTION add_catalogue_counts(category_ids integer[], brand_ids integer[], signs integer[], in_stocks boolean[],
    hots boolean[], news boolean[], specials boolean[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO catalogue_count_changes (category_id, brand_id, products, in_stock, hot, hot_in_stock, new, new_in_stock, special, special_in_stock)
  SELECT u.c, u.b, sum(u.s), coalesce(sum(u.s) FILTER (WHERE u.i), 0),
    coalesce(sum(u.s) FILTER (WHERE u.h), 0), coalesce(sum(u.s) FILTER (WHERE u.h AND u.i), 0),
    coalesce(sum(u.s) FILTER (WHERE u.n), 0), coalesce(sum(u.s) FILTER (WHERE u.n AND u.i), 0),
    coalesce(sum(u.s) FILTER (WHERE u.x), 0), coalesce(sum(u.s) FILTER (WHERE u.x AND u.i), 0)
  FROM unnest(category_ids, brand_ids, signs, in_stocks, hots, news, specials) AS u(c, b, s, i, h, n, x)
  GROUP BY u.c, u.b
  HAVING sum(u.s) <> 0 OR bool_or(u.i OR u.h OR u.n OR u.x)
$$;--> statement-breakpoint
-- Adds every committed change to the kept counts and removes it, in one statement: a reader's snapshot sees a change
-- either in `catalogue_count_changes` or in `catalogue_counts`, never in both or neither. Two folds at once take
-- disjoint changes (the second skips the rows the first deleted) and lock the counts' rows in one order. Returns how
-- many counts' rows it changed.
CREATE OR REPLACE FUNCTION fold_catalogue_counts() RETURNS integer LANGUAGE sql AS $$
  WITH taken AS (
    DELETE FROM catalogue_count_changes RETURNING *
  ), folded AS (
    INSERT INTO catalogue_counts AS t (category_id, brand_id, products, in_stock, hot, hot_in_stock, new, new_in_stock, special, special_in_stock)
    SELECT category_id, brand_id, sum(products), sum(in_stock), sum(hot), sum(hot_in_stock), sum(new), sum(new_in_stock),
      sum(special), sum(special_in_stock)
    FROM taken
    GROUP BY category_id, brand_id
    ORDER BY category_id, brand_id
    ON CONFLICT (category_id, brand_id) DO UPDATE SET
      products = t.products + excluded.products, in_stock = t.in_stock + excluded.in_stock,
      hot = t.hot + excluded.hot, hot_in_stock = t.hot_in_stock + excluded.hot_in_stock,
      new = t.new + excluded.new, new_in_stock = t.new_in_stock + excluded.new_in_stock,
      special = t.special + excluded.special, special_in_stock = t.special_in_stock + excluded.special_in_stock
    RETURNING 1
  )
  SELECT count(*)::int FROM folded
$$;--> statement-breakpoint
CREATE OR REPLACE VIEW catalogue_count_rows AS
  SELECT category_id, brand_id, products, in_stock, hot, hot_in_stock, new, new_in_stock, special, special_in_stock FROM catalogue_counts
  UNION ALL
  SELECT category_id, brand_id, products, in_stock, hot, hot_in_stock, new, new_in_stock, special, special_in_stock FROM catalogue_count_changes;--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalogue_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_catalogue_counts(array_agg(n.category_id), array_agg(n.brand_id), array_agg(1), array_agg(n.in_stock),
    array_agg(n.is_hot AND n.promo_starts_at IS NULL AND n.promo_ends_at IS NULL),
    array_agg(n.is_new AND n.promo_starts_at IS NULL AND n.promo_ends_at IS NULL),
    array_agg(n.is_special AND n.promo_starts_at IS NULL AND n.promo_ends_at IS NULL))
  FROM new_products n WHERE n.active
  HAVING count(*) > 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Changed rows: what they took away (as they were) and what they bring (as they are), only for the rows whose counted
-- facts changed (a price, a name or a pack count changes nothing here).
CREATE OR REPLACE FUNCTION catalogue_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_catalogue_counts(array_agg(c.category_id), array_agg(c.brand_id), array_agg(c.s), array_agg(c.in_stock),
    array_agg(c.hot), array_agg(c.new), array_agg(c.special))
  FROM (
    SELECT d.*
    FROM old_products o JOIN new_products n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES
      (o.active, o.category_id, o.brand_id, -1, o.in_stock,
        o.is_hot AND o.promo_starts_at IS NULL AND o.promo_ends_at IS NULL,
        o.is_new AND o.promo_starts_at IS NULL AND o.promo_ends_at IS NULL,
        o.is_special AND o.promo_starts_at IS NULL AND o.promo_ends_at IS NULL),
      (n.active, n.category_id, n.brand_id, 1, n.in_stock,
        n.is_hot AND n.promo_starts_at IS NULL AND n.promo_ends_at IS NULL,
        n.is_new AND n.promo_starts_at IS NULL AND n.promo_ends_at IS NULL,
        n.is_special AND n.promo_starts_at IS NULL AND n.promo_ends_at IS NULL)
    ) AS d(active, category_id, brand_id, s, in_stock, hot, new, special)
    WHERE d.active
      AND (o.active, o.category_id, o.brand_id, o.in_stock, o.is_hot, o.is_new, o.is_special,
           o.promo_starts_at IS NULL AND o.promo_ends_at IS NULL)
        IS DISTINCT FROM (n.active, n.category_id, n.brand_id, n.in_stock, n.is_hot, n.is_new, n.is_special,
           n.promo_starts_at IS NULL AND n.promo_ends_at IS NULL)
  ) c
  HAVING count(*) > 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION catalogue_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_catalogue_counts(array_agg(o.category_id), array_agg(o.brand_id), array_agg(-1), array_agg(o.in_stock),
    array_agg(o.is_hot AND o.promo_starts_at IS NULL AND o.promo_ends_at IS NULL),
    array_agg(o.is_new AND o.promo_starts_at IS NULL AND o.promo_ends_at IS NULL),
    array_agg(o.is_special AND o.promo_starts_at IS NULL AND o.promo_ends_at IS NULL))
  FROM old_products o WHERE o.active
  HAVING count(*) > 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_catalogue_counts_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_products
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_counts_on_insert();--> statement-breakpoint
CREATE TRIGGER products_catalogue_counts_update AFTER UPDATE ON products REFERENCING OLD TABLE AS old_products NEW TABLE AS new_products
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_counts_on_update();--> statement-breakpoint
CREATE TRIGGER products_catalogue_counts_delete AFTER DELETE ON products REFERENCING OLD TABLE AS old_products
  FOR EACH STATEMENT EXECUTE FUNCTION catalogue_counts_on_delete();--> statement-breakpoint
-- The first fill, for a shop that has products already (a fresh install has none).
DELETE FROM catalogue_count_changes;--> statement-breakpoint
DELETE FROM catalogue_counts;--> statement-breakpoint
INSERT INTO catalogue_counts (category_id, brand_id, products, in_stock, hot, hot_in_stock, new, new_in_stock, special, special_in_stock)
SELECT p.category_id, p.brand_id, count(*), count(*) FILTER (WHERE p.in_stock),
  count(*) FILTER (WHERE p.is_hot AND w.open), count(*) FILTER (WHERE p.is_hot AND w.open AND p.in_stock),
  count(*) FILTER (WHERE p.is_new AND w.open), count(*) FILTER (WHERE p.is_new AND w.open AND p.in_stock),
  count(*) FILTER (WHERE p.is_special AND w.open), count(*) FILTER (WHERE p.is_special AND w.open AND p.in_stock)
FROM products p CROSS JOIN LATERAL (SELECT p.promo_starts_at IS NULL AND p.promo_ends_at IS NULL AS open) w
WHERE p.active
GROUP BY p.category_id, p.brand_id;
