ALTER TABLE "content_items" ADD COLUMN "example" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- hand-written
-- The citations written before this release are the seed's, which name real journals: they are examples.
UPDATE "content_items" SET "example" = true WHERE "kind" = 'citation' AND "example" = false;--> statement-breakpoint
-- The content group's pages for every kind (ADR 0035), for a back-office seeded before.
INSERT INTO "menus" ("parent_id", "path", "component", "name", "title_zh", "title_en", "icon", "permission", "sort")
SELECT g.id, c.path, c.component, c.name, c.title_zh, c.title_en, c.icon, 'CONTENT.EDIT', c.sort
FROM (SELECT min("id") AS id FROM "menus" WHERE "path" = '/content' AND "parent_id" IS NULL) g
CROSS JOIN (VALUES
  ('applications', 'content/applications/index', 'ContentApplications', '应用案例', 'Applications', 'ExperimentOutlined', 30),
  ('citations', 'content/citations/index', 'ContentCitations', '文献引用', 'Citations', 'BookOutlined', 40),
  ('support', 'content/support/index', 'ContentSupport', '技术支持问答', 'Support Q&A', 'QuestionCircleOutlined', 50),
  ('resources', 'content/resources/index', 'ContentResources', '资料下载', 'Resources', 'FilePdfOutlined', 60),
  ('brand-articles', 'content/brand-articles/index', 'ContentBrandArticles', '品牌文章', 'Brand articles', 'TagsOutlined', 70)
) AS c(path, component, name, title_zh, title_en, icon, sort)
WHERE g.id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "menus" m WHERE m."parent_id" = g.id AND m."path" = c.path);
