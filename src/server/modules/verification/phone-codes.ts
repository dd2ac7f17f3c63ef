import 'server-only';
import { AppError } from '@/server/errors';
import { phoneCodesAvailable } from '@/server/modules/mail/sms';
import type { SmsDeliveryError } from '@/server/modules/mail/sms-message';
import { channelOf } from './codes';

/**
 * The one check before a code (or its notice) is texted to a mobile number, for every route that sends codes.
 * Refused (400, a field error) when this shop cannot text (production without an SMS provider: the code would
 * land in a file on the server), and without the owner's consent (个人信息保护法): the number may be new to
 * the shop, and the answer must not tell whether it is a user's, so every request for a code by text message
 * carries it. E-mail addresses pass.
 */
export function assertMayTextCode(params: { target: string; smsConsent: boolean }): void {
  if (channelOf(params.target) !== 'sms') return;
  assertPhoneCodesAvailable(params.target);
  if (!params.smsConsent) throw new AppError(400, 'smsConsentRequired', [{ field: 'smsConsent', message: 'smsConsentRequired' }]);
}

/**
 * Code sign-in and registration by a mobile number need a code by text message: refused, as the sending of it
 * is, when this shop cannot text.
 */
export function assertPhoneCodesAvailable(target: string): void {
  if (channelOf(target) === 'sms' && !phoneCodesAvailable()) throw new AppError(400, 'smsUnavailable', [{ field: 'loginName', message: 'smsUnavailable' }]);
}

/** The app's error for a text message a provider refused: the number's limit, a number it cannot reach, or a failure. */
export function smsFailureError(error: SmsDeliveryError): AppError {
  switch (error.reason) {
    case 'rateLimited': return new AppError(429, 'smsRateLimited');
    case 'unreachable': return new AppError(400, 'smsUnreachable', [{ field: 'loginName', message: 'smsUnreachable' }]);
    default: return new AppError(503, 'codeDeliveryFailed');
  }
}
