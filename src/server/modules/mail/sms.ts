import 'server-only';
import { log } from '@/server/log';
import { isDemoPhoneNumber } from '@/server/seed/demo-phones';
import { writeOutbox } from './outbox';
import { createAliyunSmsSender } from './sms-aliyun';
import { readSmsConfig, SmsConfigError, type SmsConfig } from './sms-config';
import { maskPhone, type SmsMessage, type SmsSender } from './sms-message';
import { createTencentSmsSender } from './sms-tencent';

export type { SmsMessage, SmsSender } from './sms-message';

/** The outbox: writes each message into the outbox folder next to the mail, plus a log line. */
export const outboxSmsSender: SmsSender = {
  name: 'outbox',
  provider: false,
  async send(message) {
    const file = await writeOutbox('sms', `To: ${message.to}\nKind: ${message.kind}\nDate: ${new Date().toISOString()}\n\n${message.text}\n`);
    log('info', 'sms.outbox', { to: maskPhone(message.to), kind: message.kind, file });
  },
};

/** The sender of a configuration: its provider's, or the outbox without one. */
export function smsSenderFor(config: SmsConfig | null): SmsSender {
  if (!config) return outboxSmsSender;
  return config.provider === 'aliyun' ? createAliyunSmsSender(config) : createTencentSmsSender(config);
}

let current: SmsSender | undefined;

/**
 * The configured sender (SMS_PROVIDER). `npm start` refuses a broken configuration; a server started some
 * other way logs it once and keeps to the outbox, so that pages still render and production refuses codes
 * to mobile numbers rather than failing each request.
 */
export function getSmsSender(): SmsSender {
  if (!current) {
    try {
      current = smsSenderFor(readSmsConfig(process.env));
    } catch (error) {
      if (!(error instanceof SmsConfigError)) throw error;
      log('error', 'sms.config_invalid', { error: error.message });
      current = outboxSmsSender;
    }
  }
  return current;
}

/** Replaces the SMS sender (tests); answers the previous one. */
export function setSmsSender(sender: SmsSender): SmsSender {
  const previous = getSmsSender();
  current = sender;
  return previous;
}

/** Sends a text message: to the outbox for the demo's numbers (never to a real phone), else through the sender. */
export async function sendSms(message: SmsMessage): Promise<void> {
  await (isDemoPhoneNumber(message.to) ? outboxSmsSender : getSmsSender()).send(message);
}

/**
 * A production serve, as `scripts/start.ts` starts one: DATABASE_URL set, not development, not a demo
 * (DEMO_DATA=1, which start.ts also passes to the server of a database marked as a demo).
 */
export function isProductionServe(env: Readonly<Record<string, string | undefined>>): boolean {
  return (env.DATABASE_URL ?? '').trim() !== '' && env.NODE_ENV !== 'development' && env.DEMO_DATA !== '1';
}

/**
 * Whether codes may be sent to mobile numbers: with a provider, or outside production (the demo and
 * development read them in the outbox). In production without a provider a code would only reach a file
 * on the server, so code sign-in and registration by mobile number are refused and hidden.
 */
export function phoneCodesAvailable(env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  return getSmsSender().provider || !isProductionServe(env);
}
