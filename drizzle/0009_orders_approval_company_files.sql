CREATE SEQUENCE "public"."order_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "approval_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(12, 2),
	"require_permit" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_rules_kind_check" CHECK ("approval_rules"."kind" in ('total_above', 'hazardous', 'controlled', 'monthly_limit'))
);
--> statement-breakpoint
CREATE TABLE "company_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"valid_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_files_kind_check" CHECK ("company_files"."kind" in ('avatar', 'licence', 'permit'))
);
--> statement-breakpoint
CREATE TABLE "order_approval_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"reason" text DEFAULT '' NOT NULL,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"pack_id" integer NOT NULL,
	"item_no" text NOT NULL,
	"cas" text,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"size" text NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"num" integer NOT NULL,
	"line_total" numeric(12, 2) NOT NULL,
	"hazardous" boolean DEFAULT false NOT NULL,
	"control_class" text,
	CONSTRAINT "order_items_num_range" CHECK ("order_items"."num" > 0 and "order_items"."num" <= 9999)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"address_id" integer,
	"receiver" text NOT NULL,
	"phone" text NOT NULL,
	"region" text NOT NULL,
	"address_detail" text NOT NULL,
	"po_number" text DEFAULT '' NOT NULL,
	"cost_centre" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"invoice_type" text DEFAULT 'none' NOT NULL,
	"invoice_title" text DEFAULT '' NOT NULL,
	"tax_no" text DEFAULT '' NOT NULL,
	"subtotal" numeric(12, 2) NOT NULL,
	"tax_rate" numeric(4, 2) DEFAULT '0' NOT NULL,
	"tax_amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"line_count" integer NOT NULL,
	"matched_rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"approver_id" integer,
	"reject_reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"placed_at" timestamp with time zone,
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('reviewing', 'passed', 'placed', 'rejected', 'cancelled')),
	CONSTRAINT "orders_invoice_type_check" CHECK ("orders"."invoice_type" in ('none', 'ordinary', 'special'))
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "control_class" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "admin_user_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "monthly_limit" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "approval_rules" ADD CONSTRAINT "approval_rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_files" ADD CONSTRAINT "company_files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_files" ADD CONSTRAINT "company_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_approval_logs" ADD CONSTRAINT "order_approval_logs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_approval_logs" ADD CONSTRAINT "order_approval_logs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_approval_logs" ADD CONSTRAINT "order_approval_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_pack_id_product_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."product_packs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_approver_id_users_id_fk" FOREIGN KEY ("approver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_rules_company_kind_uq" ON "approval_rules" USING btree ("company_id","kind");--> statement-breakpoint
CREATE INDEX "company_files_company_kind_idx" ON "company_files" USING btree ("company_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "order_approval_logs_order_idx" ON "order_approval_logs" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_items_company_item_idx" ON "order_items" USING btree ("company_id","item_no","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_no_uq" ON "orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "orders_order_no_prefix_idx" ON "orders" USING btree ("order_no" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_idempotency_uq" ON "orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_company_created_idx" ON "orders" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_company_status_created_idx" ON "orders" USING btree ("company_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_company_user_created_idx" ON "orders" USING btree ("company_id","user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_company_user_status_idx" ON "orders" USING btree ("company_id","user_id","status","created_at","id");