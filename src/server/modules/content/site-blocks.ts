import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { TextBlockDto } from '@/contracts/content';
import { localised, type Lang } from '@/lib/lang';
import type { Db } from '@/server/db/client';
import { siteBlocks } from '@/server/db/schema';
import { preparedPerHandle } from '@/server/db/prepared';
import { sanitizeRichText } from './sanitize';

/** A block by its key: prepared (ADR 0109), every page's footer reads it when the shared data is read again. */
const blockByKey = preparedPerHandle((db: Db) => db.select().from(siteBlocks).where(eq(siteBlocks.key, sql.placeholder('key'))).prepare('site_block_by_key'));

/** An editable text block (about, footer, home intro, contact) with sanitised HTML; null when absent. */
export async function getSiteBlock(db: Db, params: { key: string; lang: Lang }): Promise<TextBlockDto | null> {
  const [row] = await blockByKey(db).execute({ key: params.key });
  if (!row) return null;
  return {
    title: localised(row, 'title', params.lang),
    content: sanitizeRichText(localised(row, 'body', params.lang)),
  };
}
