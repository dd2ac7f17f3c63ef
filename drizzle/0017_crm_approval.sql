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
