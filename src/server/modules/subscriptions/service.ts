import 'server-only';
import type { Db } from '@/server/db/client';
import { subscriptions } from '@/server/db/schema';

/** Subscribes an address; a second subscription of the same address changes nothing. */
export async function addSubscription(db: Db, params: { email: string; lang: 'zh' | 'en' }): Promise<{ email: string; created: boolean }> {
  const email = params.email.trim().toLowerCase();
  const inserted = await db
    .insert(subscriptions)
    .values({ email, lang: params.lang })
    .onConflictDoNothing({ target: subscriptions.email })
    .returning({ id: subscriptions.id });
  return { email, created: inserted.length > 0 };
}
