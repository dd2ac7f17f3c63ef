CREATE TABLE "staff_teams" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"manager_id" integer,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_links" (
	"content_id" integer NOT NULL,
	"linked_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "content_links_pk" PRIMARY KEY("content_id","linked_id"),
	CONSTRAINT "content_links_not_self" CHECK ("content_links"."content_id" <> "content_links"."linked_id")
);
--> statement-breakpoint
CREATE TABLE "expense_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"expense_id" integer NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expenses" (
	"id" serial PRIMARY KEY NOT NULL,
	"expense_no" text NOT NULL,
	"applicant_id" integer NOT NULL,
	"team_id" integer,
	"amount" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"category" text NOT NULL,
	"spent_on" date NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_approval_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" integer NOT NULL,
	"rule_id" integer NOT NULL,
	"applicant_id" integer NOT NULL,
	"team_id" integer,
	"subject" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"category" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"current_seq" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_approval_rule_tiers" (
	"id" serial PRIMARY KEY NOT NULL,
	"rule_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"approver_kind" text NOT NULL,
	"permission" text,
	"team_id" integer,
	"staff_id" integer
);
--> statement-breakpoint
CREATE TABLE "staff_approval_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity_type" text NOT NULL,
	"name" text NOT NULL,
	"amount_above" numeric(14, 2),
	"amount_up_to" numeric(14, 2),
	"category" text,
	"team_id" integer,
	"priority" integer DEFAULT 100 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_approval_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"approver_kind" text NOT NULL,
	"permission" text,
	"team_id" integer,
	"approver_id" integer,
	"status" text NOT NULL,
	"decided_by" integer,
	"decided_by_name" text DEFAULT '' NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"activated_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"reminded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "testing_cases" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_no" text NOT NULL,
	"owner_id" integer NOT NULL,
	"company_id" integer,
	"customer_name" text NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"contact_email" text DEFAULT '' NOT NULL,
	"samples" text NOT NULL,
	"test_fee" numeric(12, 2) NOT NULL,
	"service_fee" numeric(12, 2) NOT NULL,
	"invoice_type" text NOT NULL,
	"tax_no" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'reviewing' NOT NULL,
	"reject_reason" text DEFAULT '' NOT NULL,
	"lost_reason" text DEFAULT '' NOT NULL,
	"report_key" text,
	"report_name" text,
	"report_token" text,
	"report_sent_at" timestamp with time zone,
	"report_sent_to" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "crm_activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"happened_at" timestamp with time zone NOT NULL,
	"body" text NOT NULL,
	"staff_id" integer,
	"staff_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_activities_kind_check" CHECK ("crm_activities"."kind" in ('call', 'visit', 'note'))
);
--> statement-breakpoint
CREATE TABLE "crm_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"position" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_views" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"list_key" text NOT NULL,
	"name" text NOT NULL,
	"query" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_brands" (
	"supplier_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	CONSTRAINT "supplier_brands_supplier_id_brand_id_pk" PRIMARY KEY("supplier_id","brand_id")
);
--> statement-breakpoint
CREATE TABLE "supplier_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier_id" integer NOT NULL,
	"name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"position" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"staff_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"payment_days" integer DEFAULT 0 NOT NULL,
	"payment_terms" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_items" ADD COLUMN "example" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "crm_kind" text DEFAULT 'customer' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "owner_staff_id" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "level" text DEFAULT 'C' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "credit_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "credit_limit" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "licence_name" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "licence_key" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "licence_file_name" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "licence_mime" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "team_id" integer;--> statement-breakpoint
