CREATE TABLE "staff_teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"manager_id" integer,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "team_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_teams_name_zh_uq" ON "staff_teams" USING btree ("name_zh");--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_team_id_staff_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."staff_teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_team_idx" ON "staff" USING btree ("team_id");--> statement-breakpoint
-- hand-written: the new staff permissions go to the roles that may manage authorities (the super administrators)
INSERT INTO "staff_role_permissions" ("role_id", "permission")
SELECT r."role_id", p."code"
FROM (SELECT DISTINCT "role_id" FROM "staff_role_permissions" WHERE "permission" = 'AUTHORITY.EDIT') r
CROSS JOIN (VALUES ('QUOTATION.PRICE_OVERRIDE'), ('SUPPLIER.EDIT'), ('CRM.VIEW_ALL'), ('APPROVAL.RULES')) AS p("code")
ON CONFLICT DO NOTHING;
