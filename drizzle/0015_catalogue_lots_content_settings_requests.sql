CREATE TABLE "product_lots" (
	"id" serial PRIMARY KEY NOT NULL,
	"pack_id" integer NOT NULL,
	"lot_no" text NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"manufactured_on" date,
	"expires_on" date,
	"retest_on" date,
	"warehouse" text DEFAULT 'sh' NOT NULL,
	"coa_document_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_lots_quantity_check" CHECK ("product_lots"."quantity" >= 0)
);
--> statement-breakpoint
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
ALTER TABLE "content_items" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_feedback" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "product_lots" ADD CONSTRAINT "product_lots_pack_id_product_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."product_packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_lots" ADD CONSTRAINT "product_lots_coa_document_id_product_documents_id_fk" FOREIGN KEY ("coa_document_id") REFERENCES "public"."product_documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_enquiries" ADD CONSTRAINT "contact_enquiries_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_enquiries" ADD CONSTRAINT "contact_enquiries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_replies" ADD CONSTRAINT "request_replies_feedback_id_catalog_feedback_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."catalog_feedback"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_replies" ADD CONSTRAINT "request_replies_enquiry_id_contact_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."contact_enquiries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_replies" ADD CONSTRAINT "request_replies_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_lots_pack_lot_uq" ON "product_lots" USING btree ("pack_id","lot_no");--> statement-breakpoint
CREATE INDEX "product_lots_coa_idx" ON "product_lots" USING btree ("coa_document_id");--> statement-breakpoint
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
WHERE g.id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "menus" m WHERE m."parent_id" = g.id AND m."path" = 'products');--> statement-breakpoint
-- Every item written before drafts existed was on the storefront: it stays published (the column's default says so; this states it).
UPDATE "content_items" SET "status" = 'published' WHERE "status" <> 'published';--> statement-breakpoint
-- The content pages join the back-office menu of a database seeded before them (a new one gets them from the seed).
INSERT INTO "menus" ("parent_id", "path", "component", "name", "redirect", "always_show", "title_zh", "title_en", "icon", "permission", "sort")
SELECT NULL, '/content', 'Layout', 'Content', '/content/news', true, '内容管理', 'Content', 'ReadOutlined', NULL, 150
WHERE EXISTS (SELECT 1 FROM "menus") AND NOT EXISTS (SELECT 1 FROM "menus" WHERE "path" = '/content' AND "parent_id" IS NULL);--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "path", "component", "name", "title_zh", "title_en", "icon", "permission", "sort")
SELECT g.id, c.path, c.component, c.name, c.title_zh, c.title_en, c.icon, 'CONTENT.EDIT', c.sort
FROM (SELECT min("id") AS id FROM "menus" WHERE "path" = '/content' AND "parent_id" IS NULL) g
CROSS JOIN (VALUES
  ('news', 'content/news/index', 'ContentNews', '新闻管理', 'News', 'NotificationOutlined', 10),
  ('banners', 'content/banners/index', 'ContentBanners', '横幅管理', 'Banners', 'PictureOutlined', 20)
) AS c(path, component, name, title_zh, title_en, icon, sort)
WHERE g.id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "menus" m WHERE m."parent_id" = g.id AND m."path" = c.path);--> statement-breakpoint
-- The demo's operations role, which keeps the catalogue, keeps the content too (as the seed now grants).
INSERT INTO "staff_role_permissions" ("role_id", "permission")
SELECT r."id", 'CONTENT.EDIT' FROM "staff_roles" r
WHERE r."name" = '运营' AND EXISTS (SELECT 1 FROM "staff_role_permissions" p WHERE p."role_id" = r."id" AND p."permission" = 'CATALOG.EDIT')
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- A pack with lots has its stock derived (ADR 0032): the sum of its lots' quantities. Sets
-- product_packs.stock of the given packs from their lots; a pack whose stock is already right is not
-- written. A pack whose last lot goes has stock 0. The packs' own triggers (0006, 0010) then keep
-- products.in_stock.
CREATE FUNCTION refresh_pack_stock(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE product_packs k SET stock = s.stock
  FROM (
    SELECT u.id, coalesce((SELECT sum(l.quantity) FROM product_lots l WHERE l.pack_id = u.id), 0)::int AS stock
    FROM (SELECT DISTINCT unnest(ids) AS id) u
  ) s
  WHERE k.id = s.id AND k.stock <> s.stock
$$;--> statement-breakpoint
-- One call per statement, over the packs its rows touched (transition tables), like the packs' triggers.
CREATE FUNCTION product_lots_pack_stock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_pack_stock(ARRAY(SELECT pack_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM refresh_pack_stock(ARRAY(SELECT pack_id FROM old_rows));
  ELSE
    PERFORM refresh_pack_stock(ARRAY(SELECT pack_id FROM new_rows UNION SELECT pack_id FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER product_lots_pack_stock_insert AFTER INSERT ON product_lots
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_lots_pack_stock();--> statement-breakpoint
CREATE TRIGGER product_lots_pack_stock_update AFTER UPDATE ON product_lots
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_lots_pack_stock();--> statement-breakpoint
CREATE TRIGGER product_lots_pack_stock_delete AFTER DELETE ON product_lots
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_lots_pack_stock();
