import './zod-config';
import { z } from 'zod';

/** A back-office menu item (docs/requirements/back-office.md#menu). */
export interface MenuItemDto {
  menuId: number;
  parentId: number | null;
  path: string;
  component: string;
  name: string;
  redirect: string | null;
  hidden: boolean;
  alwaysShow: boolean;
  meta: {
    title: string;
    icon: string;
    noCache: boolean;
    breadcrumb: boolean;
    activeMenu: string | null;
    affix: boolean;
  };
  children: MenuItemDto[];
}

export const menuItemSchema: z.ZodType<MenuItemDto> = z.lazy(() =>
  z.object({
    menuId: z.number().int(),
    parentId: z.number().int().nullable(),
    path: z.string(),
    component: z.string(),
    name: z.string(),
    redirect: z.string().nullable(),
    hidden: z.boolean(),
    alwaysShow: z.boolean(),
    meta: z.object({
      title: z.string(),
      icon: z.string(),
      noCache: z.boolean(),
      breadcrumb: z.boolean(),
      activeMenu: z.string().nullable(),
      affix: z.boolean(),
    }),
    children: z.array(menuItemSchema),
  }),
);

export const menuTreeSchema = z.array(menuItemSchema);

export const staffProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  loginName: z.string(),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
});
