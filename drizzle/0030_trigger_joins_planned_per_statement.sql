-- A statement-level trigger's join of its old and new rows (transition tables) runs through EXECUTE: planned each
-- time for the rows the statement changed. As static PL/pgSQL it was planned once per connection, for the rows of
-- the first statement; after a one-row update, a join of 30,000 rows was a nested loop reading the spilled
-- transition table 30,000 times (52 s instead of 0.2 s), and an import's batch of 1,000 products paid 76 ms for 8.

CREATE OR REPLACE FUNCTION order_figures_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $q$SELECT add_order_daily_totals(array_agg(c.day), array_agg((c.id % 16)::smallint), array_agg(c.n), array_agg(c.v))
  FROM (
    SELECT shop_day(o.created_at) AS day, o.id, -1 AS n, -o.total AS v
    FROM old_orders o JOIN new_orders n ON n.id = o.id
    WHERE order_selling(o.status) AND (o.status <> n.status OR o.total <> n.total OR o.created_at <> n.created_at)
    UNION ALL
    SELECT shop_day(n.created_at), n.id, 1, n.total
    FROM old_orders o JOIN new_orders n ON n.id = o.id
    WHERE order_selling(n.status) AND (o.status <> n.status OR o.total <> n.total OR o.created_at <> n.created_at)
  ) c$q$;
  EXECUTE $q$SELECT add_order_status_totals(array_agg(c.status), array_agg((c.id % 16)::smallint), array_agg(c.n))
  FROM (
    SELECT n.id, unnest(ARRAY[o.status, n.status]) AS status, unnest(ARRAY[-1, 1]) AS n
    FROM old_orders o JOIN new_orders n ON n.id = o.id WHERE o.status <> n.status
  ) c$q$;
  EXECUTE $q$SELECT add_order_daily_products(array_agg(g.day), array_agg(g.product_id), array_agg(g.q), array_agg(g.sign))
  FROM (
    SELECT m.day, i.product_id, m.sign * sum(i.num)::int AS q, m.sign
    FROM (
      SELECT o.id, shop_day(o.created_at) AS day, -1 AS sign
      FROM old_orders o JOIN new_orders n ON n.id = o.id
      WHERE order_selling(o.status) AND (NOT order_selling(n.status) OR shop_day(o.created_at) <> shop_day(n.created_at))
      UNION ALL
      SELECT n.id, shop_day(n.created_at), 1
      FROM old_orders o JOIN new_orders n ON n.id = o.id
      WHERE order_selling(n.status) AND (NOT order_selling(o.status) OR shop_day(o.created_at) <> shop_day(n.created_at))
    ) m
    JOIN order_items i ON i.order_id = m.id
    GROUP BY m.id, m.day, m.sign, i.product_id
  ) g$q$;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION order_item_figures_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $q$SELECT add_order_daily_products(array_agg(shop_day(o.created_at)), array_agg(g.product_id), array_agg(g.q), array_agg(0))
  FROM (
    SELECT n.order_id, n.product_id, sum(n.num - d.num)::int AS q
    FROM old_items d JOIN new_items n ON n.id = d.id WHERE n.num <> d.num GROUP BY n.order_id, n.product_id
  ) g
  JOIN orders o ON o.id = g.order_id AND order_selling(o.status)$q$;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION order_desk_figures_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $q$SELECT add_order_fulfilment_totals(array_agg(c.fulfilment), array_agg(c.invoice_status), array_agg(c.band), array_agg((c.id % 16)::smallint), array_agg(c.n))
  FROM (
    SELECT o.id, o.fulfilment, o.invoice_status, order_desk_band(o.id, o.fulfilment) AS band, -1 AS n
    FROM old_orders o JOIN new_orders n ON n.id = o.id
    WHERE o.status = 'placed' AND (o.status <> n.status OR o.fulfilment <> n.fulfilment OR o.invoice_status <> n.invoice_status)
    UNION ALL
    SELECT n.id, n.fulfilment, n.invoice_status, order_desk_band(n.id, n.fulfilment), 1
    FROM old_orders o JOIN new_orders n ON n.id = o.id
    WHERE n.status = 'placed' AND (o.status <> n.status OR o.fulfilment <> n.fulfilment OR o.invoice_status <> n.invoice_status)
  ) c$q$;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION order_item_desk_figures_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $q$SELECT move_order_backorder_bands(array_agg(DISTINCT n.order_id), array_agg(n.id),
    coalesce(array_agg(d.order_id) FILTER (WHERE d.backorder_qty > 0 AND NOT d.cancelled), '{}'),
    coalesce(array_agg(d.lead_time_days) FILTER (WHERE d.backorder_qty > 0 AND NOT d.cancelled), '{}'))
  FROM old_items d JOIN new_items n ON n.id = d.id
  WHERE d.backorder_qty <> n.backorder_qty OR d.lead_time_days <> n.lead_time_days OR d.cancelled <> n.cancelled
  HAVING count(*) > 0$q$;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION order_item_flags_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $q$SELECT refresh_order_line_flags(array_agg(c.id))
  FROM (
    SELECT unnest(ARRAY[d.order_id, n.order_id]) AS id
    FROM old_items d JOIN new_items n ON n.id = d.id
    WHERE d.hazardous <> n.hazardous OR (d.backorder_qty > 0) <> (n.backorder_qty > 0) OR d.order_id <> n.order_id
  ) c
  HAVING count(*) > 0$q$;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION catalogue_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE $q$SELECT add_catalogue_counts(array_agg(c.category_id), array_agg(c.brand_id), array_agg(c.s), array_agg(c.in_stock),
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
  HAVING count(*) > 0$q$;
  RETURN NULL;
END
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION products_substance_listed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_substance_listed(ARRAY(SELECT substance_id FROM new_rows WHERE active AND substance_id IS NOT NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM refresh_substance_listed(ARRAY(SELECT substance_id FROM old_rows WHERE active AND substance_id IS NOT NULL));
  ELSE
    EXECUTE $q$SELECT refresh_substance_listed(ARRAY(
      SELECT unnest(ARRAY[o.substance_id, n.substance_id])
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE o.substance_id IS DISTINCT FROM n.substance_id OR o.active IS DISTINCT FROM n.active))$q$;
  END IF;
  RETURN NULL;
END
$$;
