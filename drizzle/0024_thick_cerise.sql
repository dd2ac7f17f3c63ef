CREATE TABLE "order_fulfilment_totals" (
	"fulfilment" text NOT NULL,
	"invoice_status" text NOT NULL,
	"lead_band" smallint NOT NULL,
	"slot" smallint NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_fulfilment_totals_fulfilment_invoice_status_lead_band_slot_pk" PRIMARY KEY("fulfilment","invoice_status","lead_band","slot")
);
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
