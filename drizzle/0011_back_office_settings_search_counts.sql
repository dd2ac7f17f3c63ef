CREATE TABLE "search_daily_counts" (
	"day" date NOT NULL,
	"search_type" smallint NOT NULL,
	"search_key" text NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"empty_searches" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "search_daily_counts_day_search_type_search_key_pk" PRIMARY KEY("day","search_type","search_key")
);
--> statement-breakpoint
CREATE TABLE "staff_settings" (
	"staff_id" integer PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_settings" ADD CONSTRAINT "staff_settings_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_daily_counts_day_idx" ON "search_daily_counts" USING btree ("day");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_reviewing_idx" ON "orders" USING btree ("created_at") WHERE "orders"."status" = 'reviewing';--> statement-breakpoint
-- Menu items whose pages do not exist yet are not shown (issue 13); they come back with their pages.
DELETE FROM "menus" WHERE "parent_id" IS NULL AND "path" IN ('/customers', '/quotations', '/contracts', '/cases', '/complaints', '/expenses');--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "path", "component", "name", "title_zh", "title_en", "icon", "permission", "sort")
SELECT NULL, '/audit', 'audit/index', 'Audit', '审计日志', 'Audit log', 'AuditOutlined', 'AUDIT.VIEW', 20
WHERE EXISTS (SELECT 1 FROM "menus") AND NOT EXISTS (SELECT 1 FROM "menus" WHERE "path" = '/audit');--> statement-breakpoint
-- The new staff permissions go to the roles that already manage identities (the super administrators).
INSERT INTO "staff_role_permissions" ("role_id", "permission")
SELECT "role_id", p.code FROM "staff_role_permissions" CROSS JOIN (VALUES ('AUDIT.VIEW'), ('DASHBOARD.VIEW')) AS p(code)
WHERE "permission" = 'AUTHORITY.EDIT'
ON CONFLICT DO NOTHING;
