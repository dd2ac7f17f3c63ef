ALTER TABLE "brands" ADD COLUMN "logo_path" text;--> statement-breakpoint
-- The catalogue pages join the back-office menu of a database seeded before them (a new one gets them from the seed).
INSERT INTO "menus" ("parent_id", "path", "component", "name", "redirect", "always_show", "title_zh", "title_en", "icon", "permission", "sort")
SELECT NULL, '/catalog', 'Layout', 'Catalogue', '/catalog/brands', true, '商品管理', 'Catalogue', 'AppstoreOutlined', NULL, 100
WHERE EXISTS (SELECT 1 FROM "menus") AND NOT EXISTS (SELECT 1 FROM "menus" WHERE "path" = '/catalog' AND "parent_id" IS NULL);--> statement-breakpoint
INSERT INTO "menus" ("parent_id", "path", "component", "name", "title_zh", "title_en", "icon", "permission", "sort")
SELECT g.id, c.path, c.component, c.name, c.title_zh, c.title_en, c.icon, 'CATALOG.EDIT', c.sort
FROM (SELECT min("id") AS id FROM "menus" WHERE "path" = '/catalog' AND "parent_id" IS NULL) g
CROSS JOIN (VALUES
  ('brands', 'catalog/brands/index', 'CatalogBrands', '品牌管理', 'Brands', 'TagsOutlined', 10),
  ('categories', 'catalog/categories/index', 'CatalogCategories', '商品分类', 'Categories', 'ApartmentOutlined', 20)
) AS c(path, component, name, title_zh, title_en, icon, sort)
WHERE g.id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "menus" m WHERE m."parent_id" = g.id AND m."path" = c.path);
