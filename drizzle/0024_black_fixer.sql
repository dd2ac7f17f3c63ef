ALTER TABLE "company_files" ADD COLUMN "permit_no" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hazardous" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "backorder" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_hazardous_created_idx" ON "orders" USING btree ("created_at","id") WHERE "orders"."hazardous";--> statement-breakpoint
CREATE INDEX "orders_backorder_created_idx" ON "orders" USING btree ("created_at","id") WHERE "orders"."backorder";
--> statement-breakpoint
-- hand-written (ADR 0074, the order desk's search): `orders.hazardous` and `orders.backorder` say whether any of the
-- order's lines is hazardous and whether any has a backorder (`backorder_qty > 0`), cancelled lines included — the
-- meaning the order desk's filters had when they read the lines. Kept by statement triggers on `order_items` in the
-- transaction of every change of lines; the orders' partial indexes serve the filters.
-- Sets the flags of the given orders from their lines as they are now (through `order_items_order_idx`); writes only
-- the orders whose flags change.
CREATE OR REPLACE FUNCTION refresh_order_line_flags(order_ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE orders o SET hazardous = f.hazardous, backorder = f.backorder
  FROM (
    SELECT t.id, coalesce(bool_or(i.hazardous), false) AS hazardous, coalesce(bool_or(i.backorder_qty > 0), false) AS backorder
    FROM (SELECT DISTINCT u.id FROM unnest(order_ids) AS u(id)) t
    LEFT JOIN order_items i ON i.order_id = t.id
    GROUP BY t.id
  ) f
  WHERE o.id = f.id AND (o.hazardous <> f.hazardous OR o.backorder <> f.backorder)
$$;--> statement-breakpoint
-- New lines can only raise an order's flags: no need to read its other lines.
CREATE OR REPLACE FUNCTION order_item_flags_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE orders o SET hazardous = o.hazardous OR n.hazardous, backorder = o.backorder OR n.backorder
  FROM (
    SELECT order_id, bool_or(hazardous) AS hazardous, bool_or(backorder_qty > 0) AS backorder
    FROM new_items GROUP BY order_id HAVING bool_or(hazardous) OR bool_or(backorder_qty > 0)
  ) n
  WHERE o.id = n.order_id AND ((n.hazardous AND NOT o.hazardous) OR (n.backorder AND NOT o.backorder));
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Changed lines: the orders they left and joined, when the hazard, the backorder or the order changed.
CREATE OR REPLACE FUNCTION order_item_flags_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_order_line_flags(array_agg(c.id))
  FROM (
    SELECT unnest(ARRAY[d.order_id, n.order_id]) AS id
    FROM old_items d JOIN new_items n ON n.id = d.id
    WHERE d.hazardous <> n.hazardous OR (d.backorder_qty > 0) <> (n.backorder_qty > 0) OR d.order_id <> n.order_id
  ) c
  HAVING count(*) > 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Removed lines: their orders, when a removed line carried a flag (an order deleted with its lines is gone already).
CREATE OR REPLACE FUNCTION order_item_flags_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_order_line_flags(array_agg(DISTINCT d.order_id))
  FROM old_items d WHERE d.hazardous OR d.backorder_qty > 0
  HAVING count(*) > 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER order_items_flags_insert AFTER INSERT ON order_items REFERENCING NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION order_item_flags_on_insert();--> statement-breakpoint
CREATE TRIGGER order_items_flags_update AFTER UPDATE ON order_items REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items
  FOR EACH STATEMENT EXECUTE FUNCTION order_item_flags_on_update();--> statement-breakpoint
CREATE TRIGGER order_items_flags_delete AFTER DELETE ON order_items REFERENCING OLD TABLE AS old_items
  FOR EACH STATEMENT EXECUTE FUNCTION order_item_flags_on_delete();--> statement-breakpoint
-- The first fill: every order with a flagged line (the columns were added false).
UPDATE orders o SET hazardous = f.hazardous, backorder = f.backorder
FROM (
  SELECT order_id, bool_or(hazardous) AS hazardous, bool_or(backorder_qty > 0) AS backorder
  FROM order_items GROUP BY order_id HAVING bool_or(hazardous) OR bool_or(backorder_qty > 0)
) f
WHERE o.id = f.order_id;
