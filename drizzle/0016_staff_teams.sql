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
CREATE INDEX "staff_team_idx" ON "staff" USING btree ("team_id");