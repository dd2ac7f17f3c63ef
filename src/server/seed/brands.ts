import 'server-only';
import type { Db } from '@/server/db/client';
import { brands } from '@/server/db/schema';
import { BRANDS, type BrandSeed } from './brand-data';

export interface SeededBrand extends BrandSeed {
  id: number;
}

export async function seedBrands(db: Db): Promise<SeededBrand[]> {
  const prefixes = new Set(BRANDS.map((x) => x.itemPrefix));
  if (prefixes.size !== BRANDS.length) throw new Error('Seed brands share an item-number prefix');
  const inserted = await db
    .insert(brands)
    .values(
      BRANDS.map((x, i) => ({
        code: x.code,
        nameZh: x.nameZh,
        nameEn: x.nameEn,
        country: x.country,
        logoText: x.logoText,
        descriptionZh: x.descriptionZh,
        descriptionEn: x.descriptionEn,
        authorised: x.authorised,
        recommended: x.recommended,
        sort: (i + 1) * 10,
      })),
    )
    .returning({ id: brands.id, code: brands.code });
  const idByCode = new Map(inserted.map((r) => [r.code, r.id]));
  return BRANDS.map((x) => ({ ...x, id: idByCode.get(x.code) ?? 0 }));
}
