import 'server-only';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { productPacks, products, users } from '@/server/db/schema';
import { addLines } from '@/server/modules/requisition-lists/lines';
import { createList } from '@/server/modules/requisition-lists/lists';

/** The common reagents of the company's shared list, by Chinese name. */
const COMMON = ['无水乙醇', '乙醇', '丙酮', '甲苯', '冰乙酸', '乙酸', '甲醇', '盐酸'];

/**
 * Requisition lists (ADR 0085), through the module: buyer@demo.example.com keeps a private list, and the
 * 上海示例 company a shared list of common reagents.
 */
export async function seedRequisitionLists(db: Db): Promise<{ requisitionLists: number }> {
  const [buyer] = await db.select({ id: users.id, companyId: users.companyId }).from(users).where(eq(users.loginName, 'buyer@demo.example.com'));
  const [admin] = await db.select({ id: users.id, companyId: users.companyId }).from(users).where(eq(users.loginName, 'admin@demo.example.com'));
  if (!buyer || !admin) return { requisitionLists: 0 };
  const packOf = (name: string) => db
    .select({ id: productPacks.id })
    .from(productPacks).innerJoin(products, eq(products.id, productPacks.productId))
    .where(and(eq(products.nameZh, name), eq(products.active, true), gt(productPacks.stock, 0)))
    .orderBy(asc(productPacks.sort), asc(productPacks.id)).limit(1);
  const common: number[] = [];
  for (const name of COMMON) {
    const [pack] = await packOf(name);
    if (pack && !common.includes(pack.id)) common.push(pack.id);
  }
  const mine = await db.select({ id: productPacks.id }).from(productPacks).innerJoin(products, eq(products.id, productPacks.productId))
    .where(and(eq(products.active, true), gt(productPacks.stock, 5), sql`${productPacks.id} not in (${sql.join([0, ...common].map((id) => sql`${id}`), sql`, `)})`))
    .orderBy(asc(productPacks.id)).limit(3);
  const asUser = (u: { id: number; companyId: number }) => ({ userId: u.id, companyId: u.companyId, permissions: ['SALE.VIEW', 'SALE.CREATE', 'USER.EDIT'] });
  const privateList = await createList(db, asUser(buyer), { name: '我的常购试剂', shared: false });
  if (mine.length > 0) await addLines(db, asUser(buyer), { id: privateList.id, source: 'packs', lines: mine.map((p, i) => ({ packId: p.id, num: i + 1, note: i === 0 ? '每月初补货' : '' })) });
  const sharedList = await createList(db, asUser(admin), { name: '实验室常用试剂', shared: true });
  if (common.length > 0) await addLines(db, asUser(admin), { id: sharedList.id, source: 'packs', lines: common.map((id) => ({ packId: id, num: 2 })) });
  return { requisitionLists: 2 };
}
