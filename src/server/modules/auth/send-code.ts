import 'server-only';
import { eq } from 'drizzle-orm';
import type { SendCodeInput } from '@/contracts/auth';
import type { Db } from '@/server/db/client';
import { users } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { log } from '@/server/log';
import { CODE_COOLDOWN_SECONDS, CODE_TTL_SECONDS, cooldownRemaining, issueCode, withdrawCode, type CodePurpose } from '@/server/modules/verification/codes';
import { SmsDeliveryError } from '@/server/modules/mail/sms-message';
import { deliverCodeNotice, type CodeNotice } from '@/server/modules/verification/notify';
import { assertMayTextCode, smsFailureError } from '@/server/modules/verification/phone-codes';
import { rationCodeRequest } from './throttle';
import type { Lang } from '@/lib/lang';

interface Decision {
  purpose: CodePurpose;
  userId: number | null;
  /** Why no code is delivered; null when it is. */
  refusal: Exclude<CodeNotice['kind'], 'code'> | null;
}

/** Whether the target may receive a code for what it asked, decided from its account (if any). */
async function decide(db: Db, input: SendCodeInput): Promise<Decision> {
  const [account] = await db
    .select({ id: users.id, active: users.active, passwordHash: users.passwordHash, accountType: users.accountType })
    .from(users)
    .where(eq(users.loginName, input.loginName))
    .limit(1);
  const activated = !!account && account.passwordHash !== '';
  if (input.purpose === 'register') {
    if (input.accountType === 'employee') {
      const invited = !!account && !activated && account.active && account.accountType === 'employee';
      if (invited) return { purpose: 'register-employee', userId: account.id, refusal: null };
      return { purpose: 'register-employee', userId: null, refusal: activated ? 'alreadyRegistered' : 'noInvitation' };
    }
    if (account) return { purpose: 'register-user', userId: null, refusal: activated ? 'alreadyRegistered' : 'notActivated' };
    return { purpose: 'register-user', userId: null, refusal: null };
  }
  const purpose: CodePurpose = input.purpose;
  if (!account || !account.active) return { purpose, userId: null, refusal: 'noAccount' };
  if (!activated) return { purpose, userId: null, refusal: 'notActivated' };
  return { purpose, userId: account.id, refusal: null };
}

/**
 * Sends a verification code (or, when the target cannot use one, a notice saying why) to an
 * e-mail address or a mobile number. The caller gets the same answer either way; only the
 * owner of the mailbox or phone learns whether there is an account.
 */
export async function sendCode(db: Db, input: SendCodeInput, client: { ip: string; lang: Lang }): Promise<{ cooldown: number; expiresIn: number }> {
  assertMayTextCode({ target: input.loginName, smsConsent: input.smsConsent });
  const wait = await cooldownRemaining(db, input.loginName);
  if (wait > 0) throw new AppError(429, 'codeCooldown', { retryAfter: wait });
  await rationCodeRequest(input.loginName, client.ip);
  const decision = await decide(db, input);
  const issued = await issueCode(db, {
    target: input.loginName, purpose: decision.purpose, userId: decision.userId, deliverable: decision.refusal === null, ip: client.ip,
  });
  const notice: CodeNotice = decision.refusal === null ? { kind: 'code', code: issued.code } : { kind: decision.refusal };
  try {
    await deliverCodeNotice(input.loginName, decision.purpose, client.lang, notice);
  } catch (error) {
    await withdrawCode(db, issued.id);
    // The provider's refusal is logged where it happened, without the code.
    if (error instanceof SmsDeliveryError) throw smsFailureError(error);
    log('error', 'auth.code_delivery_failed', { channel: input.loginName.includes('@') ? 'email' : 'sms', error: String(error) });
    throw new AppError(503, 'codeDeliveryFailed');
  }
  return { cooldown: CODE_COOLDOWN_SECONDS, expiresIn: CODE_TTL_SECONDS };
}
