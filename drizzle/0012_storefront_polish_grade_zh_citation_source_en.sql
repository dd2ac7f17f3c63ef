ALTER TABLE "products" ADD COLUMN "grade_zh" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "content_items" ADD COLUMN "source_en" text DEFAULT '' NOT NULL;