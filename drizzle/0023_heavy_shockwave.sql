CREATE SEQUENCE "public"."shipment_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "order_fulfilment_totals" (
	"fulfilment" text NOT NULL,
	"invoice_status" text NOT NULL,
	"lead_band" smallint NOT NULL,
	"slot" smallint NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_fulfilment_totals_fulfilment_invoice_status_lead_band_slot_pk" PRIMARY KEY("fulfilment","invoice_status","lead_band","slot")
);
--> statement-breakpoint
CREATE TABLE "carriers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"dangerous_goods" boolean DEFAULT false NOT NULL,
	"cold_chain" boolean DEFAULT false NOT NULL,
	"tracking_url" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"received_on" date NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_payments_amount_check" CHECK ("invoice_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_no" text NOT NULL,
	"order_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text DEFAULT 'blue' NOT NULL,
	"invoice_type" text NOT NULL,
	"corrects_id" integer,
	"complaint_id" integer,
	"credit_note_id" integer,
	"issued_on" date NOT NULL,
	"due_on" date,
	"amount" numeric(12, 2) NOT NULL,
	"tax_amount" numeric(12, 2) NOT NULL,
	"paid_amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" in ('blue', 'red')),
	CONSTRAINT "invoices_type_check" CHECK ("invoices"."invoice_type" in ('ordinary', 'special')),
	CONSTRAINT "invoices_amount_check" CHECK ("invoices"."amount" > 0 and "invoices"."tax_amount" >= 0 and "invoices"."paid_amount" >= 0 and "invoices"."paid_amount" <= "invoices"."amount"),
	CONSTRAINT "invoices_red_corrects_check" CHECK (("invoices"."kind" = 'red') = ("invoices"."corrects_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "order_allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"pack_id" integer NOT NULL,
	"lot_id" integer NOT NULL,
	"lot_no" text NOT NULL,
	"quantity" integer NOT NULL,
	"shipped" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_allocations_quantity_check" CHECK ("order_allocations"."quantity" > 0 and "order_allocations"."shipped" >= 0 and "order_allocations"."shipped" <= "order_allocations"."quantity")
);
--> statement-breakpoint
CREATE TABLE "shipment_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"allocation_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"lot_no" text NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "shipment_lines_quantity_check" CHECK ("shipment_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_no" text NOT NULL,
	"order_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"carrier_id" integer NOT NULL,
	"tracking_no" text NOT NULL,
	"status" text DEFAULT 'shipped' NOT NULL,
	"cold_chain" boolean DEFAULT false NOT NULL,
	"dangerous_goods" boolean DEFAULT false NOT NULL,
	"controlled" boolean DEFAULT false NOT NULL,
	"buyer_licence" text DEFAULT '' NOT NULL,
	"transport_filing" text DEFAULT '' NOT NULL,
	"retain_until" date,
	"note" text DEFAULT '' NOT NULL,
	"staff_id" integer,
	"shipped_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"delivered_by_user_id" integer,
	"delivered_by_staff_id" integer,
	CONSTRAINT "shipments_status_check" CHECK ("shipments"."status" in ('shipped', 'delivered'))
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "cancelled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfilment" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hold_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "lang" text DEFAULT 'zh' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_corrects_id_invoices_id_fk" FOREIGN KEY ("corrects_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credit_note_id_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_allocations" ADD CONSTRAINT "order_allocations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_allocations" ADD CONSTRAINT "order_allocations_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_allocations" ADD CONSTRAINT "order_allocations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_allocations" ADD CONSTRAINT "order_allocations_pack_id_product_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."product_packs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_allocations" ADD CONSTRAINT "order_allocations_lot_id_product_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."product_lots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_allocation_id_order_allocations_id_fk" FOREIGN KEY ("allocation_id") REFERENCES "public"."order_allocations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_carrier_id_carriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."carriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_delivered_by_user_id_users_id_fk" FOREIGN KEY ("delivered_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_delivered_by_staff_id_staff_id_fk" FOREIGN KEY ("delivered_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "carriers_code_uq" ON "carriers" USING btree ("code");--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_payments_company_idx" ON "invoice_payments" USING btree ("company_id","received_on");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_no_uq" ON "invoices" USING btree ("invoice_no");--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "invoices_company_idx" ON "invoices" USING btree ("company_id","issued_on");--> statement-breakpoint
CREATE INDEX "invoices_open_due_idx" ON "invoices" USING btree ("company_id","due_on") WHERE "invoices"."kind" = 'blue' and "invoices"."paid_amount" < "invoices"."amount";--> statement-breakpoint
CREATE UNIQUE INDEX "order_allocations_item_lot_uq" ON "order_allocations" USING btree ("order_item_id","lot_id");--> statement-breakpoint
CREATE INDEX "order_allocations_order_idx" ON "order_allocations" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_allocations_lot_idx" ON "order_allocations" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "shipment_lines_shipment_idx" ON "shipment_lines" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "shipment_lines_allocation_idx" ON "shipment_lines" USING btree ("allocation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_no_uq" ON "shipments" USING btree ("shipment_no");--> statement-breakpoint
CREATE INDEX "shipments_order_idx" ON "shipments" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "shipments_company_idx" ON "shipments" USING btree ("company_id","shipped_at");--> statement-breakpoint
CREATE INDEX "orders_fulfilment_created_idx" ON "orders" USING btree ("fulfilment","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_invoice_status_created_idx" ON "orders" USING btree ("invoice_status","created_at","id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_fulfilment_check" CHECK ("orders"."fulfilment" in ('none', 'held', 'backordered', 'allocated', 'partly_shipped', 'shipped', 'delivered'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_invoice_status_check" CHECK ("orders"."invoice_status" in ('none', 'requested', 'issued', 'reversed'));--> statement-breakpoint
-- hand-written (ADR 0074): a database seeded before the order desk's fulfilment grants ORDER.FULFIL to the roles that may manage
-- authorities (the super administrators) and to the standard operations role, and INVOICE.ISSUE to those and the standard finance role.
INSERT INTO "staff_role_permissions" ("role_id", "permission")
SELECT r."id", 'ORDER.FULFIL' FROM "staff_roles" r
WHERE r."name" = '运营' OR EXISTS (SELECT 1 FROM "staff_role_permissions" a WHERE a."role_id" = r."id" AND a."permission" = 'AUTHORITY.EDIT')
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "staff_role_permissions" ("role_id", "permission")
SELECT r."id", 'INVOICE.ISSUE' FROM "staff_roles" r
WHERE r."name" = '财务' OR EXISTS (SELECT 1 FROM "staff_role_permissions" a WHERE a."role_id" = r."id" AND a."permission" = 'AUTHORITY.EDIT')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The order desk's allocation (ADR 0074), for databases made before it: orders placed earlier hold no lots
-- (no order_allocations rows), so they wait for allocation — staff allocate them from the record ("allocate
-- again") — and the invoice their buyer asked for at checkout is requested.
UPDATE "orders" SET
  "fulfilment" = 'backordered',
  "invoice_status" = CASE WHEN "invoice_type" <> 'none' THEN 'requested' ELSE "invoice_status" END
WHERE "status" = 'placed' AND "fulfilment" = 'none'
  AND NOT EXISTS (SELECT 1 FROM "order_allocations" a WHERE a."order_id" = "orders"."id");
--> statement-breakpoint
-- hand-written (shipments, ADR 0074): the carriers page joins the order desk's group of a back-office menu seeded before it
-- (a new one gets it from the seed).
INSERT INTO "menus" ("parent_id", "path", "component", "name", "title_zh", "title_en", "icon", "permission", "sort")
SELECT g.id, 'carriers', 'orders/carriers/index', 'OrderCarriers', '承运商', 'Carriers', 'CarOutlined', 'ORDER.VIEW', 80
FROM (SELECT min("id") AS id FROM "menus" WHERE "path" = '/orders' AND "parent_id" IS NULL) g
WHERE g.id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "menus" m WHERE m."parent_id" = g.id AND m."path" = 'carriers');--> statement-breakpoint
-- hand-written: a shop seeded before the carriers existed gets the standard carriers (a new one gets them from the reference data).
INSERT INTO "carriers" ("code", "name_zh", "name_en", "dangerous_goods", "cold_chain", "tracking_url", "sort")
SELECT v.* FROM (VALUES
  ('SF', '顺丰速运', 'SF Express', false, false, 'https://www.sf-express.com/chn/sc/waybill/waybill-detail/{no}', 10),
  ('JD', '京东物流', 'JD Logistics', false, false, 'https://www.jdl.com/orderSearch/?waybillCodes={no}', 20),
  ('ZTO', '中通快递', 'ZTO Express', false, false, 'https://www.zto.com/express/expressCheck.html?txtBill={no}', 30),
  ('SF-COLD', '顺丰冷运', 'SF Cold Chain', false, true, 'https://www.sf-express.com/chn/sc/waybill/waybill-detail/{no}', 40),
  ('SINOTRANS-CHEM', '中外运化工物流', 'Sinotrans Chemical Logistics', true, false, '', 50),
  ('DG-COLD', '危险品冷链专线', 'Dangerous goods cold-chain line', true, true, '', 60)
) AS v("code", "name_zh", "name_en", "dangerous_goods", "cold_chain", "tracking_url", "sort")
WHERE EXISTS (SELECT 1 FROM "menus") AND NOT EXISTS (SELECT 1 FROM "carriers");
--> statement-breakpoint
-- hand-written (invoices, ADR 0074): an order placed before the invoice request existed asks for the invoice its buyer chose at checkout,
-- as placing one does now (transitionOrder 'place'), unless an invoice was recorded for it already.
UPDATE "orders" SET "invoice_status" = 'requested'
WHERE "status" = 'placed' AND "invoice_type" <> 'none' AND "invoice_status" = 'none'
  AND NOT EXISTS (SELECT 1 FROM "invoices" i WHERE i."order_id" = "orders"."id");--> statement-breakpoint
-- hand-written: finance's "to invoice" report joins the order desk's group of a back-office menu seeded before it (a new one gets it from the seed).
INSERT INTO "menus" ("parent_id", "path", "component", "name", "title_zh", "title_en", "icon", "permission", "sort")
SELECT g.id, 'to-invoice', 'orders/to-invoice/index', 'OrdersToInvoice', '待开票', 'To invoice', 'AccountBookOutlined', 'INVOICE.ISSUE', 40
FROM (SELECT min("id") AS id FROM "menus" WHERE "path" = '/orders' AND "parent_id" IS NULL) g
WHERE g.id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "menus" m WHERE m."parent_id" = g.id AND m."path" = 'to-invoice');
--> statement-breakpoint
--> statement-breakpoint
-- hand-written (ADR 0074, receivables and the dashboard): the order desk's figures, kept by statement triggers in the
-- transaction of every change, like the order figures of migration 0012. A placed order counts once, under its
-- fulfilment, its invoice state and, when backordered, the band of its longest lead time (`order_lead_band`).
CREATE OR REPLACE FUNCTION order_lead_band(max_lead integer) RETURNS smallint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (CASE WHEN max_lead IS NULL THEN 0 WHEN max_lead <= 7 THEN 1 WHEN max_lead <= 30 THEN 2 ELSE 3 END)::smallint
$$;--> statement-breakpoint
-- The band of an order's backorder as its live lines say now (through `order_items_order_idx`).
CREATE OR REPLACE FUNCTION order_backorder_band(the_order integer) RETURNS smallint LANGUAGE sql STABLE AS $$
  SELECT order_lead_band(max(i.lead_time_days)) FROM order_items i WHERE i.order_id = the_order AND i.backorder_qty > 0 AND NOT i.cancelled
$$;--> statement-breakpoint
-- The figure's key of an order (band 0 unless backordered); only placed orders count.
CREATE OR REPLACE FUNCTION order_desk_band(the_order integer, fulfilment text) RETURNS smallint LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN fulfilment = 'backordered' THEN order_backorder_band(the_order) ELSE 0::smallint END
$$;--> statement-breakpoint
-- Signed changes as parallel arrays, rows locked in key order (no deadlock between two writers), nothing written for a zero sum.
CREATE OR REPLACE FUNCTION add_order_fulfilment_totals(fulfilments text[], invoices text[], bands smallint[], slots smallint[], counts integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO order_fulfilment_totals AS t (fulfilment, invoice_status, lead_band, slot, orders)
  SELECT u.f, u.i, u.b, u.s, sum(u.n) FROM unnest(fulfilments, invoices, bands, slots, counts) AS u(f, i, b, s, n)
  GROUP BY u.f, u.i, u.b, u.s HAVING sum(u.n) <> 0 ORDER BY u.f, u.i, u.b, u.s
  ON CONFLICT (fulfilment, invoice_status, lead_band, slot) DO UPDATE SET orders = t.orders + excluded.orders
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_desk_figures_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_order_fulfilment_totals(array_agg(n.fulfilment), array_agg(n.invoice_status), array_agg(order_desk_band(n.id, n.fulfilment)),
    array_agg((n.id % 16)::smallint), array_agg(1))
  FROM new_orders n WHERE n.status = 'placed';
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Changed orders: out under the old key, in under the new one, when the state, fulfilment or invoice state changed.
CREATE OR REPLACE FUNCTION order_desk_figures_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_order_fulfilment_totals(array_agg(c.fulfilment), array_agg(c.invoice_status), array_agg(c.band), array_agg((c.id % 16)::smallint), array_agg(c.n))
  FROM (
    SELECT o.id, o.fulfilment, o.invoice_status, order_desk_band(o.id, o.fulfilment) AS band, -1 AS n
    FROM old_orders o JOIN new_orders n ON n.id = o.id
    WHERE o.status = 'placed' AND (o.status <> n.status OR o.fulfilment <> n.fulfilment OR o.invoice_status <> n.invoice_status)
    UNION ALL
    SELECT n.id, n.fulfilment, n.invoice_status, order_desk_band(n.id, n.fulfilment), 1
    FROM old_orders o JOIN new_orders n ON n.id = o.id
    WHERE n.status = 'placed' AND (o.status <> n.status OR o.fulfilment <> n.fulfilment OR o.invoice_status <> n.invoice_status)
  ) c;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A deleted order leaves its figure (before its lines go by cascade, so that its band is still known).
CREATE OR REPLACE FUNCTION order_desk_figures_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'placed' THEN
    PERFORM add_order_fulfilment_totals(ARRAY[OLD.fulfilment], ARRAY[OLD.invoice_status], ARRAY[order_desk_band(OLD.id, OLD.fulfilment)],
      ARRAY[(OLD.id % 16)::smallint], ARRAY[-1]);
  END IF;
  RETURN OLD;
END
$$;--> statement-breakpoint
-- Lines of backordered orders changed: each such order moves from the band its lines had before the statement (the
-- lines now, less `replaced_line_ids`, plus the old lines given as `old_order_ids`/`old_leads`, the backordered live
-- ones only) to the band they have now.
CREATE OR REPLACE FUNCTION move_order_backorder_bands(order_ids integer[], replaced_line_ids integer[], old_order_ids integer[], old_leads integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_order_fulfilment_totals(array_agg(c.fulfilment), array_agg(c.invoice_status), array_agg(c.band), array_agg((c.id % 16)::smallint), array_agg(c.n))
  FROM (
    SELECT b.id, b.fulfilment, b.invoice_status, unnest(ARRAY[b.old_band, b.new_band]) AS band, unnest(ARRAY[-1, 1]) AS n
    FROM (
      SELECT o.id, o.fulfilment, o.invoice_status, order_backorder_band(o.id) AS new_band,
        order_lead_band((SELECT max(l.lead) FROM (
          SELECT x.lead_time_days AS lead FROM order_items x
          WHERE x.order_id = o.id AND x.backorder_qty > 0 AND NOT x.cancelled AND NOT (x.id = ANY(replaced_line_ids))
          UNION ALL
          SELECT u.lead FROM unnest(old_order_ids, old_leads) AS u(order_id, lead) WHERE u.order_id = o.id
        ) l)) AS old_band
      FROM orders o WHERE o.id = ANY(order_ids) AND o.status = 'placed' AND o.fulfilment = 'backordered'
    ) b WHERE b.old_band <> b.new_band
  ) c;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_item_desk_figures_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_items WHERE backorder_qty > 0 AND NOT cancelled) THEN
    PERFORM move_order_backorder_bands(
      (SELECT array_agg(DISTINCT order_id) FROM new_items WHERE backorder_qty > 0 AND NOT cancelled),
      (SELECT array_agg(id) FROM new_items), '{}', '{}');
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_item_desk_figures_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM move_order_backorder_bands(array_agg(DISTINCT n.order_id), array_agg(n.id),
    coalesce(array_agg(d.order_id) FILTER (WHERE d.backorder_qty > 0 AND NOT d.cancelled), '{}'),
    coalesce(array_agg(d.lead_time_days) FILTER (WHERE d.backorder_qty > 0 AND NOT d.cancelled), '{}'))
  FROM old_items d JOIN new_items n ON n.id = d.id
  WHERE d.backorder_qty <> n.backorder_qty OR d.lead_time_days <> n.lead_time_days OR d.cancelled <> n.cancelled
  HAVING count(*) > 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_item_desk_figures_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM old_items WHERE backorder_qty > 0 AND NOT cancelled) THEN
    PERFORM move_order_backorder_bands(
      (SELECT array_agg(DISTINCT order_id) FROM old_items WHERE backorder_qty > 0 AND NOT cancelled), '{}',
      (SELECT array_agg(order_id) FROM old_items WHERE backorder_qty > 0 AND NOT cancelled),
      (SELECT array_agg(lead_time_days) FROM old_items WHERE backorder_qty > 0 AND NOT cancelled));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER orders_desk_figures_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_desk_figures_on_insert();--> statement-breakpoint
CREATE TRIGGER orders_desk_figures_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_desk_figures_on_update();--> statement-breakpoint
CREATE TRIGGER orders_desk_figures_delete BEFORE DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION order_desk_figures_on_delete();--> statement-breakpoint
CREATE TRIGGER order_items_desk_figures_insert AFTER INSERT ON order_items REFERENCING NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION order_item_desk_figures_on_insert();--> statement-breakpoint
CREATE TRIGGER order_items_desk_figures_update AFTER UPDATE ON order_items REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION order_item_desk_figures_on_update();--> statement-breakpoint
CREATE TRIGGER order_items_desk_figures_delete AFTER DELETE ON order_items REFERENCING OLD TABLE AS old_items
  FOR EACH STATEMENT EXECUTE FUNCTION order_item_desk_figures_on_delete();--> statement-breakpoint
-- Recounts the order desk's figures from the orders: the first fill below, and after a bulk load made with the triggers
-- disabled; `rebuild_order_figures()` (every kept order figure) now includes it.
CREATE OR REPLACE FUNCTION rebuild_order_desk_figures() RETURNS void LANGUAGE sql AS $$
  DELETE FROM order_fulfilment_totals;
  INSERT INTO order_fulfilment_totals (fulfilment, invoice_status, lead_band, slot, orders)
  SELECT fulfilment, invoice_status, order_desk_band(id, fulfilment), (id % 16)::smallint, count(*) FROM orders WHERE status = 'placed' GROUP BY 1, 2, 3, 4;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION rebuild_order_figures() RETURNS void LANGUAGE sql AS $$
  DELETE FROM order_daily_totals;
  DELETE FROM order_daily_products;
  DELETE FROM order_monthly_products;
  DELETE FROM order_status_totals;
  INSERT INTO order_daily_totals (day, slot, orders, sales)
  SELECT shop_day(created_at), (id % 16)::smallint, count(*), sum(total) FROM orders WHERE order_selling(status) GROUP BY 1, 2;
  INSERT INTO order_status_totals (status, slot, orders)
  SELECT status, (id % 16)::smallint, count(*) FROM orders GROUP BY 1, 2;
  INSERT INTO order_daily_products (day, product_id, quantity, orders)
  SELECT shop_day(o.created_at), i.product_id, sum(i.num), count(DISTINCT i.order_id)
  FROM order_items i JOIN orders o ON o.id = i.order_id WHERE order_selling(o.status) GROUP BY 1, 2;
  INSERT INTO order_monthly_products (month, product_id, quantity, orders)
  SELECT date_trunc('month', day)::date, product_id, sum(quantity), sum(orders) FROM order_daily_products GROUP BY 1, 2;
  SELECT rebuild_order_desk_figures();
$$;--> statement-breakpoint
SELECT rebuild_order_desk_figures();
--> statement-breakpoint
-- hand-written: the receivables page joins the order desk's group of a back-office menu seeded before it (a new one gets it from the seed).
INSERT INTO "menus" ("parent_id", "path", "component", "name", "title_zh", "title_en", "icon", "permission", "sort")
SELECT g.id, 'receivables', 'orders/receivables/index', 'OrderReceivables', '应收账款', 'Receivables', 'MoneyCollectOutlined', 'INVOICE.ISSUE', 50
FROM (SELECT min("id") AS id FROM "menus" WHERE "path" = '/orders' AND "parent_id" IS NULL) g
WHERE g.id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "menus" m WHERE m."parent_id" = g.id AND m."path" = 'receivables');
