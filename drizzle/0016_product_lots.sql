CREATE TABLE "product_lots" (
	"id" serial PRIMARY KEY NOT NULL,
	"pack_id" integer NOT NULL,
	"lot_no" text NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"manufactured_on" date,
	"expires_on" date,
	"retest_on" date,
	"warehouse" text DEFAULT 'sh' NOT NULL,
	"coa_document_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_lots_quantity_check" CHECK ("product_lots"."quantity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "product_lots" ADD CONSTRAINT "product_lots_pack_id_product_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."product_packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_lots" ADD CONSTRAINT "product_lots_coa_document_id_product_documents_id_fk" FOREIGN KEY ("coa_document_id") REFERENCES "public"."product_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_lots_pack_lot_uq" ON "product_lots" USING btree ("pack_id","lot_no");--> statement-breakpoint
CREATE INDEX "product_lots_coa_idx" ON "product_lots" USING btree ("coa_document_id");--> statement-breakpoint
-- A pack with lots has its stock derived (ADR 0032): the sum of its lots' quantities. Sets
-- product_packs.stock of the given packs from their lots; a pack whose stock is already right is not
-- written. A pack whose last lot goes has stock 0. The packs' own triggers (0006, 0010) then keep
-- products.in_stock.
CREATE FUNCTION refresh_pack_stock(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE product_packs k SET stock = s.stock
  FROM (
    SELECT u.id, coalesce((SELECT sum(l.quantity) FROM product_lots l WHERE l.pack_id = u.id), 0)::int AS stock
    FROM (SELECT DISTINCT unnest(ids) AS id) u
  ) s
  WHERE k.id = s.id AND k.stock <> s.stock
$$;--> statement-breakpoint
-- One call per statement, over the packs its rows touched (transition tables), like the packs' triggers.
CREATE FUNCTION product_lots_pack_stock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_pack_stock(ARRAY(SELECT pack_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM refresh_pack_stock(ARRAY(SELECT pack_id FROM old_rows));
  ELSE
    PERFORM refresh_pack_stock(ARRAY(SELECT pack_id FROM new_rows UNION SELECT pack_id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER product_lots_pack_stock_insert AFTER INSERT ON product_lots
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_lots_pack_stock();--> statement-breakpoint
CREATE TRIGGER product_lots_pack_stock_update AFTER UPDATE ON product_lots
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_lots_pack_stock();--> statement-breakpoint
CREATE TRIGGER product_lots_pack_stock_delete AFTER DELETE ON product_lots
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_lots_pack_stock();
