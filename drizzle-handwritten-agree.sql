-- hand-written (price agreements, ADR 0084): PRICE.EDIT goes to the roles that manage authorities (the super
-- administrators) and to those that keep quotations (sales and team managers), as the standard roles now hold it.
INSERT INTO "staff_role_permissions" ("role_id", "permission")
SELECT DISTINCT "role_id", 'PRICE.EDIT' FROM "staff_role_permissions" WHERE "permission" IN ('AUTHORITY.EDIT', 'QUOTATION.EDIT')
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The approval rule of agreements below the price floor: one tier, a holder of QUOTATION.PRICE_OVERRIDE other than the applicant.
INSERT INTO "staff_approval_rules" ("entity_type", "name", "priority")
SELECT 'price_agreement', '价格协议低于底价：另一位有底价权限的人员审批', 10
WHERE EXISTS (SELECT 1 FROM "staff") AND NOT EXISTS (SELECT 1 FROM "staff_approval_rules" WHERE "entity_type" = 'price_agreement');--> statement-breakpoint
INSERT INTO "staff_approval_rule_tiers" ("rule_id", "seq", "approver_kind", "permission")
SELECT r."id", 1, 'permission', 'QUOTATION.PRICE_OVERRIDE' FROM "staff_approval_rules" r
WHERE r."entity_type" = 'price_agreement' AND NOT EXISTS (SELECT 1 FROM "staff_approval_rule_tiers" t WHERE t."rule_id" = r."id");--> statement-breakpoint
-- The price agreements page joins the back-office menu of a database seeded before it (a new one gets it from the seed).
INSERT INTO "menus" ("parent_id", "path", "component", "name", "title_zh", "title_en", "icon", "permission", "sort")
SELECT NULL, '/price-agreements', 'price-agreements/index', 'PriceAgreements', '价格协议', 'Price agreements', 'PercentageOutlined', 'PRICE.EDIT', 325
WHERE EXISTS (SELECT 1 FROM "menus") AND NOT EXISTS (SELECT 1 FROM "menus" WHERE "path" = '/price-agreements' AND "parent_id" IS NULL);
