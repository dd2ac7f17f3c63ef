DROP INDEX "products_search_text_trgm_idx";--> statement-breakpoint
ALTER TABLE "products" drop column "search_text";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (translate(lower(name_zh || ' ' || name_en || ' ' || pinyin || ' ' || pinyin_initials || ' ' || synonyms), '- ′,', 'ǀǁǂǃ')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops) WHERE "products"."active";