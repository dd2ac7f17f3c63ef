import 'server-only';
import { sendMail } from '@/server/modules/mail/mailer';
import { getSmsSender } from '@/server/modules/mail/sms';
import { fillTemplate, mailHtml } from '@/server/modules/mail/templates';
import { serverMessages, type Messages } from '@/server/messages';
import { CODE_TTL_SECONDS, channelOf, type CodePurpose } from './codes';
import type { Lang } from '@/lib/lang';

/** What a code request tells the target: the code, or why there is none (only the mailbox owner learns it). */
export type CodeNotice =
  | { kind: 'code'; code: string }
  | { kind: 'noAccount' | 'alreadyRegistered' | 'noInvitation' | 'notActivated' };

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
  if (channelOf(target) === 'sms') {
    const message = notice.kind === 'code' ? text(lang, 'smsCode', params) : text(lang, 'smsNotice', { ...params, reason: text(lang, notice.kind, params) });
    await getSmsSender().send(target, message);
    return;
  }
  if (notice.kind === 'code') {
    const body = text(lang, 'codeBody', params);
    await sendMail({ to: target, subject: text(lang, 'codeSubject', params), text: body, html: mailHtml(body, notice.code) });
    return;
  }
  const body = `${text(lang, 'greeting')}\n\n${text(lang, notice.kind, params)}\n\n${text(lang, 'ignore')}`;
  await sendMail({ to: target, subject: text(lang, 'noticeSubject', params), text: body, html: mailHtml(body) });
}
