import { boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';

/** Back-office menu (docs/requirements/back-office.md#menu); filtered per actor by permission on the server. */
export const menus = pgTable(
  'menus',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id'),
    path: text('path').notNull(),
    component: text('component').notNull().default(''),
    name: text('name').notNull(),
    redirect: text('redirect'),
    hidden: boolean('hidden').notNull().default(false),
    alwaysShow: boolean('always_show').notNull().default(false),
    titleZh: text('title_zh').notNull(),
    titleEn: text('title_en').notNull(),
    icon: text('icon').notNull().default(''),
    noCache: boolean('no_cache').notNull().default(false),
    breadcrumb: boolean('breadcrumb').notNull().default(true),
    activeMenu: text('active_menu'),
    affix: boolean('affix').notNull().default(false),
    permission: text('permission'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('menus_parent_idx').on(t.parentId, t.sort)],
);

export type Menu = typeof menus.$inferSelect;
export type NewMenu = typeof menus.$inferInsert;
