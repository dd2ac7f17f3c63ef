import 'server-only';
import { asc, inArray } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { contentItems, productArticles, products, type NewProductArticle } from '@/server/db/schema';
import { insertInBatches } from './batch';

/** Most products one article links to: a common solvent is sold by many brands in many grades. */
export const LINKS_PER_ARTICLE = 12;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whole-word (English) or plain (Chinese, 3+ characters) mentions of one product name. */
export function nameMatcher(name: { zh: string; en: string }): (text: { zh: string; en: string }) => boolean {
  const en = name.en.length >= 4 ? new RegExp(`(^|[^a-z0-9-])${escapeRegExp(name.en.toLowerCase())}($|[^a-z0-9-])`) : null;
  const zh = name.zh.length >= 3 ? name.zh : null;
  return (text) => Boolean((en && en.test(text.en.toLowerCase())) || (zh && text.zh.includes(zh)));
}

/**
 * Links news, application articles and citations to the products they mention by name. Deterministic:
 * products and articles are read in id order and the first matches are kept.
 */
export async function seedProductArticles(db: Db): Promise<{ productArticles: number }> {
  const articles = await db
    .select({ id: contentItems.id, titleZh: contentItems.titleZh, titleEn: contentItems.titleEn, bodyZh: contentItems.bodyZh, bodyEn: contentItems.bodyEn })
    .from(contentItems)
    .where(inArray(contentItems.kind, ['news', 'application', 'citation']))
    .orderBy(asc(contentItems.id));
  const catalogue = await db.select({ id: products.id, zh: products.nameZh, en: products.nameEn }).from(products).orderBy(asc(products.id));
  // One matcher per distinct name: many products share a substance's name.
  const byName = new Map<string, { matches: ReturnType<typeof nameMatcher>; ids: number[] }>();
  for (const p of catalogue) {
    const key = `${p.zh}\u0000${p.en}`;
    const entry = byName.get(key) ?? { matches: nameMatcher(p), ids: [] };
    entry.ids.push(p.id);
    byName.set(key, entry);
  }
  const rows: NewProductArticle[] = [];
  for (const a of articles) {
    const text = { zh: `${a.titleZh} ${a.bodyZh}`, en: `${a.titleEn} ${a.bodyEn}` };
    const ids = [...byName.values()].filter((n) => n.matches(text)).flatMap((n) => n.ids).sort((x, y) => x - y).slice(0, LINKS_PER_ARTICLE);
    ids.forEach((productId, sort) => rows.push({ productId, contentId: a.id, sort }));
  }
  await insertInBatches(rows, (batch) => db.insert(productArticles).values(batch));
  return { productArticles: rows.length };
}
