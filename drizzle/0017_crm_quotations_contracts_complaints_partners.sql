CREATE TABLE "quotation_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"version_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"product_id" integer NOT NULL,
	"pack_id" integer NOT NULL,
	"item_no" text NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"size" text NOT NULL,
	"num" integer NOT NULL,
	"list_cents" integer NOT NULL,
	"unit_cents" integer NOT NULL,
	"net_cents" integer NOT NULL,
	"line_cents" integer NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	CONSTRAINT "quotation_lines_num" CHECK ("quotation_lines"."num" > 0 and "quotation_lines"."num" <= 9999)
);
--> statement-breakpoint
CREATE TABLE "quotation_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"quotation_id" integer NOT NULL,
	"version" integer NOT NULL,
	"discount_bp" integer DEFAULT 0 NOT NULL,
	"valid_until" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"subtotal_cents" integer DEFAULT 0 NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer DEFAULT 0 NOT NULL,
	"below_floor" boolean DEFAULT false NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotation_versions_discount" CHECK ("quotation_versions"."discount_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "quotations" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_no" text NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer,
	"request_id" integer,
	"owner_id" integer,
	"state" text NOT NULL,
	"current_version" integer DEFAULT 0 NOT NULL,
	"total_cents" integer DEFAULT 0 NOT NULL,
	"order_id" integer,
	"conversion_error" jsonb,
	"customer_comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_request_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"pack_id" integer NOT NULL,
	"num" integer NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	CONSTRAINT "quote_request_lines_num" CHECK ("quote_request_lines"."num" > 0 and "quote_request_lines"."num" <= 9999)
);
--> statement-breakpoint
CREATE TABLE "quote_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"source" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaint_lines" (
	"complaint_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "complaint_lines_complaint_id_order_item_id_pk" PRIMARY KEY("complaint_id","order_item_id"),
	CONSTRAINT "complaint_lines_quantity" CHECK ("complaint_lines"."quantity" > 0 and "complaint_lines"."quantity" <= 9999)
);
--> statement-breakpoint
CREATE TABLE "complaints" (
	"id" serial PRIMARY KEY NOT NULL,
	"complaint_no" text NOT NULL,
	"company_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"filed_by_id" integer,
	"filed_by_name" text DEFAULT '' NOT NULL,
	"owner_id" integer,
	"description" text NOT NULL,
	"applied_refund_cents" integer NOT NULL,
	"approved_refund_cents" integer,
	"review_failure_reason" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'reviewing' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaints_status_check" CHECK ("complaints"."status" in ('reviewing', 'approving', 'passed', 'rejected', 'resolved', 'withdrawn')),
	CONSTRAINT "complaints_applied_positive" CHECK ("complaints"."applied_refund_cents" > 0),
	CONSTRAINT "complaints_refund_cap" CHECK ("complaints"."approved_refund_cents" is null or ("complaints"."approved_refund_cents" > 0 and "complaints"."approved_refund_cents" <= "complaints"."applied_refund_cents")),
	CONSTRAINT "complaints_reason_len" CHECK (char_length("complaints"."review_failure_reason") <= 50)
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"credit_no" text NOT NULL,
	"complaint_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_amount_positive" CHECK ("credit_notes"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"description_zh" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"brand_id" integer,
	"link" text DEFAULT '' NOT NULL,
	"logo_path" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partners_status_check" CHECK ("partners"."status" in ('draft', 'published'))
);
--> statement-breakpoint
CREATE TABLE "contract_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"signed_scan" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_no" text NOT NULL,
	"company_id" integer NOT NULL,
	"quotation_id" integer,
	"quotation_version" integer,
	"owner_id" integer,
	"title" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"signing_date" date,
	"end_date" date,
	"state" text DEFAULT 'draft' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"cancel_reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contracts_state_check" CHECK ("contracts"."state" in ('draft', 'pending_approval', 'approved', 'rejected', 'sent', 'signed', 'cancelled')),
	CONSTRAINT "contracts_amount_positive" CHECK ("contracts"."amount_cents" > 0),
	CONSTRAINT "contracts_title_len" CHECK (char_length("contracts"."title") between 1 and 60),
	CONSTRAINT "contracts_notes_len" CHECK (char_length("contracts"."notes") <= 100),
	CONSTRAINT "contracts_reason_len" CHECK (char_length("contracts"."cancel_reason") <= 50),
	CONSTRAINT "contracts_dates" CHECK ("contracts"."end_date" is null or "contracts"."signing_date" is null or "contracts"."end_date" >= "contracts"."signing_date")
);
--> statement-breakpoint
ALTER TABLE "quotation_lines" ADD CONSTRAINT "quotation_lines_version_id_quotation_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."quotation_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_lines" ADD CONSTRAINT "quotation_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_lines" ADD CONSTRAINT "quotation_lines_pack_id_product_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."product_packs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_versions" ADD CONSTRAINT "quotation_versions_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_versions" ADD CONSTRAINT "quotation_versions_sent_by_staff_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_request_id_quote_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."quote_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_owner_id_staff_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_request_lines" ADD CONSTRAINT "quote_request_lines_request_id_quote_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."quote_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_request_lines" ADD CONSTRAINT "quote_request_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_request_lines" ADD CONSTRAINT "quote_request_lines_pack_id_product_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."product_packs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_lines" ADD CONSTRAINT "complaint_lines_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_lines" ADD CONSTRAINT "complaint_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_filed_by_id_users_id_fk" FOREIGN KEY ("filed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_owner_id_staff_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_attachments" ADD CONSTRAINT "contract_attachments_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_owner_id_staff_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotation_lines_version_idx" ON "quotation_lines" USING btree ("version_id","seq");--> statement-breakpoint
CREATE INDEX "quotation_lines_pack_idx" ON "quotation_lines" USING btree ("pack_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quotation_versions_uq" ON "quotation_versions" USING btree ("quotation_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "quotations_no_uq" ON "quotations" USING btree ("quote_no");--> statement-breakpoint
CREATE UNIQUE INDEX "quotations_order_uq" ON "quotations" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "quotations_company_idx" ON "quotations" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "quotations_owner_idx" ON "quotations" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "quotations_created_idx" ON "quotations" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "quote_request_lines_request_idx" ON "quote_request_lines" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "quote_request_lines_pack_idx" ON "quote_request_lines" USING btree ("pack_id");--> statement-breakpoint
CREATE INDEX "quote_requests_company_idx" ON "quote_requests" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "complaint_lines_item_idx" ON "complaint_lines" USING btree ("order_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "complaints_no_uq" ON "complaints" USING btree ("complaint_no");--> statement-breakpoint
CREATE INDEX "complaints_company_created_idx" ON "complaints" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "complaints_order_idx" ON "complaints" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "complaints_owner_idx" ON "complaints" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "complaints_created_idx" ON "complaints" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_no_uq" ON "credit_notes" USING btree ("credit_no");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_complaint_uq" ON "credit_notes" USING btree ("complaint_id");--> statement-breakpoint
CREATE INDEX "credit_notes_company_idx" ON "credit_notes" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "partners_order_idx" ON "partners" USING btree ("sort","id");--> statement-breakpoint
CREATE INDEX "contract_attachments_contract_idx" ON "contract_attachments" USING btree ("contract_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_no_uq" ON "contracts" USING btree ("contract_no");--> statement-breakpoint
CREATE INDEX "contracts_company_idx" ON "contracts" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "contracts_owner_idx" ON "contracts" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "contracts_quotation_idx" ON "contracts" USING btree ("quotation_id");--> statement-breakpoint
CREATE INDEX "contracts_created_idx" ON "contracts" USING btree ("created_at","id");
--> statement-breakpoint
-- hand-written (complaints, ADR 0041): sales roles (those that keep quotations and contracts) handle complaints, as the seed now grants
INSERT INTO "staff_role_permissions" ("role_id", "permission")
SELECT DISTINCT q."role_id", 'COMPLAINT.EDIT' FROM "staff_role_permissions" q
WHERE q."permission" = 'QUOTATION.EDIT' AND EXISTS (SELECT 1 FROM "staff_role_permissions" c WHERE c."role_id" = q."role_id" AND c."permission" = 'CONTRACT.EDIT')
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The refund approval rule of a database seeded before it (a new one gets it from the seed): a COMPLAINT.EDIT holder of the finance team decides.
INSERT INTO "staff_approval_rules" ("entity_type", "name", "priority")
SELECT 'refund', '投诉退款：财务审批', 10
WHERE EXISTS (SELECT 1 FROM "staff_teams" WHERE "name_zh" = '财务部') AND NOT EXISTS (SELECT 1 FROM "staff_approval_rules" WHERE "entity_type" = 'refund');--> statement-breakpoint
INSERT INTO "staff_approval_rule_tiers" ("rule_id", "seq", "approver_kind", "permission", "team_id")
SELECT r."id", 1, 'permission', 'COMPLAINT.EDIT', (SELECT min("id") FROM "staff_teams" WHERE "name_zh" = '财务部') FROM "staff_approval_rules" r
WHERE r."entity_type" = 'refund' AND NOT EXISTS (SELECT 1 FROM "staff_approval_rule_tiers" t WHERE t."rule_id" = r."id");--> statement-breakpoint
-- The complaints page joins the back-office menu of a database seeded before it.
INSERT INTO "menus" ("parent_id", "path", "component", "name", "title_zh", "title_en", "icon", "permission", "sort")
SELECT NULL, '/complaints', 'complaints/index', 'Complaints', '客户投诉', 'Complaints', 'CustomerServiceOutlined', 'COMPLAINT.EDIT', 340
WHERE EXISTS (SELECT 1 FROM "menus") AND NOT EXISTS (SELECT 1 FROM "menus" WHERE "path" = '/complaints' AND "parent_id" IS NULL);
--> statement-breakpoint
-- hand-written (ADR 0042): the partners page showed the authorised brands; they become its first partners,
-- published in the brands' order, so the page of an upgraded shop shows what it showed (once: only while there are none).
INSERT INTO "partners" ("name_zh", "name_en", "description_zh", "description_en", "country", "brand_id", "sort", "status", "published_at")
SELECT b."name_zh", b."name_en", b."description_zh", b."description_en", b."country", b."id",
  (row_number() OVER (ORDER BY b."sort", b."id"))::int * 10, 'published', now()
FROM "brands" b
WHERE b."authorised" AND NOT EXISTS (SELECT 1 FROM "partners");
--> statement-breakpoint
-- hand-written: the partners page joins the content group of a back-office menu seeded before it (a new one gets it from the seed).
INSERT INTO "menus" ("parent_id", "path", "component", "name", "title_zh", "title_en", "icon", "permission", "sort")
SELECT g.id, 'partners', 'content/partners/index', 'ContentPartners', '合作伙伴', 'Partners', 'TeamOutlined', 'CONTENT.EDIT', 65
FROM (SELECT min("id") AS id FROM "menus" WHERE "path" = '/content' AND "parent_id" IS NULL) g
WHERE g.id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "menus" m WHERE m."parent_id" = g.id AND m."path" = 'partners');
--> statement-breakpoint
-- hand-written (quotations, ADR 0040): team managers (the roles that approve expenses and keep quotations) may quote below the price floor, as the seed now grants.
INSERT INTO "staff_role_permissions" ("role_id", "permission")
SELECT DISTINCT q."role_id", 'QUOTATION.PRICE_OVERRIDE' FROM "staff_role_permissions" q
WHERE q."permission" = 'QUOTATION.EDIT' AND EXISTS (SELECT 1 FROM "staff_role_permissions" e WHERE e."role_id" = q."role_id" AND e."permission" = 'EXPENSE.APPROVE')
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The approval rule of quotations below the price floor: one tier, another holder of QUOTATION.PRICE_OVERRIDE.
INSERT INTO "staff_approval_rules" ("entity_type", "name", "priority")
SELECT 'quotation', '报价低于底价：另一位有底价权限的人员审批', 10
WHERE EXISTS (SELECT 1 FROM "staff") AND NOT EXISTS (SELECT 1 FROM "staff_approval_rules" WHERE "entity_type" = 'quotation');--> statement-breakpoint
INSERT INTO "staff_approval_rule_tiers" ("rule_id", "seq", "approver_kind", "permission")
SELECT r."id", 1, 'permission', 'QUOTATION.PRICE_OVERRIDE' FROM "staff_approval_rules" r
WHERE r."entity_type" = 'quotation' AND NOT EXISTS (SELECT 1 FROM "staff_approval_rule_tiers" t WHERE t."rule_id" = r."id");--> statement-breakpoint
-- The quotations page joins the back-office menu of a database seeded before it (a new one gets it from the seed).
INSERT INTO "menus" ("parent_id", "path", "component", "name", "title_zh", "title_en", "icon", "permission", "sort")
SELECT NULL, '/quotations', 'quotations/index', 'Quotations', '报价管理', 'Quotations', 'FileTextOutlined', 'QUOTATION.EDIT', 305
WHERE EXISTS (SELECT 1 FROM "menus") AND NOT EXISTS (SELECT 1 FROM "menus" WHERE "path" = '/quotations' AND "parent_id" IS NULL);
--> statement-breakpoint
-- hand-written (contracts, ADR 0044): the approval rule of contracts of a database seeded before it (a new one gets it from the seed):
-- one tier, the manager of the applicant's team.
INSERT INTO "staff_approval_rules" ("entity_type", "name", "priority")
SELECT 'contract', '合同发送前：团队经理审批', 10
WHERE EXISTS (SELECT 1 FROM "staff") AND NOT EXISTS (SELECT 1 FROM "staff_approval_rules" WHERE "entity_type" = 'contract');--> statement-breakpoint
INSERT INTO "staff_approval_rule_tiers" ("rule_id", "seq", "approver_kind")
SELECT r."id", 1, 'team_manager' FROM "staff_approval_rules" r
WHERE r."entity_type" = 'contract' AND NOT EXISTS (SELECT 1 FROM "staff_approval_rule_tiers" t WHERE t."rule_id" = r."id");
--> statement-breakpoint
-- The contracts page joins the back-office menu of a database seeded before it (a new one gets it from the seed).
INSERT INTO "menus" ("parent_id", "path", "component", "name", "title_zh", "title_en", "icon", "permission", "sort")
SELECT NULL, '/contracts', 'contracts/index', 'Contracts', '合同管理', 'Contracts', 'AuditOutlined', 'CONTRACT.EDIT', 325
WHERE EXISTS (SELECT 1 FROM "menus") AND NOT EXISTS (SELECT 1 FROM "menus" WHERE "path" = '/contracts' AND "parent_id" IS NULL);
