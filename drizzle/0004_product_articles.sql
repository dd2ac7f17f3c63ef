CREATE TABLE "product_articles" (
	"product_id" integer NOT NULL,
	"content_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_articles_pk" PRIMARY KEY("product_id","content_id")
);
--> statement-breakpoint
ALTER TABLE "product_articles" ADD CONSTRAINT "product_articles_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_articles" ADD CONSTRAINT "product_articles_content_id_content_items_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_articles_content_idx" ON "product_articles" USING btree ("content_id");