import 'server-only';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { brands, partners } from '@/server/db/schema';
import { daysBefore } from './random';

/**
 * The partners page's entries (ADR 0042): the authorised brands the page listed before it had its own
 * table, published in the brands' order and linking to their brand pages, and one draft to show the state.
 */
export async function seedPartners(tx: Db): Promise<{ partners: number }> {
  const authorised = await tx.select().from(brands).where(eq(brands.authorised, true)).orderBy(asc(brands.sort), asc(brands.id));
  const rows: (typeof partners.$inferInsert)[] = authorised.map((b, i) => ({
    nameZh: b.nameZh, nameEn: b.nameEn, descriptionZh: b.descriptionZh, descriptionEn: b.descriptionEn, country: b.country, brandId: b.id,
    sort: (i + 1) * 10, status: 'published', publishedAt: daysBefore(90 - i), createdAt: daysBefore(90 - i), updatedAt: daysBefore(90 - i),
  }));
  rows.push({
    nameZh: '华东高校分析测试联盟', nameEn: 'East China University Analytical Testing Alliance',
    descriptionZh: '与华东地区高校分析测试中心合作，为会员单位提供标准品与检测方法支持（草稿，待确认合作条款后发布）。',
    descriptionEn: 'A cooperation with the analytical testing centres of East China universities: reference standards and method support for member labs (a draft until the terms are agreed).',
    country: 'CN', link: 'https://www.example.org/', sort: (rows.length + 1) * 10, status: 'draft', createdAt: daysBefore(3), updatedAt: daysBefore(3),
  });
  await tx.insert(partners).values(rows);
  return { partners: rows.length };
}