ALTER TABLE "content_comments" ADD COLUMN "status" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "content_comments" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "content_comments" ADD COLUMN "reply_staff_name" text;--> statement-breakpoint
ALTER TABLE "content_comments" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_comments" ADD COLUMN "moderated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_links" ADD CONSTRAINT "content_links_content_id_content_items_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_links" ADD CONSTRAINT "content_links_linked_id_content_items_id_fk" FOREIGN KEY ("linked_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_attachments" ADD CONSTRAINT "expense_attachments_expense_id_expenses_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."expenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_applicant_id_staff_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_team_id_staff_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."staff_teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_approval_requests" ADD CONSTRAINT "staff_approval_requests_rule_id_staff_approval_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."staff_approval_rules"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_approval_requests" ADD CONSTRAINT "staff_approval_requests_applicant_id_staff_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_approval_requests" ADD CONSTRAINT "staff_approval_requests_team_id_staff_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."staff_teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_approval_rule_tiers" ADD CONSTRAINT "staff_approval_rule_tiers_rule_id_staff_approval_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."staff_approval_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_approval_rule_tiers" ADD CONSTRAINT "staff_approval_rule_tiers_team_id_staff_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."staff_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_approval_rule_tiers" ADD CONSTRAINT "staff_approval_rule_tiers_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_approval_rules" ADD CONSTRAINT "staff_approval_rules_team_id_staff_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."staff_teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_approval_steps" ADD CONSTRAINT "staff_approval_steps_request_id_staff_approval_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."staff_approval_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_approval_steps" ADD CONSTRAINT "staff_approval_steps_team_id_staff_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."staff_teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_approval_steps" ADD CONSTRAINT "staff_approval_steps_approver_id_staff_id_fk" FOREIGN KEY ("approver_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_approval_steps" ADD CONSTRAINT "staff_approval_steps_decided_by_staff_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_cases" ADD CONSTRAINT "testing_cases_owner_id_staff_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testing_cases" ADD CONSTRAINT "testing_cases_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_job_errors" ADD CONSTRAINT "import_job_errors_job_id_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."import_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_activities" ADD CONSTRAINT "crm_activities_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_activities" ADD CONSTRAINT "crm_activities_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_contacts" ADD CONSTRAINT "crm_contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_brands" ADD CONSTRAINT "supplier_brands_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_brands" ADD CONSTRAINT "supplier_brands_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_contacts" ADD CONSTRAINT "supplier_contacts_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_files" ADD CONSTRAINT "supplier_files_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_teams_name_zh_uq" ON "staff_teams" USING btree ("name_zh");--> statement-breakpoint
CREATE INDEX "content_links_linked_idx" ON "content_links" USING btree ("linked_id");--> statement-breakpoint
CREATE INDEX "expense_attachments_expense_idx" ON "expense_attachments" USING btree ("expense_id");--> statement-breakpoint
CREATE UNIQUE INDEX "expenses_no_uq" ON "expenses" USING btree ("expense_no");--> statement-breakpoint
CREATE INDEX "expenses_applicant_idx" ON "expenses" USING btree ("applicant_id","created_at");--> statement-breakpoint
CREATE INDEX "expenses_created_idx" ON "expenses" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "staff_approval_requests_entity_idx" ON "staff_approval_requests" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_approval_requests_open_uq" ON "staff_approval_requests" USING btree ("entity_type","entity_id") WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "staff_approval_rule_tiers_seq_uq" ON "staff_approval_rule_tiers" USING btree ("rule_id","seq");--> statement-breakpoint
CREATE INDEX "staff_approval_rules_type_idx" ON "staff_approval_rules" USING btree ("entity_type","priority");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_approval_steps_seq_uq" ON "staff_approval_steps" USING btree ("request_id","seq");--> statement-breakpoint
CREATE INDEX "staff_approval_steps_pending_idx" ON "staff_approval_steps" USING btree ("status","activated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "testing_cases_no_uq" ON "testing_cases" USING btree ("case_no");--> statement-breakpoint
CREATE UNIQUE INDEX "testing_cases_report_token_uq" ON "testing_cases" USING btree ("report_token");--> statement-breakpoint
CREATE INDEX "testing_cases_owner_idx" ON "testing_cases" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "testing_cases_created_idx" ON "testing_cases" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "import_job_errors_job_idx" ON "import_job_errors" USING btree ("job_id","id");--> statement-breakpoint
CREATE INDEX "import_jobs_created_idx" ON "import_jobs" USING btree ("id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "import_jobs_pending_idx" ON "import_jobs" USING btree ("id") WHERE "import_jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "crm_activities_company_idx" ON "crm_activities" USING btree ("company_id","happened_at","id");--> statement-breakpoint
CREATE INDEX "crm_contacts_company_idx" ON "crm_contacts" USING btree ("company_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_owner_name_uq" ON "saved_views" USING btree ("staff_id","list_key","name");--> statement-breakpoint
CREATE INDEX "supplier_brands_brand_idx" ON "supplier_brands" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "supplier_contacts_supplier_idx" ON "supplier_contacts" USING btree ("supplier_id","id");--> statement-breakpoint
CREATE INDEX "supplier_files_supplier_idx" ON "supplier_files" USING btree ("supplier_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_name_uq" ON "suppliers" USING btree ("name");--> statement-breakpoint
CREATE INDEX "suppliers_created_idx" ON "suppliers" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_owner_staff_id_staff_id_fk" FOREIGN KEY ("owner_staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_team_id_staff_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."staff_teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companies_owner_idx" ON "companies" USING btree ("owner_staff_id");--> statement-breakpoint
CREATE INDEX "companies_name_idx" ON "companies" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "staff_team_idx" ON "staff" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "content_comments_shown_idx" ON "content_comments" USING btree ("content_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "content_comments_queue_idx" ON "content_comments" USING btree ("status","created_at","id");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_crm_kind_check" CHECK ("companies"."crm_kind" in ('customer', 'prospect'));--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_level_check" CHECK ("companies"."level" in ('A', 'B', 'C', 'D'));--> statement-breakpoint
ALTER TABLE "content_comments" ADD CONSTRAINT "content_comments_status" CHECK ("content_comments"."status" in ('pending', 'approved', 'hidden'));--> statement-breakpoint
-- hand-written: the new staff permissions go to the roles that may manage authorities (the super administrators)
INSERT INTO "staff_role_permissions" ("role_id", "permission")
SELECT r."role_id", p."code"
FROM (SELECT DISTINCT "role_id" FROM "staff_role_permissions" WHERE "permission" = 'AUTHORITY.EDIT') r
CROSS JOIN (VALUES ('QUOTATION.PRICE_OVERRIDE'), ('SUPPLIER.EDIT'), ('CRM.VIEW_ALL'), ('APPROVAL.RULES')) AS p("code")
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- hand-written: comment moderation, channel categories, tags and the about page join the content group of a back-office menu seeded before them (a new one gets them from the seed).
INSERT INTO "menus" ("parent_id", "path", "component", "name", "title_zh", "title_en", "icon", "permission", "sort")
SELECT g.id, c.path, c.component, c.name, c.title_zh, c.title_en, c.icon, 'CONTENT.EDIT', c.sort
FROM (SELECT min("id") AS id FROM "menus" WHERE "path" = '/content' AND "parent_id" IS NULL) g
CROSS JOIN (VALUES
  ('comments', 'content/comments/index', 'ContentComments', '评论审核', 'Comments', 'CommentOutlined', 30),
  ('categories', 'content/categories/index', 'ContentCategories', '栏目分类', 'Channel categories', 'ApartmentOutlined', 40),
  ('tags', 'content/tags/index', 'ContentTags', '标签管理', 'Tags', 'TagsOutlined', 50),
  ('about', 'content/about/index', 'ContentAbout', '关于我们', 'About page', 'FileTextOutlined', 60)
) AS c(path, component, name, title_zh, title_en, icon, sort)
WHERE g.id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "menus" m WHERE m."parent_id" = g.id AND m."path" = c.path);
--> statement-breakpoint
-- hand-written
-- The citations written before this release are the seed's, which name real journals: they are examples.
UPDATE "content_items" SET "example" = true WHERE "kind" = 'citation' AND "example" = false;--> statement-breakpoint
-- The content group's pages for every kind (ADR 0035), for a back-office seeded before.
INSERT INTO "menus" ("parent_id", "path", "component", "name", "title_zh", "title_en", "icon", "permission", "sort")
SELECT g.id, c.path, c.component, c.name, c.title_zh, c.title_en, c.icon, 'CONTENT.EDIT', c.sort
FROM (SELECT min("id") AS id FROM "menus" WHERE "path" = '/content' AND "parent_id" IS NULL) g
CROSS JOIN (VALUES
  ('applications', 'content/applications/index', 'ContentApplications', '应用案例', 'Applications', 'ExperimentOutlined', 30),
  ('citations', 'content/citations/index', 'ContentCitations', '文献引用', 'Citations', 'BookOutlined', 40),
  ('support', 'content/support/index', 'ContentSupport', '技术支持问答', 'Support Q&A', 'QuestionCircleOutlined', 50),
  ('resources', 'content/resources/index', 'ContentResources', '资料下载', 'Resources', 'FilePdfOutlined', 60),
  ('brand-articles', 'content/brand-articles/index', 'ContentBrandArticles', '品牌文章', 'Brand articles', 'TagsOutlined', 70)
) AS c(path, component, name, title_zh, title_en, icon, sort)
WHERE g.id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "menus" m WHERE m."parent_id" = g.id AND m."path" = c.path);
--> statement-breakpoint
-- hand-written: sales roles (those that keep quotations and contracts) handle testing cases and apply for expenses, as the seed now grants
INSERT INTO "staff_role_permissions" ("role_id", "permission")
SELECT r."role_id", p."code"
FROM (SELECT DISTINCT q."role_id" FROM "staff_role_permissions" q
      WHERE q."permission" = 'QUOTATION.EDIT' AND EXISTS (SELECT 1 FROM "staff_role_permissions" c WHERE c."role_id" = q."role_id" AND c."permission" = 'CONTRACT.EDIT')) r
CROSS JOIN (VALUES ('CASE.EDIT'), ('EXPENSE.EDIT')) AS p("code")
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The default expense approval rules of a database seeded before them (a new one gets them from the seed):
-- up to 5,000 the team manager; above, the team manager then an EXPENSE.APPROVE holder of the finance team.
INSERT INTO "staff_approval_rules" ("entity_type", "name", "amount_up_to", "priority")
SELECT 'expense', '费用 5,000 元及以下：部门经理审批', 5000.00, 10
WHERE EXISTS (SELECT 1 FROM "staff") AND NOT EXISTS (SELECT 1 FROM "staff_approval_rules" WHERE "entity_type" = 'expense');--> statement-breakpoint
INSERT INTO "staff_approval_rules" ("entity_type", "name", "amount_above", "priority")
SELECT 'expense', '费用 5,000 元以上：部门经理、财务依次审批', 5000.00, 20
WHERE EXISTS (SELECT 1 FROM "staff_teams" WHERE "name_zh" = '财务部')
  AND NOT EXISTS (SELECT 1 FROM "staff_approval_rules" WHERE "entity_type" = 'expense' AND "amount_above" IS NOT NULL);--> statement-breakpoint
INSERT INTO "staff_approval_rule_tiers" ("rule_id", "seq", "approver_kind")
SELECT r."id", 1, 'team_manager' FROM "staff_approval_rules" r
WHERE r."entity_type" = 'expense' AND NOT EXISTS (SELECT 1 FROM "staff_approval_rule_tiers" t WHERE t."rule_id" = r."id");--> statement-breakpoint
INSERT INTO "staff_approval_rule_tiers" ("rule_id", "seq", "approver_kind", "permission", "team_id")
SELECT r."id", 2, 'permission', 'EXPENSE.APPROVE', (SELECT min("id") FROM "staff_teams" WHERE "name_zh" = '财务部') FROM "staff_approval_rules" r
WHERE r."entity_type" = 'expense' AND r."amount_above" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "staff_approval_rule_tiers" t WHERE t."rule_id" = r."id" AND t."seq" = 2);
--> statement-breakpoint
-- The approvals, testing-case and expense pages join the back-office menu of a database seeded before them (a new one gets them from the seed).
INSERT INTO "menus" ("parent_id", "path", "component", "name", "title_zh", "title_en", "icon", "permission", "sort")
SELECT NULL, c.path, c.component, c.name, c.title_zh, c.title_en, c.icon, c.permission, c.sort
FROM (VALUES
  ('/approvals', 'approvals/index', 'Approvals', '待我审批', 'Waiting for me', 'SolutionOutlined', 'ADMIN.ACCESS', 300),
  ('/cases', 'cases/index', 'Cases', '检测服务', 'Testing cases', 'ExperimentOutlined', 'CASE.EDIT', 310),
  ('/expenses', 'expenses/index', 'Expenses', '费用申请', 'Expenses', 'MoneyCollectOutlined', 'ADMIN.ACCESS', 320),
  ('/approval-rules', 'approval-rules/index', 'ApprovalRules', '审批规则', 'Approval rules', 'SafetyOutlined', 'APPROVAL.RULES', 330)
) AS c(path, component, name, title_zh, title_en, icon, permission, sort)
WHERE EXISTS (SELECT 1 FROM "menus") AND NOT EXISTS (SELECT 1 FROM "menus" m WHERE m."path" = c.path AND m."parent_id" IS NULL);
--> statement-breakpoint
-- hand-written: the customers page joins the back-office menu of a database seeded before it (a new one gets it from the seed).
INSERT INTO "menus" ("parent_id", "path", "component", "name", "title_zh", "title_en", "icon", "permission", "sort")
SELECT NULL, '/customers', 'customers/index', 'Customers', '客户管理', 'Customers', 'TeamOutlined', 'CUSTOMER.VIEW', 50
WHERE EXISTS (SELECT 1 FROM "menus") AND NOT EXISTS (SELECT 1 FROM "menus" WHERE "path" = '/customers' AND "parent_id" IS NULL);
--> statement-breakpoint
-- The teams page joins the system-setting group of a database seeded before it.
INSERT INTO "menus" ("parent_id", "path", "component", "name", "title_zh", "title_en", "icon", "permission", "sort")
SELECT g.id, 'teams', 'system-setting/teams/index', 'Teams', '团队', 'Teams', 'TeamOutlined', 'STAFF.VIEW', 35
FROM (SELECT min("id") AS id FROM "menus" WHERE "path" = '/system-setting' AND "parent_id" IS NULL) g
WHERE g.id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "menus" m WHERE m."parent_id" = g.id AND m."path" = 'teams');
--> statement-breakpoint
-- The suppliers page joins the back-office menu of a database seeded before it.
INSERT INTO "menus" ("parent_id", "path", "component", "name", "title_zh", "title_en", "icon", "permission", "sort")
SELECT NULL, '/suppliers', 'suppliers/index', 'Suppliers', '供应商', 'Suppliers', 'SolutionOutlined', 'SUPPLIER.EDIT', 120
WHERE EXISTS (SELECT 1 FROM "menus") AND NOT EXISTS (SELECT 1 FROM "menus" WHERE "path" = '/suppliers' AND "parent_id" IS NULL);--> statement-breakpoint
-- The demo's operations role, which keeps the catalogue and its brands, keeps the suppliers too (as the seed now grants).
INSERT INTO "staff_role_permissions" ("role_id", "permission")
SELECT r."id", 'SUPPLIER.EDIT' FROM "staff_roles" r
WHERE r."name" = '运营' AND EXISTS (SELECT 1 FROM "staff_role_permissions" p WHERE p."role_id" = r."id" AND p."permission" = 'CATALOG.EDIT')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- hand-written
-- The imports page joins the catalogue group of a back-office menu seeded before it (a new one gets it from the seed).
INSERT INTO "menus" ("parent_id", "path", "component", "name", "title_zh", "title_en", "icon", "permission", "sort")
SELECT g.id, 'imports', 'catalog/imports/index', 'CatalogImports', '批量导入', 'Bulk imports', 'CloudUploadOutlined', 'CATALOG.EDIT', 40
FROM (SELECT min("id") AS id FROM "menus" WHERE "path" = '/catalog' AND "parent_id" IS NULL) g
WHERE g.id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "menus" m WHERE m."parent_id" = g.id AND m."path" = 'imports');
