CREATE TABLE "content_links" (
	"content_id" integer NOT NULL,
	"linked_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "content_links_pk" PRIMARY KEY("content_id","linked_id"),
	CONSTRAINT "content_links_not_self" CHECK ("content_links"."content_id" <> "content_links"."linked_id")
);
--> statement-breakpoint
ALTER TABLE "content_comments" ADD COLUMN "status" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "content_comments" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "content_comments" ADD COLUMN "reply_staff_name" text;--> statement-breakpoint
ALTER TABLE "content_comments" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_comments" ADD COLUMN "moderated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_links" ADD CONSTRAINT "content_links_content_id_content_items_id_fk" FOREIGN KEY ("content_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_links" ADD CONSTRAINT "content_links_linked_id_content_items_id_fk" FOREIGN KEY ("linked_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_links_linked_idx" ON "content_links" USING btree ("linked_id");--> statement-breakpoint
CREATE INDEX "content_comments_shown_idx" ON "content_comments" USING btree ("content_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "content_comments_queue_idx" ON "content_comments" USING btree ("status","created_at","id");--> statement-breakpoint
ALTER TABLE "content_comments" ADD CONSTRAINT "content_comments_status" CHECK ("content_comments"."status" in ('pending', 'approved', 'hidden'));--> statement-breakpoint
-- hand-written: comment moderation, channel categories, tags and the about page join the content group of a back-office menu seeded before them (a new one gets them from the seed).
INSERT INTO "menus" ("parent_id", "path", "component", "name", "title_zh", "title_en", "icon", "permission", "sort")
SELECT g.id, c.path, c.component, c.name, c.title_zh, c.title_en, c.icon, 'CONTENT.EDIT', c.sort
FROM (SELECT min("id") AS id FROM "menus" WHERE "path" = '/content' AND "parent_id" IS NULL) g
CROSS JOIN (VALUES
  ('comments', 'content/comments/index', 'ContentComments', '评论审核', 'Comments', 'CommentOutlined', 30),
  ('categories', 'content/categories/index', 'ContentCategories', '栏目分类', 'Channel categories', 'ApartmentOutlined', 40),
  ('tags', 'content/tags/index', 'ContentTags', '标签管理', 'Tags', 'TagsOutlined', 50),
  ('about', 'content/about/index', 'ContentAbout', '关于我们', 'About page', 'FileTextOutlined', 60)
) AS c(path, component, name, title_zh, title_en, icon, sort)
WHERE g.id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "menus" m WHERE m."parent_id" = g.id AND m."path" = c.path);
