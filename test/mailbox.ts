import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { resetRateLimits } from '@/server/modules/rate-limit/limits';
import { createApiHarness, type ApiHarness } from './api';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export interface Mailbox {
  /** `smtp://127.0.0.1:<port>` — give it to the app as SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** The next message to `to` that arrives (or has arrived) after `since` messages. */
  next: (to: string, since?: number) => Promise<ReceivedMail>;
  close: () => Promise<void>;
}

/** An in-process SMTP server that keeps what it receives, parsed with postal-mime. */
export async function startMailbox(): Promise<Mailbox> {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks)).then(
          (mail) => {
            received.push({
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: mail.html ?? '',
            });
            waiters.splice(0).forEach((wake) => wake());
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;

  const next: Mailbox['next'] = async (to, since = 0) => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const found = received.slice(since).find((m) => m.to.includes(to.toLowerCase()));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail to ${to} arrived`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  };
  return { url: `smtp://127.0.0.1:${port}`, received, next, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The six-digit code in a message. */
export function codeIn(mail: { text: string }): string {
  const match = /\b(\d{6})\b/.exec(mail.text);
  if (!match) throw new Error(`no code in: ${mail.text}`);
  return match[1]!;
}

/**
 * Registers the hooks of a test file that sends codes: an API harness and an in-process SMTP server
 * as its mail transport, and fresh throttling counters before each test. Read the fields in tests
 * (they are set once `beforeAll` has run).
 */
export function withMailbox(): { h: ApiHarness; mailbox: Mailbox } {
  const env = {} as { h: ApiHarness; mailbox: Mailbox };
  beforeAll(async () => {
    [env.h, env.mailbox] = await Promise.all([createApiHarness({ products: 20 }), startMailbox()]);
  });
  afterAll(async () => {
    delete process.env.SMTP_URL;
    await Promise.all([env.h.db.destroy(), env.mailbox.close()]);
  });
  beforeEach(async () => {
    process.env.SMTP_URL = env.mailbox.url;
    await resetRateLimits();
  });
  return env;
}
