import 'server-only';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { localisedPath, siteUrl } from '@/lib/seo';
import { hashToken } from '@/server/auth/sessions';
import type { Db } from '@/server/db/client';
import { subscriptions } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { log } from '@/server/log';
import { serverMessages } from '@/server/messages';
import { sendMail } from '@/server/modules/mail/mailer';
import { fillTemplate, mailHtml } from '@/server/modules/mail/templates';
import { getRateLimits, type QuotaPolicy } from '@/server/modules/rate-limit/limits';
import { byLang, type Lang } from '@/lib/lang';

/** A confirmation link works this long after it was sent. */
export const CONFIRM_LINK_DAYS = 7;
/** Subscription requests per client address (429 past it). */
export const SUBSCRIPTIONS_PER_ADDRESS: QuotaPolicy = { name: 'subscribe-address', points: 10, durationSeconds: 3600 };
/** Mails about one address a day: past it the request is answered alike and nothing is sent. */
export const SUBSCRIPTION_MAILS_PER_TARGET: QuotaPolicy = { name: 'subscribe-target', points: 3, durationSeconds: 86_400 };


function confirmLink(lang: Lang, token: string): string {
  return `${siteUrl()}${localisedPath(byLang(lang, { zh: 'zh-CN', en: 'en' }), '/subscription/confirm')}?token=${token}`;
}

/**
 * Asks to subscribe an address. Double opt-in: a new or unconfirmed address gets a confirmation
 * link (valid CONFIRM_LINK_DAYS days; a new request replaces the old link), a confirmed one a
 * note that it is already subscribed. The caller's answer is the same in every case, so it
 * discloses nothing about the address.
 */
export async function requestSubscription(db: Db, params: { email: string; lang: Lang; address: string; now?: Date }): Promise<{ email: string }> {
  const email = params.email.trim().toLowerCase();
  const now = params.now ?? new Date();
  const limits = getRateLimits();
  const wait = await limits.take(SUBSCRIPTIONS_PER_ADDRESS, params.address || 'unknown');
  if (wait > 0) throw new AppError(429, 'tooManyRequests', { retryAfter: wait });
  if ((await limits.take(SUBSCRIPTION_MAILS_PER_TARGET, email)) > 0) {
    log('info', 'subscription.mail_quota', { reason: 'per-address daily quota reached' });
    return { email };
  }

  const [existing] = await db.select({ confirmedAt: subscriptions.confirmedAt }).from(subscriptions).where(eq(subscriptions.email, email));
  const t = serverMessages(params.lang).subscriptionMail;
  if (existing?.confirmedAt) {
    await deliver({ to: email, subject: t.alreadySubject, text: t.alreadyBody });
    return { email };
  }
  const token = randomBytes(24).toString('base64url');
  const pending = { lang: params.lang, confirmTokenHash: hashToken(token), confirmSentAt: now };
  await db
    .insert(subscriptions)
    .values({ email, ...pending, createdAt: now })
    .onConflictDoUpdate({ target: subscriptions.email, set: pending });
  await deliver({ to: email, subject: t.confirmSubject, text: fillTemplate(t.confirmBody, { link: confirmLink(params.lang, token), days: String(CONFIRM_LINK_DAYS) }) });
  return { email };
}

async function deliver(mail: { to: string; subject: string; text: string }): Promise<void> {
  try {
    await sendMail({ ...mail, html: mailHtml(mail.text) });
  } catch (error) {
    log('error', 'subscription.mail_failed', { error: String(error) });
    throw new AppError(503, 'subscriptionMailFailed');
  }
}

/**
 * Confirms the address of a link. Opening a link again after confirming answers the same; an
 * unknown, replaced or expired link is 400 `subscriptionLinkInvalid`.
 */
export async function confirmSubscription(db: Db, params: { token: string; now?: Date }): Promise<{ email: string }> {
  const now = params.now ?? new Date();
  const [row] = await db
    .select({ id: subscriptions.id, email: subscriptions.email, confirmedAt: subscriptions.confirmedAt, sentAt: subscriptions.confirmSentAt })
    .from(subscriptions)
    .where(eq(subscriptions.confirmTokenHash, hashToken(params.token)));
  if (!row) throw new AppError(400, 'subscriptionLinkInvalid');
  if (row.confirmedAt) return { email: row.email };
  if (!row.sentAt || now.getTime() - row.sentAt.getTime() > CONFIRM_LINK_DAYS * 86_400_000) throw new AppError(400, 'subscriptionLinkInvalid');
  await db.update(subscriptions).set({ confirmedAt: now }).where(eq(subscriptions.id, row.id));
  return { email: row.email };
}
