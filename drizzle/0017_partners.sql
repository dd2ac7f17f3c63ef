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
ALTER TABLE "partners" ADD CONSTRAINT "partners_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partners_order_idx" ON "partners" USING btree ("sort","id");--> statement-breakpoint
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
