-- The order desk's allocation (ADR 0074), for databases made before it: orders placed earlier hold no lots
-- (no order_allocations rows), so they wait for allocation — staff allocate them from the record ("allocate
-- again") — and the invoice their buyer asked for at checkout is requested.
UPDATE "orders" SET
  "fulfilment" = 'backordered',
  "invoice_status" = CASE WHEN "invoice_type" <> 'none' THEN 'requested' ELSE "invoice_status" END
WHERE "status" = 'placed' AND "fulfilment" = 'none'
  AND NOT EXISTS (SELECT 1 FROM "order_allocations" a WHERE a."order_id" = "orders"."id");
