CREATE TABLE "order_monthly_products" (
	"month" date NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_monthly_products_month_product_id_pk" PRIMARY KEY("month","product_id")
);
--> statement-breakpoint
CREATE INDEX "order_monthly_products_top_idx" ON "order_monthly_products" USING btree ("month","quantity" DESC NULLS LAST,"product_id");--> statement-breakpoint
-- custom: the monthly product figures, kept with the daily ones, and each product's days for the
-- candidates' exact sums.
CREATE INDEX "order_daily_products_product_cover_idx" ON "order_daily_products" ("product_id", "day") INCLUDE ("quantity", "orders");--> statement-breakpoint
CREATE OR REPLACE FUNCTION add_order_daily_products(days date[], product_ids integer[], quantities integer[], counts integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO order_daily_products AS t (day, product_id, quantity, orders)
  SELECT u.day, u.product_id, sum(u.q), sum(u.n) FROM unnest(days, product_ids, quantities, counts) AS u(day, product_id, q, n)
  GROUP BY u.day, u.product_id HAVING sum(u.q) <> 0 OR sum(u.n) <> 0 ORDER BY u.day, u.product_id
  ON CONFLICT (day, product_id) DO UPDATE SET quantity = t.quantity + excluded.quantity, orders = t.orders + excluded.orders;
  -- Daily rows first, then monthly ones, each in key order: every writer locks in the same order.
  INSERT INTO order_monthly_products AS t (month, product_id, quantity, orders)
  SELECT date_trunc('month', u.day)::date, u.product_id, sum(u.q), sum(u.n) FROM unnest(days, product_ids, quantities, counts) AS u(day, product_id, q, n)
  GROUP BY 1, 2 HAVING sum(u.q) <> 0 OR sum(u.n) <> 0 ORDER BY 1, 2
  ON CONFLICT (month, product_id) DO UPDATE SET quantity = t.quantity + excluded.quantity, orders = t.orders + excluded.orders
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
$$;--> statement-breakpoint
INSERT INTO order_monthly_products (month, product_id, quantity, orders)
SELECT date_trunc('month', day)::date, product_id, sum(quantity), sum(orders) FROM order_daily_products GROUP BY 1, 2;
