import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { companies, priceAgreementRules, priceAgreements, productPacks, products } from '@/server/db/schema';
import { businessToday, numberDay } from '@/server/business-time';

/** The demo's common solvents and acids: the brand that sells most of them gets the demo's brand discount. */
const COMMON_CAS = ['64-17-5', '67-64-1', '108-88-3', '64-19-7'] as const;

const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The demo's price agreement (ADR 0083): 上海示例 has one active agreement valid from half a year ago to half a
 * year ahead, with 8 % off the brand that sells the demo's ethanol, acetone, toluene and acetic acid (the most
 * of them in a small catalogue), a net price on that brand's cheapest pack of ethanol and of acetone, and a
 * break from 5 units on its cheapest pack of toluene (another brand's where it sells none). The university has none. Written directly (the staff's save function comes with the back-office);
 * inserted after the catalogue and the companies.
 */
export async function seedPriceAgreements(db: Db): Promise<{ priceAgreements: number }> {
  const [company] = await db.select({ id: companies.id, owner: companies.ownerStaffId }).from(companies)
    .where(eq(companies.name, '上海示例生物科技有限公司')).limit(1);
  const solvents = await db.select({ cas: products.cas, brandId: products.brandId, productId: products.id }).from(products)
    .where(and(inArray(products.cas, [...COMMON_CAS]), eq(products.active, true))).orderBy(asc(products.id));
  if (!company || solvents.length === 0) return { priceAgreements: 0 };
  const tally = new Map<number, Set<string>>();
  for (const s of solvents) tally.set(s.brandId, (tally.get(s.brandId) ?? new Set()).add(s.cas ?? ''));
  const brandId = [...tally.entries()].sort((a, b) => b[1].size - a[1].size || a[0] - b[0])[0]![0];
  const smallestPack = async (cas: string) => {
    // The brand's own product of the substance, else the first one sold (a small demo catalogue has one brand each).
    const productId = (solvents.find((s) => s.brandId === brandId && s.cas === cas) ?? solvents.find((s) => s.cas === cas))?.productId;
    if (productId === undefined) return null;
    const [pack] = await db.select({ id: productPacks.id, price: productPacks.price }).from(productPacks)
      .where(eq(productPacks.productId, productId)).orderBy(asc(productPacks.price), asc(productPacks.id)).limit(1);
    return pack ? { id: pack.id, cents: Math.round(Number(pack.price) * 100) } : null;
  };
  const ethanol = await smallestPack('64-17-5');
  const acetone = await smallestPack('67-64-1');
  const toluene = await smallestPack('108-88-3');
  const today = businessToday();
  const [agreement] = await db.insert(priceAgreements).values({
    agreementNo: `PA${numberDay()}0001`, companyId: company.id, name: '2026 年度试剂协议价', validFrom: shift(today, -182), validTo: shift(today, 183),
    state: 'active', belowFloor: false, ownerId: company.owner, createdBy: company.owner, note: '常用溶剂品牌 92 折，乙醇、丙酮小包装净价，甲苯 5 瓶起批量价。',
  }).returning({ id: priceAgreements.id });
  if (!agreement) throw new Error('the demo price agreement was not written');
  // Net prices and the break at 85 % and 80 % of the list price: below the brand discount, above the quotation floor.
  const pct = (cents: number, p: number) => Math.floor((cents * p) / 100);
  await db.insert(priceAgreementRules).values([
    { agreementId: agreement.id, kind: 'discount', scope: 'brand', brandId, discountBp: 800 },
    ...[ethanol, acetone].flatMap((pack) => pack ? [{ agreementId: agreement.id, kind: 'net' as const, scope: 'pack' as const, packId: pack.id, netCents: pct(pack.cents, 85) }] : []),
    ...(toluene ? [{ agreementId: agreement.id, kind: 'break' as const, scope: 'pack' as const, packId: toluene.id, netCents: pct(toluene.cents, 80), minQty: 5 }] : []),
  ]);
  return { priceAgreements: 1 };
}
