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
