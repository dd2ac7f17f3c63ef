import 'server-only';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { businessToday } from '@/server/business-time';
import { rowsOf, type Db } from '@/server/db/client';
import { inventoryContainers, productPacks, products, users } from '@/server/db/schema';
import { permissionsOfScope } from '@/server/auth/permissions';
import { addContainer, correctContainer, disposeContainer, moveContainer, takeFromContainer, type InventoryActor } from '@/server/modules/inventory/containers';
import { addLocation } from '@/server/modules/inventory/locations';

const dayBefore = (days: number) => {
  const d = new Date(`${businessToday()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
};

/**
 * The demo company's shelf (ADR 0089), through the module: two buildings with rooms and cabinets; the
 * containers of its delivered order (made when it was received) put away; chemicals added by hand in
 * every state — in use, used up, disposed, some expiring within 30 days, one expired — and a 易制毒
 * chemical of the catalogue with a ledger of uses, a move and a correction.
 */
export async function seedInventory(db: Db): Promise<{ inventoryContainers: number }> {
  const [admin] = await db.select({ id: users.id, companyId: users.companyId, name: users.name }).from(users).where(eq(users.loginName, 'admin@demo.example.com'));
  const [buyer] = await db.select({ id: users.id, companyId: users.companyId, name: users.name }).from(users).where(eq(users.loginName, 'buyer@demo.example.com'));
  if (!admin || !buyer) return { inventoryContainers: 0 };
  const actorOf = (u: { id: number; companyId: number; name: string }): InventoryActor => ({
    userId: u.id, companyId: u.companyId, name: u.name, permissions: permissionsOfScope('company'), audit: { type: 'user', id: u.id, name: u.name, ip: '' },
  });
  const me = actorOf(admin);
  const lab = actorOf(buyer);
  const place = async (parentId: number | null, name: string) => {
    const id = await addLocation(db, me, me.audit, { parentId, name });
    return id;
  };
  const zhangjiang = await place(null, '张江研发中心');
  const synthesis = await place(zhangjiang, '3F 合成实验室');
  const flammables = await place(synthesis, '防爆柜 A');
  const shelfB = await place(synthesis, '试剂柜 B');
  const fridge = await place(synthesis, '2-8℃ 冰箱');
  const analysis = await place(zhangjiang, '4F 分析实验室');
  const shelfC = await place(analysis, '试剂柜 C');
  const headquarters = await place(null, '总部');
  const store = await place(headquarters, '危化品库');
  const precursors = await place(store, '易制毒专柜（双人双锁）');

  // The delivered order's containers: put away on the day after they came.
  const fromOrders = await db.select({ id: inventoryContainers.id, receivedOn: inventoryContainers.receivedOn }).from(inventoryContainers)
    .where(and(eq(inventoryContainers.companyId, admin.companyId), isNotNull(inventoryContainers.orderId))).orderBy(asc(inventoryContainers.id));
  for (const [i, c] of fromOrders.entries()) {
    await moveContainer(db, lab, { id: c.id, locationId: i % 2 === 0 ? shelfB : shelfC, day: c.receivedOn });
  }

  const soon = (days: number) => {
    const d = new Date(`${businessToday()}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + days);
    return d.toISOString().slice(0, 10);
  };
  const hand = [
    { name: '无水乙醇（自购）', cas: '64-17-5', amount: '2.5', unit: 'L' as const, lotNo: 'E2406-18', expiresOn: soon(400), locationId: flammables, receivedOn: dayBefore(90) },
    { name: '丙酮', cas: '67-64-1', amount: '500', unit: 'mL' as const, lotNo: 'A2311-02', expiresOn: soon(12), locationId: flammables, receivedOn: dayBefore(200) },
    { name: '胰蛋白酶溶液 0.25%', cas: '9002-07-7', amount: '100', unit: 'mL' as const, lotNo: 'T2409-33', expiresOn: soon(25), locationId: fridge, receivedOn: dayBefore(60) },
    { name: 'PBS 缓冲液（自配）', cas: '', amount: '1', unit: 'L' as const, lotNo: 'LAB-0412', expiresOn: dayBefore(5), locationId: fridge, receivedOn: dayBefore(40) },
    { name: '二氯甲烷', cas: '75-09-2', amount: '500', unit: 'mL' as const, lotNo: 'D2402-11', expiresOn: soon(300), locationId: flammables, receivedOn: dayBefore(150) },
    { name: '硅胶板 GF254', cas: '', amount: '1', unit: 'ea' as const, lotNo: '', expiresOn: null, locationId: shelfC, receivedOn: dayBefore(30) },
  ];
  const ids: number[] = [];
  for (const item of hand) ids.push(await addContainer(db, me, item));
  const [ethanol, acetone, , , dcm] = ids;
  await takeFromContainer(db, lab, { id: ethanol!, amount: '0.3', purpose: '柱层析洗脱', day: dayBefore(60) });
  // Acetone is a 易制毒 chemical (its catalogue product's class): the administrator, who may touch controlled ones, takes it.
  await takeFromContainer(db, me, { id: acetone!, amount: '120', purpose: '玻璃器皿清洗', day: dayBefore(100) });
  // Used up, and one disposed of.
  await takeFromContainer(db, lab, { id: dcm!, amount: '500', purpose: '萃取', day: dayBefore(20) });
  const old = await addContainer(db, me, { name: '乙醚（已开封超期）', cas: '60-29-7', amount: '500', unit: 'mL', lotNo: 'EE2201-07', expiresOn: dayBefore(120), locationId: flammables, receivedOn: dayBefore(700) });
  await disposeContainer(db, me, { id: old, purpose: '超期开封，过氧化物风险，交危废处置', day: dayBefore(100) });
  ids.push(old);

  // A 易制毒 chemical of the catalogue with its ledger: received, moved to the locked cabinet, used twice, a correction.
  const [precursor] = await db.select({ id: productPacks.id }).from(productPacks).innerJoin(products, eq(products.id, productPacks.productId))
    .where(and(eq(products.controlClass, 'precursor'), eq(products.active, true), sql`${productPacks.size} ~ '^[0-9.]+ ?(mL|L|g|kg)$'`))
    .orderBy(asc(productPacks.id)).limit(1);
  if (precursor) {
    const id = await addContainer(db, me, { packId: precursor.id, lotNo: 'P2405-09', expiresOn: soon(500), receivedOn: dayBefore(45), note: '双人领用，用后登记' });
    ids.push(id);
    await moveContainer(db, me, { id, locationId: precursors, day: dayBefore(45) });
    const [row] = rowsOf<{ amount: string }>(await db.execute(sql`select amount::text as amount from inventory_containers where id = ${id}`));
    const amount = Number(row?.amount ?? '1');
    await takeFromContainer(db, me, { id, amount: String(Math.max(amount / 10, 0.0001).toFixed(4)), purpose: '合成中间体 批次 S-118', day: dayBefore(30) });
    await takeFromContainer(db, me, { id, amount: String(Math.max(amount / 20, 0.0001).toFixed(4)), purpose: '重结晶', day: dayBefore(12) });
    const [used] = rowsOf<{ id: number }>(await db.execute(sql`select id from inventory_ledger where container_id = ${id} and kind = 'used' order by id desc limit 1`));
    if (used) await correctContainer(db, me, { id, entryId: Number(used.id), delta: String(Math.max(amount / 100, 0.0001).toFixed(4)), purpose: '复称：实际领用少于登记', day: dayBefore(11) });
  }
  const count = await db.select({ n: sql<number>`count(*)::int` }).from(inventoryContainers).where(inArray(inventoryContainers.companyId, [admin.companyId]));
  return { inventoryContainers: Number(count[0]?.n ?? 0) };
}
