ALTER TABLE "content_items" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
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
ON CONFLICT DO NOTHING;
