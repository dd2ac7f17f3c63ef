import 'server-only';
import type { FeedbackInput } from '@/contracts/catalog-browse';
import type { Db } from '@/server/db/client';
import { catalogFeedback } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { getRateLimits } from '@/server/modules/rate-limit/limits';
import type { QuotaPolicy } from '@/server/modules/rate-limit/limits';
import type { Lang } from '@/lib/lang';

/** "Could not find it" requests per client address: enough for a real buyer, too few to flood the table. */
export const FEEDBACK_PER_ADDRESS: QuotaPolicy = { name: 'search-feedback', points: 5, durationSeconds: 3600 };

/**
 * Stores a "could not find it" request for staff. Rationed per client address; requests whose
 * address is unknown (no trusted proxy header) share one allowance, so they cannot flood either.
 */
export async function addCatalogFeedback(
  db: Db,
  params: FeedbackInput & { lang: Lang; userId: number | null; address: string },
): Promise<{ id: number }> {
  const wait = await getRateLimits().take(FEEDBACK_PER_ADDRESS, params.address || 'unknown');
  if (wait > 0) throw new AppError(429, 'feedbackTooMany', { retryAfter: wait });
  const [row] = await db
    .insert(catalogFeedback)
    .values({
      searchKey: params.key,
      searchType: params.type,
      contact: params.contact ?? null,
      note: params.note ?? null,
      lang: params.lang,
      userId: params.userId,
      clientAddress: params.address,
    })
    .returning({ id: catalogFeedback.id });
  if (!row) throw new AppError(500);
  return { id: row.id };
}
