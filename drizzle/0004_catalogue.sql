CREATE TABLE "product_articles" (
	"product_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_articles_pk" PRIMARY KEY("product_id","content_id")
);
--> statement-breakpoint
CREATE TABLE "catalog_feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"search_key" text NOT NULL,
	"search_type" smallint NOT NULL,
	"contact" text,
	"note" text,
	"lang" text NOT NULL,
	"user_id" integer,
	"client_address" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (regexp_replace(translate(lower(name_zh || ' ' || name_en || ' ' || pinyin || ' ' || pinyin_initials || ' ' || synonyms), '- ′\^$.*+?()[]{}|/''";=,，；', 'ǀǁǂǁǁǁǁǁǁǁǁǁǁǁǁǁǁǁǁǁǁǁǁǁǁ'), 'ǁ+', 'ǁ', 'g')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "product_articles" ADD CONSTRAINT "product_articles_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_articles" ADD CONSTRAINT "product_articles_content_id_content_items_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_feedback" ADD CONSTRAINT "catalog_feedback_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_articles_content_idx" ON "product_articles" USING btree ("content_id");--> statement-breakpoint
CREATE INDEX "catalog_feedback_status_idx" ON "catalog_feedback" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "product_documents_kind_issued_idx" ON "product_documents" USING btree ("kind","issued_at");--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops) WHERE "products"."active";--> statement-breakpoint
CREATE INDEX "products_search_grams_idx" ON "products" USING gin ((regexp_split_to_array(lower(name_zh || ' ' || pinyin_initials || ' ' || synonyms), '') || string_to_array(regexp_replace(lower(name_zh || ' ' || pinyin_initials || ' ' || synonyms), '(..)', '\1' || chr(1), 'g'), chr(1)) || string_to_array(regexp_replace(substr(lower(name_zh || ' ' || pinyin_initials || ' ' || synonyms), 2), '(..)', '\1' || chr(1), 'g'), chr(1)))) WHERE "products"."active";--> statement-breakpoint
CREATE INDEX "products_name_en_exact_idx" ON "products" USING btree (lower("name_en")) WHERE "products"."active";--> statement-breakpoint
CREATE INDEX "products_name_zh_exact_idx" ON "products" USING btree ("name_zh") WHERE "products"."active";--> statement-breakpoint
CREATE INDEX "products_item_no_active_idx" ON "products" USING btree ("item_no" text_pattern_ops,"id") WHERE "products"."active";--> statement-breakpoint
CREATE INDEX "products_cas_prefix_idx" ON "products" USING btree ("cas" text_pattern_ops,"id") WHERE "products"."active";--> statement-breakpoint
CREATE INDEX "products_newest_idx" ON "products" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "products"."active";--> statement-breakpoint
CREATE INDEX "content_items_brand_idx" ON "content_items" USING btree ("brand_id","published_at");