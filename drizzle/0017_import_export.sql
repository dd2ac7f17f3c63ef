CREATE TABLE "import_job_errors" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" integer NOT NULL,
	"row_no" integer NOT NULL,
	"column" text NOT NULL,
	"reason" text NOT NULL,
	"value" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'catalog_products' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"staff_id" integer NOT NULL,
	"lang" text DEFAULT 'zh' NOT NULL,
	"file_name" text NOT NULL,
	"file_path" text NOT NULL,
	"format" text NOT NULL,
	"file_size" integer DEFAULT 0 NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"bytes_done" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"rows_total" integer,
	"failure" text,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_jobs_status_check" CHECK ("import_jobs"."status" in ('queued', 'running', 'succeeded', 'failed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "import_job_errors" ADD CONSTRAINT "import_job_errors_job_id_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."import_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_job_errors_job_idx" ON "import_job_errors" USING btree ("job_id","id");--> statement-breakpoint
CREATE INDEX "import_jobs_created_idx" ON "import_jobs" USING btree ("id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "import_jobs_pending_idx" ON "import_jobs" USING btree ("id") WHERE "import_jobs"."status" in ('queued', 'running');--> statement-breakpoint
-- hand-written
-- The imports page joins the catalogue group of a back-office menu seeded before it (a new one gets it from the seed).
INSERT INTO "menus" ("parent_id", "path", "component", "name", "title_zh", "title_en", "icon", "permission", "sort")
SELECT g.id, 'imports', 'catalog/imports/index', 'CatalogImports', '批量导入', 'Bulk imports', 'CloudUploadOutlined', 'CATALOG.EDIT', 40
FROM (SELECT min("id") AS id FROM "menus" WHERE "path" = '/catalog' AND "parent_id" IS NULL) g
WHERE g.id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "menus" m WHERE m."parent_id" = g.id AND m."path" = 'imports');
