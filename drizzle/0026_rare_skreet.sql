CREATE TABLE "price_agreement_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"agreement_id" integer NOT NULL,
	"kind" text NOT NULL,
	"scope" text NOT NULL,
	"brand_id" integer,
	"category_id" integer,
	"pack_id" integer,
	"discount_bp" integer,
	"net_cents" bigint,
	"min_qty" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "price_agreement_rules_shape" CHECK ((
      ("price_agreement_rules"."kind" = 'discount' and "price_agreement_rules"."discount_bp" between 1 and 10000 and "price_agreement_rules"."net_cents" is null and "price_agreement_rules"."min_qty" = 1
        and (("price_agreement_rules"."scope" = 'all' and "price_agreement_rules"."brand_id" is null and "price_agreement_rules"."category_id" is null and "price_agreement_rules"."pack_id" is null)
          or ("price_agreement_rules"."scope" = 'brand' and "price_agreement_rules"."brand_id" is not null and "price_agreement_rules"."category_id" is null and "price_agreement_rules"."pack_id" is null)
          or ("price_agreement_rules"."scope" = 'category' and "price_agreement_rules"."category_id" is not null and "price_agreement_rules"."brand_id" is null and "price_agreement_rules"."pack_id" is null)))
      or ("price_agreement_rules"."kind" = 'net' and "price_agreement_rules"."scope" = 'pack' and "price_agreement_rules"."pack_id" is not null and "price_agreement_rules"."net_cents" >= 0 and "price_agreement_rules"."discount_bp" is null and "price_agreement_rules"."min_qty" = 1)
      or ("price_agreement_rules"."kind" = 'break' and "price_agreement_rules"."scope" = 'pack' and "price_agreement_rules"."pack_id" is not null and "price_agreement_rules"."net_cents" >= 0 and "price_agreement_rules"."discount_bp" is null and "price_agreement_rules"."min_qty" between 2 and 9999)
    ))
);
--> statement-breakpoint
CREATE TABLE "price_agreements" (
	"id" serial PRIMARY KEY NOT NULL,
	"agreement_no" text NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"below_floor" boolean DEFAULT false NOT NULL,
	"owner_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_agreements_period" CHECK ("price_agreements"."valid_from" <= "price_agreements"."valid_to")
);
--> statement-breakpoint
CREATE TABLE "requisition_list_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"list_id" integer NOT NULL,
	"product_id" integer,
	"pack_id" integer,
	"num" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"item_no" text NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"size_added" text NOT NULL,
	"price_added" numeric(12, 2) NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "requisition_list_lines_num" CHECK ("requisition_list_lines"."num" > 0 and "requisition_list_lines"."num" <= 9999),
	CONSTRAINT "requisition_list_lines_note_length" CHECK (char_length("requisition_list_lines"."note") <= 200)
);
--> statement-breakpoint
CREATE TABLE "requisition_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "requisition_lists_name_length" CHECK (char_length("requisition_lists"."name") between 1 and 60)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "density" numeric(6, 3);--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "list_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "price_agreement_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "price_rule_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "price_kind" text;--> statement-breakpoint
ALTER TABLE "price_agreement_rules" ADD CONSTRAINT "price_agreement_rules_agreement_id_price_agreements_id_fk" FOREIGN KEY ("agreement_id") REFERENCES "public"."price_agreements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_agreement_rules" ADD CONSTRAINT "price_agreement_rules_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_agreement_rules" ADD CONSTRAINT "price_agreement_rules_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_agreement_rules" ADD CONSTRAINT "price_agreement_rules_pack_id_product_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."product_packs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_agreements" ADD CONSTRAINT "price_agreements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_agreements" ADD CONSTRAINT "price_agreements_owner_id_staff_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_agreements" ADD CONSTRAINT "price_agreements_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requisition_list_lines" ADD CONSTRAINT "requisition_list_lines_list_id_requisition_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."requisition_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requisition_list_lines" ADD CONSTRAINT "requisition_list_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requisition_list_lines" ADD CONSTRAINT "requisition_list_lines_pack_id_product_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."product_packs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requisition_lists" ADD CONSTRAINT "requisition_lists_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requisition_lists" ADD CONSTRAINT "requisition_lists_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_agreement_rules_agreement_idx" ON "price_agreement_rules" USING btree ("agreement_id");--> statement-breakpoint
CREATE INDEX "price_agreement_rules_pack_idx" ON "price_agreement_rules" USING btree ("pack_id");--> statement-breakpoint
CREATE UNIQUE INDEX "price_agreements_no_idx" ON "price_agreements" USING btree ("agreement_no");--> statement-breakpoint
CREATE INDEX "price_agreements_company_idx" ON "price_agreements" USING btree ("company_id","state","valid_to");--> statement-breakpoint
CREATE INDEX "price_agreements_valid_to_idx" ON "price_agreements" USING btree ("valid_to","id");--> statement-breakpoint
CREATE UNIQUE INDEX "requisition_list_lines_list_pack_uq" ON "requisition_list_lines" USING btree ("list_id","pack_id");--> statement-breakpoint
CREATE INDEX "requisition_list_lines_list_idx" ON "requisition_list_lines" USING btree ("list_id","sort","id");--> statement-breakpoint
CREATE INDEX "requisition_list_lines_pack_idx" ON "requisition_list_lines" USING btree ("pack_id");--> statement-breakpoint
CREATE INDEX "requisition_list_lines_product_idx" ON "requisition_list_lines" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "requisition_lists_owner_name_uq" ON "requisition_lists" USING btree ("owner_id","name");--> statement-breakpoint
CREATE INDEX "requisition_lists_company_idx" ON "requisition_lists" USING btree ("company_id","shared");--> statement-breakpoint
CREATE INDEX "products_substance_any_idx" ON "products" USING btree ("substance_id") WHERE "products"."substance_id" is not null;--> statement-breakpoint
CREATE INDEX "products_category_item_no_idx" ON "products" USING btree ("category_id","item_no","id","in_stock","brand_id") WHERE "products"."active";--> statement-breakpoint
CREATE INDEX "products_brand_item_no_idx" ON "products" USING btree ("brand_id","item_no","id","in_stock") WHERE "products"."active";--> statement-breakpoint
CREATE INDEX "products_category_price_asc_idx" ON "products" USING btree ("category_id",coalesce(min_price, 10000000000),"id","in_stock","brand_id","min_price") WHERE "products"."active";--> statement-breakpoint
CREATE INDEX "products_brand_price_asc_idx" ON "products" USING btree ("brand_id",coalesce(min_price, 10000000000),"id","in_stock","min_price") WHERE "products"."active";--> statement-breakpoint
CREATE INDEX "products_category_price_desc_idx" ON "products" USING btree ("category_id",(-coalesce(min_price, -1)),"id","in_stock","brand_id","min_price") WHERE "products"."active";--> statement-breakpoint
CREATE INDEX "products_brand_price_desc_idx" ON "products" USING btree ("brand_id",(-coalesce(min_price, -1)),"id","in_stock","min_price") WHERE "products"."active";--> statement-breakpoint
CREATE INDEX "products_category_flagged_idx" ON "products" USING btree ("category_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"is_hot","is_new","is_special","in_stock","brand_id","promo_starts_at","promo_ends_at") WHERE "products"."active" and ("products"."is_hot" or "products"."is_new" or "products"."is_special");
--> statement-breakpoint
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
