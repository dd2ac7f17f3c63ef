import 'server-only';
import { sendMail } from '@/server/modules/mail/mailer';
import { sendSms } from '@/server/modules/mail/sms';
import { fillTemplate, mailHtml } from '@/server/modules/mail/templates';
import { serverMessages, type Messages } from '@/server/messages';
import { CODE_TTL_SECONDS, channelOf, type CodePurpose } from './codes';
import type { Lang } from '@/lib/lang';

/** Why an account's owner is told something without a code (only the mailbox owner learns it). */
export type NoticeReason = 'noAccount' | 'alreadyRegistered' | 'noInvitation' | 'notActivated' | 'addedElsewhere';

/** What a code request tells the target: the code, or why there is none (only the mailbox owner learns it). */
export type CodeNotice =
  | { kind: 'code'; code: string }
  | { kind: Exclude<NoticeReason, 'addedElsewhere'> };

type MailTexts = Messages['authMail'];

function text(lang: Lang, key: Exclude<keyof MailTexts, 'actions'>, params: Record<string, string> = {}): string {
  return fillTemplate(serverMessages(lang).authMail[key], params);
}

function action(lang: Lang, purpose: CodePurpose): string {
  return serverMessages(lang).authMail.actions[purpose];
}

/** Sends a code or a notice by e-mail or SMS, in the requester's language. */
export async function deliverCodeNotice(target: string, purpose: CodePurpose, lang: Lang, notice: CodeNotice): Promise<void> {
  const params = { action: action(lang, purpose), minutes: String(CODE_TTL_SECONDS / 60), code: notice.kind === 'code' ? notice.code : '' };
  if (notice.kind !== 'code') {
    await deliverNotice(target, [lang], notice.kind, params);
    return;
  }
  if (channelOf(target) === 'sms') {
    await sendSms({ to: target, kind: purpose, code: notice.code, minutes: CODE_TTL_SECONDS / 60, text: text(lang, 'smsCode', params) });
    return;
  }
  const body = text(lang, 'codeBody', params);
  await sendMail({ to: target, subject: text(lang, 'codeSubject', params), text: body, html: mailHtml(body, notice.code) });
}

/**
 * Sends a notice without a code by e-mail or SMS, in each of `langs` one after the other (when the
 * owner's language is not known).
 */
export async function deliverNotice(target: string, langs: readonly Lang[], reason: NoticeReason, params: Record<string, string> = {}): Promise<void> {
  if (channelOf(target) === 'sms') {
    await sendSms({ to: target, kind: reason, text: langs.map((lang) => text(lang, 'smsNotice', { ...params, reason: text(lang, reason, params) })).join('\n') });
    return;
  }
  const body = langs.map((lang) => `${text(lang, 'greeting')}\n\n${text(lang, reason, params)}\n\n${text(lang, 'ignore')}`).join('\n\n————————\n\n');
  await sendMail({ to: target, subject: langs.map((lang) => text(lang, 'noticeSubject', params)).join(' | '), text: body, html: mailHtml(body) });
}
