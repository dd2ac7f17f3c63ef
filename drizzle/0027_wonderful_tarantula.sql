CREATE TABLE "inventory_alerts_sent" (
	"company_id" integer NOT NULL,
	"container_id" integer NOT NULL,
	"kind" text NOT NULL,
	"threshold" text NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_alerts_sent_kind_check" CHECK ("inventory_alerts_sent"."kind" in ('expiry', 'retest')),
	CONSTRAINT "inventory_alerts_sent_threshold_check" CHECK ("inventory_alerts_sent"."threshold" in ('soon', 'past'))
);
--> statement-breakpoint
CREATE TABLE "inventory_containers" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"code" text NOT NULL,
	"product_id" integer,
	"pack_id" integer,
	"substance_id" integer,
	"item_no" text DEFAULT '' NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"cas" text DEFAULT '' NOT NULL,
	"control_class" text,
	"hazardous" boolean DEFAULT false NOT NULL,
	"lot_id" integer,
	"lot_no" text DEFAULT '' NOT NULL,
	"expires_on" date,
	"retest_on" date,
	"amount" numeric(14, 4) NOT NULL,
	"remaining" numeric(14, 4) NOT NULL,
	"unit" text NOT NULL,
	"location_id" integer,
	"owner_id" integer,
	"department_id" integer,
	"state" text DEFAULT 'in_use' NOT NULL,
	"source" text NOT NULL,
	"order_id" integer,
	"shipment_line_id" integer,
	"unit_index" integer,
	"received_on" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_containers_state_check" CHECK ("inventory_containers"."state" in ('in_use', 'empty', 'disposed')),
	CONSTRAINT "inventory_containers_source_check" CHECK ("inventory_containers"."source" in ('order', 'manual', 'import')),
	CONSTRAINT "inventory_containers_unit_check" CHECK ("inventory_containers"."unit" in ('mg', 'g', 'kg', 'µL', 'mL', 'L', 'ea')),
	CONSTRAINT "inventory_containers_control_check" CHECK ("inventory_containers"."control_class" is null or "inventory_containers"."control_class" in ('precursor', 'explosive', 'toxic')),
	CONSTRAINT "inventory_containers_amounts_check" CHECK ("inventory_containers"."amount" > 0 and "inventory_containers"."remaining" >= 0),
	CONSTRAINT "inventory_containers_note_length" CHECK (char_length("inventory_containers"."note") <= 500)
);
--> statement-breakpoint
CREATE TABLE "inventory_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"container_id" integer NOT NULL,
	"kind" text NOT NULL,
	"delta" numeric(14, 4) NOT NULL,
	"balance" numeric(14, 4) NOT NULL,
	"from_location_id" integer,
	"to_location_id" integer,
	"purpose" text DEFAULT '' NOT NULL,
	"happened_on" date NOT NULL,
	"user_id" integer,
	"actor_name" text NOT NULL,
	"corrects_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_ledger_kind_check" CHECK ("inventory_ledger"."kind" in ('received', 'used', 'moved', 'disposed', 'correction')),
	CONSTRAINT "inventory_ledger_balance_check" CHECK ("inventory_ledger"."balance" >= 0),
	CONSTRAINT "inventory_ledger_purpose_length" CHECK (char_length("inventory_ledger"."purpose") <= 200)
);
--> statement-breakpoint
CREATE TABLE "inventory_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"parent_id" integer,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_locations_kind_check" CHECK ("inventory_locations"."kind" in ('building', 'room', 'cabinet')),
	CONSTRAINT "inventory_locations_name_length" CHECK (char_length("inventory_locations"."name") between 1 and 60)
);
--> statement-breakpoint
CREATE TABLE "inventory_minimums" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"substance_id" integer,
	"product_id" integer,
	"amount" numeric(14, 4) NOT NULL,
	"unit" text NOT NULL,
	"alerted_at" timestamp with time zone,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_minimums_one_key" CHECK (("inventory_minimums"."substance_id" is null) <> ("inventory_minimums"."product_id" is null)),
	CONSTRAINT "inventory_minimums_unit_check" CHECK ("inventory_minimums"."unit" in ('mg', 'g', 'kg', 'µL', 'mL', 'L', 'ea')),
	CONSTRAINT "inventory_minimums_amount_check" CHECK ("inventory_minimums"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "inventory_alerts_sent" ADD CONSTRAINT "inventory_alerts_sent_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_alerts_sent" ADD CONSTRAINT "inventory_alerts_sent_container_id_inventory_containers_id_fk" FOREIGN KEY ("container_id") REFERENCES "public"."inventory_containers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_containers" ADD CONSTRAINT "inventory_containers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_containers" ADD CONSTRAINT "inventory_containers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_containers" ADD CONSTRAINT "inventory_containers_pack_id_product_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."product_packs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_containers" ADD CONSTRAINT "inventory_containers_substance_id_substances_id_fk" FOREIGN KEY ("substance_id") REFERENCES "public"."substances"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_containers" ADD CONSTRAINT "inventory_containers_lot_id_product_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."product_lots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_containers" ADD CONSTRAINT "inventory_containers_location_id_inventory_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."inventory_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_containers" ADD CONSTRAINT "inventory_containers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_containers" ADD CONSTRAINT "inventory_containers_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_containers" ADD CONSTRAINT "inventory_containers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_containers" ADD CONSTRAINT "inventory_containers_shipment_line_id_shipment_lines_id_fk" FOREIGN KEY ("shipment_line_id") REFERENCES "public"."shipment_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_ledger" ADD CONSTRAINT "inventory_ledger_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_ledger" ADD CONSTRAINT "inventory_ledger_container_id_inventory_containers_id_fk" FOREIGN KEY ("container_id") REFERENCES "public"."inventory_containers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_ledger" ADD CONSTRAINT "inventory_ledger_from_location_id_inventory_locations_id_fk" FOREIGN KEY ("from_location_id") REFERENCES "public"."inventory_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_ledger" ADD CONSTRAINT "inventory_ledger_to_location_id_inventory_locations_id_fk" FOREIGN KEY ("to_location_id") REFERENCES "public"."inventory_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_ledger" ADD CONSTRAINT "inventory_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_locations" ADD CONSTRAINT "inventory_locations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_locations" ADD CONSTRAINT "inventory_locations_parent_id_inventory_locations_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."inventory_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_minimums" ADD CONSTRAINT "inventory_minimums_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_minimums" ADD CONSTRAINT "inventory_minimums_substance_id_substances_id_fk" FOREIGN KEY ("substance_id") REFERENCES "public"."substances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_minimums" ADD CONSTRAINT "inventory_minimums_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_minimums" ADD CONSTRAINT "inventory_minimums_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_alerts_sent_uq" ON "inventory_alerts_sent" USING btree ("container_id","kind","threshold");--> statement-breakpoint
CREATE INDEX "inventory_alerts_sent_company_idx" ON "inventory_alerts_sent" USING btree ("company_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_containers_code_uq" ON "inventory_containers" USING btree ("company_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_containers_unit_uq" ON "inventory_containers" USING btree ("shipment_line_id","unit_index");--> statement-breakpoint
CREATE INDEX "inventory_containers_company_idx" ON "inventory_containers" USING btree ("company_id","state","id");--> statement-breakpoint
CREATE INDEX "inventory_containers_received_idx" ON "inventory_containers" USING btree ("company_id","state","received_on","id");--> statement-breakpoint
CREATE INDEX "inventory_containers_location_idx" ON "inventory_containers" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "inventory_containers_owner_idx" ON "inventory_containers" USING btree ("company_id","owner_id");--> statement-breakpoint
CREATE INDEX "inventory_containers_expiry_idx" ON "inventory_containers" USING btree ("company_id",coalesce("expires_on", "retest_on")) WHERE "inventory_containers"."state" = 'in_use';--> statement-breakpoint
CREATE INDEX "inventory_containers_substance_idx" ON "inventory_containers" USING btree ("company_id","substance_id") WHERE "inventory_containers"."state" = 'in_use';--> statement-breakpoint
CREATE INDEX "inventory_containers_cas_idx" ON "inventory_containers" USING btree ("company_id","cas");--> statement-breakpoint
CREATE INDEX "inventory_containers_item_idx" ON "inventory_containers" USING btree ("company_id","item_no");--> statement-breakpoint
CREATE INDEX "inventory_containers_lot_idx" ON "inventory_containers" USING btree ("company_id","lot_no");--> statement-breakpoint
CREATE INDEX "inventory_containers_name_trgm_idx" ON "inventory_containers" USING gin (lower(name_zh || ' ' || name_en) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inventory_containers_order_idx" ON "inventory_containers" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "inventory_ledger_container_idx" ON "inventory_ledger" USING btree ("container_id","id");--> statement-breakpoint
CREATE INDEX "inventory_ledger_company_idx" ON "inventory_ledger" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "inventory_ledger_from_idx" ON "inventory_ledger" USING btree ("from_location_id") WHERE "inventory_ledger"."from_location_id" is not null;--> statement-breakpoint
CREATE INDEX "inventory_ledger_to_idx" ON "inventory_ledger" USING btree ("to_location_id") WHERE "inventory_ledger"."to_location_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_locations_sibling_name_uq" ON "inventory_locations" USING btree ("company_id",coalesce("parent_id", 0),"name");--> statement-breakpoint
CREATE INDEX "inventory_locations_parent_idx" ON "inventory_locations" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_minimums_substance_uq" ON "inventory_minimums" USING btree ("company_id","substance_id") WHERE "inventory_minimums"."substance_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_minimums_product_uq" ON "inventory_minimums" USING btree ("company_id","product_id") WHERE "inventory_minimums"."product_id" is not null;--> statement-breakpoint
CREATE INDEX "products_brand_flagged_idx" ON "products" USING btree ("brand_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"is_hot","is_new","is_special","in_stock","promo_starts_at","promo_ends_at") WHERE "products"."active" and ("products"."is_hot" or "products"."is_new" or "products"."is_special");
--> statement-breakpoint
-- hand-written (inventory, issue 48): the ledger is append-only; a correction is a new row.
CREATE OR REPLACE FUNCTION inventory_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'inventory_ledger is append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER inventory_ledger_append_only BEFORE UPDATE OR DELETE ON "inventory_ledger"
FOR EACH ROW EXECUTE FUNCTION inventory_ledger_append_only();
--> statement-breakpoint
-- hand-written: every company administrator's role (it manages roles) gets the three inventory permissions;
-- roles that place orders may view and keep the shelf.
INSERT INTO "role_permissions" ("role_id", "permission")
SELECT DISTINCT rp."role_id", p.code FROM "role_permissions" rp
CROSS JOIN (VALUES ('INVENTORY.VIEW'), ('INVENTORY.EDIT'), ('INVENTORY.CONTROLLED')) AS p(code)
WHERE rp."permission" = 'ROLE.EDIT'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "role_permissions" ("role_id", "permission")
SELECT DISTINCT rp."role_id", p.code FROM "role_permissions" rp
CROSS JOIN (VALUES ('INVENTORY.VIEW'), ('INVENTORY.EDIT')) AS p(code)
WHERE rp."permission" = 'SALE.CREATE'
ON CONFLICT DO NOTHING;
