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
ALTER TABLE "contract_attachments" ADD CONSTRAINT "contract_attachments_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_owner_id_staff_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_attachments_contract_idx" ON "contract_attachments" USING btree ("contract_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_no_uq" ON "contracts" USING btree ("contract_no");--> statement-breakpoint
CREATE INDEX "contracts_company_idx" ON "contracts" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "contracts_owner_idx" ON "contracts" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "contracts_quotation_idx" ON "contracts" USING btree ("quotation_id");--> statement-breakpoint
CREATE INDEX "contracts_created_idx" ON "contracts" USING btree ("created_at","id");--> statement-breakpoint
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
