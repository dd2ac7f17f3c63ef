import 'server-only';
import { eq } from 'drizzle-orm';
import type { TextBlockDto } from '@/contracts/content';
import { localised, type Lang } from '@/lib/lang';
import type { Db } from '@/server/db/client';
import { siteBlocks } from '@/server/db/schema';
import { sanitizeRichText } from './sanitize';

/** An editable text block (about, footer, home intro, contact) with sanitised HTML; null when absent. */
export async function getSiteBlock(db: Db, params: { key: string; lang: Lang }): Promise<TextBlockDto | null> {
  const [row] = await db.select().from(siteBlocks).where(eq(siteBlocks.key, params.key));
  if (!row) return null;
  return {
    title: localised(row, 'title', params.lang),
    content: sanitizeRichText(localised(row, 'body', params.lang)),
  };
}
