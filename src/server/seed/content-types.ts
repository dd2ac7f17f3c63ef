import 'server-only';

/** One editorial item, written in both languages; the HTML body is assembled from its parts. */
export interface ContentSeed {
  /** Index into the kind's category list, or null for kinds without categories. */
  category: number | null;
  zh: { title: string; summary: string; points: string[] };
  en: { title: string; summary: string; points: string[] };
  brand?: string;
  /** Where a citation appeared: [Chinese, English]. */
  source?: [zh: string, en: string];
  file?: string;
  featured?: boolean;
}

interface Extra {
  brand?: string;
  source?: [zh: string, en: string];
  file?: string;
  featured?: boolean;
}

export function entry(
  category: number | null,
  zh: [title: string, summary: string, points: string[]],
  en: [title: string, summary: string, points: string[]],
  extra: Extra = {},
): ContentSeed {
  if (zh[2].length !== en[2].length) throw new Error(`Content "${en[0]}" has a different number of points per language`);
  return {
    category,
    zh: { title: zh[0], summary: zh[1], points: zh[2] },
    en: { title: en[0], summary: en[1], points: en[2] },
    ...extra,
  };
}
