import 'server-only';

/** The message kinds of text messages: a code for what it is asked for, or a notice without a code. */
export const SMS_CODE_KINDS = ['login', 'register-user', 'register-employee', 'reset'] as const;
export const SMS_NOTICE_KINDS = ['noAccount', 'alreadyRegistered', 'noInvitation', 'notActivated', 'addedElsewhere'] as const;
export const SMS_KINDS = [...SMS_CODE_KINDS, ...SMS_NOTICE_KINDS] as const;
export type SmsCodeKind = (typeof SMS_CODE_KINDS)[number];
export type SmsKind = (typeof SMS_KINDS)[number];

/**
 * One text message. A provider sends the template of `kind` with `code` and `minutes` as its parameters
 * (China's providers send approved templates only); the outbox writes `text`, the app's own wording.
 */
export interface SmsMessage {
  /** The 11 digits of a mainland mobile number. */
  to: string;
  kind: SmsKind;
  /** The verification code (code kinds only). */
  code?: string;
  /** How long the code stays valid, in minutes (code kinds only). */
  minutes?: number;
  text: string;
}

/** Sends a text message. `provider` is false for the outbox, which only writes it down. */
export interface SmsSender {
  readonly name: string;
  readonly provider: boolean;
  send(message: SmsMessage): Promise<void>;
}

/**
 * Why a provider did not take a message: the number's limit for the day or hour (`rateLimited`), a number
 * it cannot send to (`unreachable`: malformed, unknown or opted out), or anything else (`failed`:
 * configuration, balance, network). `providerCode` is the provider's own code, for the log.
 */
export type SmsFailure = 'rateLimited' | 'unreachable' | 'failed';

export class SmsDeliveryError extends Error {
  constructor(
    readonly reason: SmsFailure,
    readonly provider: string,
    readonly providerCode: string,
  ) {
    super(`${provider} refused the text message: ${providerCode} (${reason})`);
    this.name = 'SmsDeliveryError';
  }
}

/** A number as the log shows it: the first three and last four digits (138****8001). */
export function maskPhone(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}
