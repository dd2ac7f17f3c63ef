ALTER TABLE "order_items" ADD COLUMN "backorder_qty" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "lead_time_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "order_items_item_order_idx" ON "order_items" USING btree ("item_no","order_id");--> statement-breakpoint
CREATE INDEX "order_items_cas_order_idx" ON "order_items" USING btree ("cas","order_id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("total","id");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_backorder_range" CHECK ("order_items"."backorder_qty" >= 0 and "order_items"."backorder_qty" <= "order_items"."num" and "order_items"."lead_time_days" >= 0);--> statement-breakpoint
-- hand-written (order desk, ADR 0071): a database seeded before it grants ORDER.VIEW to the roles that read customers,
-- and ORDER.VIEW with ORDER.VIEW_ALL to the roles that may manage authorities (the super administrators) and to the standard
-- operations and finance roles, as the seed now does.
INSERT INTO "staff_role_permissions" ("role_id", "permission")
SELECT DISTINCT p."role_id", 'ORDER.VIEW' FROM "staff_role_permissions" p WHERE p."permission" = 'CUSTOMER.VIEW'
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "staff_role_permissions" ("role_id", "permission")
SELECT r."id", g."permission" FROM "staff_roles" r CROSS JOIN (VALUES ('ORDER.VIEW'), ('ORDER.VIEW_ALL')) AS g("permission")
WHERE r."name" IN ('运营', '财务') OR EXISTS (SELECT 1 FROM "staff_role_permissions" a WHERE a."role_id" = r."id" AND a."permission" = 'AUTHORITY.EDIT')
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- hand-written: the order desk's group and its order list join a back-office menu seeded before them (a new one gets them from the seed).
INSERT INTO "menus" ("parent_id", "path", "component", "name", "redirect", "always_show", "title_zh", "title_en", "icon", "permission", "sort")
SELECT NULL, '/orders', 'Layout', 'OrderDesk', '/orders/list', true, '订单', 'Orders', 'ShoppingCartOutlined', NULL, 40
WHERE EXISTS (SELECT 1 FROM "menus") AND NOT EXISTS (SELECT 1 FROM "menus" WHERE "path" = '/orders' AND "parent_id" IS NULL);--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "path", "component", "name", "title_zh", "title_en", "icon", "permission", "sort")
SELECT g.id, 'list', 'orders/list/index', 'OrderList', '订单列表', 'Order list', 'ProfileOutlined', 'ORDER.VIEW', 10
FROM (SELECT min("id") AS id FROM "menus" WHERE "path" = '/orders' AND "parent_id" IS NULL) g
WHERE g.id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "menus" m WHERE m."parent_id" = g.id AND m."path" = 'list');
