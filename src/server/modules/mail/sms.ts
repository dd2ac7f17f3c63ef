import 'server-only';
import { log } from '@/server/log';
import { writeOutbox } from './outbox';

/** Sends a text message to a mobile number. Plug a provider in with `setSmsSender` at start-up. */
export interface SmsSender {
  readonly name: string;
  send(to: string, text: string): Promise<void>;
}

/** The default: writes each message into the outbox next to the mail, plus a log line. */
export const outboxSmsSender: SmsSender = {
  name: 'outbox',
  async send(to, text) {
    const file = await writeOutbox('sms', `To: ${to}\nDate: ${new Date().toISOString()}\n\n${text}\n`);
    log('info', 'sms.outbox', { to, file });
  },
};

let current: SmsSender = outboxSmsSender;

export function getSmsSender(): SmsSender {
  return current;
}

/** Replaces the SMS sender (a provider's client); answers the previous one. */
export function setSmsSender(sender: SmsSender): SmsSender {
  const previous = current;
  current = sender;
  return previous;
}
