import 'server-only';
import { inArray, sql } from 'drizzle-orm';
import { ruleBelowFloor, type AgreementRuleDto, type AgreementRuleInput } from '@/contracts/price-agreements';
import type { Lang } from '@/lib/lang';
import { rowsOf, type Db } from '@/server/db/client';
import { brands, categories, priceAgreementRules, productPacks } from '@/server/db/schema';
import { AppError, type FieldError } from '@/server/errors';
import type { ActiveRule } from '@/server/modules/pricing/pick';
import { centsOf } from '@/server/modules/quotations/pricing';

/** A rule checked against the catalogue, ready to insert, with whether it prices below the floor. */
export interface CheckedRule extends Omit<ActiveRule, 'id' | 'agreementId'> {
  belowFloor: boolean;
}

/** What makes two rules the same target: one discount per scope target, one net price per pack, one break per pack and threshold. */
function targetOf(r: AgreementRuleInput): string {
  if (r.kind === 'discount') return `d:${r.scope}:${r.brandId ?? r.categoryId ?? ''}`;
  return r.kind === 'net' ? `n:${r.packId}` : `b:${r.packId}:${r.minQty}`;
}

/**
 * Checks an agreement's rules against the catalogue (each brand, category and pack exists; no rule
 * repeats another's target — a break threshold appears once per pack) and prices each one against the
 * floor (net and break prices against the pack's catalogue price). Every bad row answers at once, one
 * field error each (`rules.<index>.<field>`, or the sheet's `rows.<row>.<field>`), and nothing is written.
 */
export async function checkRules(db: Db, rules: readonly AgreementRuleInput[], rowField: (i: number) => string = (i) => `rules.${i}`): Promise<CheckedRule[]> {
  const ids = (pick: (r: AgreementRuleInput) => number | undefined) => [...new Set(rules.map(pick).filter((v): v is number => v !== undefined))];
  const [brandIds, categoryIds, packIds] = [ids((r) => r.brandId), ids((r) => r.categoryId), ids((r) => r.packId)];
  const [brandRows, categoryRows, packRows] = await Promise.all([
    brandIds.length ? db.select({ id: brands.id }).from(brands).where(inArray(brands.id, brandIds)) : [],
    categoryIds.length ? db.select({ id: categories.id }).from(categories).where(inArray(categories.id, categoryIds)) : [],
    packIds.length ? db.select({ id: productPacks.id, price: productPacks.price }).from(productPacks).where(inArray(productPacks.id, packIds)) : [],
  ]);
  const knownBrands = new Set(brandRows.map((b) => b.id));
  const knownCategories = new Set(categoryRows.map((c) => c.id));
  const listOf = new Map(packRows.map((p) => [p.id, centsOf(p.price)]));
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  const checked = rules.map((r, i): CheckedRule => {
    const at = (field: string, message: string) => errors.push({ field: `${rowField(i)}.${field}`, message });
    if (r.brandId !== undefined && !knownBrands.has(r.brandId)) at('brandId', 'agreementBrandUnknown');
    if (r.categoryId !== undefined && !knownCategories.has(r.categoryId)) at('categoryId', 'agreementCategoryUnknown');
    if (r.packId !== undefined && !listOf.has(r.packId)) at('packId', 'agreementPackUnknown');
    const target = targetOf(r);
    if (seen.has(target)) at(r.kind === 'break' ? 'minQty' : r.kind === 'net' ? 'packId' : 'scope', r.kind === 'break' ? 'agreementBreakDuplicate' : 'agreementRuleDuplicate');
    seen.add(target);
    const rule = {
      kind: r.kind, scope: r.scope, brandId: r.brandId ?? null, categoryId: r.categoryId ?? null, packId: r.packId ?? null,
      discountBp: r.discountBp ?? null, netCents: r.netCents ?? null, minQty: r.kind === 'break' ? (r.minQty ?? 2) : 1,
    };
    return { ...rule, belowFloor: ruleBelowFloor(rule, r.packId === undefined ? null : listOf.get(r.packId) ?? null) };
  });
  if (errors.length) throw new AppError(400, 'validation', errors);
  return checked;
}

/** Replaces an agreement's rules with these, inside the caller's transaction. */
export async function writeRules(tx: Db, agreementId: number, rules: readonly CheckedRule[]): Promise<void> {
  await tx.delete(priceAgreementRules).where(sql`${priceAgreementRules.agreementId} = ${agreementId}`);
  if (!rules.length) return;
  await tx.insert(priceAgreementRules).values(rules.map(({ belowFloor: _b, ...r }) => ({ ...r, agreementId })));
}

/**
 * An agreement's rules as the record shows them: each with its brand, category or pack (item number,
 * name, size and catalogue price now) and whether it prices below the floor today.
 */
export async function loadRules(db: Db, agreementId: number, lang: Lang): Promise<AgreementRuleDto[]> {
  const rows = rowsOf<{
    id: number; kind: AgreementRuleDto['kind']; scope: AgreementRuleDto['scope']; brand_id: number | null; brand_zh: string | null; brand_en: string | null;
    category_id: number | null; category_zh: string | null; category_en: string | null; pack_id: number | null; item_no: string | null; product_zh: string | null;
    product_en: string | null; size: string | null; price: string | null; discount_bp: number | null; net_cents: string | number | null; min_qty: number;
  }>(await db.execute(sql`
    select r.id, r.kind, r.scope, r.brand_id, b.name_zh as brand_zh, b.name_en as brand_en, r.category_id, c.name_zh as category_zh, c.name_en as category_en,
      r.pack_id, p.item_no, p.name_zh as product_zh, p.name_en as product_en, k.size, k.price::text as price, r.discount_bp, r.net_cents, r.min_qty
    from price_agreement_rules r left join brands b on b.id = r.brand_id left join categories c on c.id = r.category_id
    left join product_packs k on k.id = r.pack_id left join products p on p.id = k.product_id
    where r.agreement_id = ${agreementId}
    order by case r.kind when 'discount' then 0 when 'net' then 1 else 2 end, p.item_no nulls first, k.id, r.min_qty, r.id`));
  const pick = (zh: string | null, en: string | null) => (zh === null ? null : lang === 'en' ? en || zh : zh);
  return rows.map((r) => {
    const listCents = r.price === null ? null : centsOf(r.price);
    const netCents = r.net_cents === null ? null : Number(r.net_cents);
    const discountBp = r.discount_bp === null ? null : Number(r.discount_bp);
    return {
      id: Number(r.id), kind: r.kind, scope: r.scope, brandId: r.brand_id === null ? null : Number(r.brand_id), brandName: pick(r.brand_zh, r.brand_en),
      categoryId: r.category_id === null ? null : Number(r.category_id), categoryName: pick(r.category_zh, r.category_en),
      packId: r.pack_id === null ? null : Number(r.pack_id), itemNo: r.item_no, productName: pick(r.product_zh, r.product_en), size: r.size, listCents,
      discountBp, netCents, minQty: Number(r.min_qty), belowFloor: ruleBelowFloor({ kind: r.kind, discountBp, netCents }, listCents),
    };
  });
}
