CREATE TABLE "contact_enquiries" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"email" text,
	"phone" text,
	"message" text NOT NULL,
	"item_no" text,
	"product_id" integer,
	"lang" text NOT NULL,
	"user_id" integer,
	"client_address" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_enquiries_contact_ck" CHECK ("contact_enquiries"."email" is not null or "contact_enquiries"."phone" is not null)
);
--> statement-breakpoint
CREATE TABLE "request_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"feedback_id" integer,
	"enquiry_id" integer,
	"body" text NOT NULL,
	"mailed_to" text,
	"staff_id" integer,
	"staff_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_replies_one_request_ck" CHECK (num_nonnulls("request_replies"."feedback_id", "request_replies"."enquiry_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "catalog_feedback" ALTER COLUMN "status" SET DEFAULT 'new';--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "promo_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "promo_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "catalog_feedback" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_enquiries" ADD CONSTRAINT "contact_enquiries_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_enquiries" ADD CONSTRAINT "contact_enquiries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_replies" ADD CONSTRAINT "request_replies_feedback_id_catalog_feedback_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."catalog_feedback"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_replies" ADD CONSTRAINT "request_replies_enquiry_id_contact_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."contact_enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_replies" ADD CONSTRAINT "request_replies_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_enquiries_status_idx" ON "contact_enquiries" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "contact_enquiries_created_idx" ON "contact_enquiries" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "request_replies_feedback_idx" ON "request_replies" USING btree ("feedback_id");--> statement-breakpoint
CREATE INDEX "request_replies_enquiry_idx" ON "request_replies" USING btree ("enquiry_id");--> statement-breakpoint
CREATE INDEX "products_inactive_idx" ON "products" USING btree ("id" DESC NULLS LAST) WHERE not "products"."active";--> statement-breakpoint
CREATE INDEX "cart_items_product_idx" ON "cart_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "cart_items_pack_idx" ON "cart_items" USING btree ("pack_id");--> statement-breakpoint
CREATE INDEX "catalog_feedback_created_idx" ON "catalog_feedback" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "order_items_product_idx" ON "order_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "order_items_pack_idx" ON "order_items" USING btree ("pack_id");--> statement-breakpoint
-- "Could not find it" requests take the staff list's statuses (new, in_progress, answered, closed): 'open' was new.
UPDATE "catalog_feedback" SET "status" = CASE WHEN "status" = 'open' THEN 'new' ELSE "status" END, "updated_at" = "created_at";--> statement-breakpoint
-- The site-settings page and the requests list join the back-office menu of a database seeded before them (a new one gets them from the seed).
INSERT INTO "menus" ("parent_id", "path", "component", "name", "title_zh", "title_en", "icon", "permission", "sort")
SELECT g.id, 'web-settings', 'system-setting/web-settings/index', 'WebSettings', '网站设置', 'Site settings', 'GlobalOutlined', 'SETTINGS.EDIT', 60
FROM (SELECT min("id") AS id FROM "menus" WHERE "path" = '/system-setting' AND "parent_id" IS NULL) g
WHERE g.id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "menus" m WHERE m."parent_id" = g.id AND m."path" = 'web-settings');--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "path", "component", "name", "title_zh", "title_en", "icon", "permission", "sort")
SELECT NULL, '/requests', 'requests/index', 'Requests', '留言与求购', 'Requests and enquiries', 'CustomerServiceOutlined', 'CUSTOMER.EDIT', 200
WHERE EXISTS (SELECT 1 FROM "menus") AND NOT EXISTS (SELECT 1 FROM "menus" WHERE "path" = '/requests' AND "parent_id" IS NULL);--> statement-breakpoint
-- The products page joins the catalogue group of a back-office menu seeded before it (a new one gets it from the seed).
INSERT INTO "menus" ("parent_id", "path", "component", "name", "title_zh", "title_en", "icon", "permission", "sort")
SELECT g.id, 'products', 'catalog/products/index', 'CatalogProducts', '商品列表', 'Products', 'ExperimentOutlined', 'CATALOG.EDIT', 5
FROM (SELECT min("id") AS id FROM "menus" WHERE "path" = '/catalog' AND "parent_id" IS NULL) g
WHERE g.id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "menus" m WHERE m."parent_id" = g.id AND m."path" = 'products');
