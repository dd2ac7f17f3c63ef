import 'server-only';
import nodemailer, { type Transporter } from 'nodemailer';
import { log } from '@/server/log';
import { writeOutbox } from './outbox';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailReceipt {
  via: 'smtp' | 'outbox';
  /** The outbox file, for the outbox. */
  file?: string;
}

const DEFAULT_FROM = '"优试剂 YouReagent" <no-reply@reagent.example.com>';

let smtp: { url: string; transport: Transporter } | undefined;

function smtpTransport(url: string): Transporter {
  if (!smtp || smtp.url !== url) {
    smtp?.transport.close();
    smtp = { url, transport: nodemailer.createTransport(url) };
  }
  return smtp.transport;
}

/**
 * Sends over SMTP when SMTP_URL is set (`smtp://user:pass@host:587`, `smtps://…:465`); otherwise
 * writes the message as plain text into the outbox (`<DATA_DIR>/outbox`, see README).
 */
export async function sendMail(mail: OutgoingMail): Promise<MailReceipt> {
  const message = { from: process.env.MAIL_FROM || DEFAULT_FROM, ...mail };
  const url = process.env.SMTP_URL;
  if (url) {
    await smtpTransport(url).sendMail(message);
    log('info', 'mail.sent', { to: mail.to });
    return { via: 'smtp' };
  }
  // The outbox is for people reading it in a terminal: plain UTF-8 text, not a MIME-encoded message.
  const file = await writeOutbox(
    'mail',
    `From: ${message.from}\nTo: ${mail.to}\nSubject: ${mail.subject}\nDate: ${new Date().toISOString()}\n\n${mail.text}\n`,
  );
  log('info', 'mail.outbox', { to: mail.to, file });
  return { via: 'outbox', file };
}
