import 'server-only';
import type { ApiLang } from '@/server/http/locale';
import { sendMail } from '@/server/modules/mail/mailer';
import { getSmsSender } from '@/server/modules/mail/sms';
import en from '../../../../messages/en.json';
import zh from '../../../../messages/zh.json';
import { CODE_TTL_SECONDS, channelOf, type CodePurpose } from './codes';

/** What a code request tells the target: the code, or why there is none (only the mailbox owner learns it). */
export type CodeNotice =
  | { kind: 'code'; code: string }
  | { kind: 'noAccount' | 'alreadyRegistered' | 'noInvitation' | 'notActivated' };

type MailTexts = (typeof zh)['authMail'];

function text(lang: ApiLang, key: Exclude<keyof MailTexts, 'actions'>, params: Record<string, string> = {}): string {
  const template = (lang === 'en' ? en : zh).authMail[key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}

function action(lang: ApiLang, purpose: CodePurpose): string {
  return (lang === 'en' ? en : zh).authMail.actions[purpose];
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function html(body: string, code?: string): string {
  const paragraphs = body
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 12px">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
  const big = code ? `<p style="font-size:28px;font-weight:600;letter-spacing:6px;margin:16px 0">${escapeHtml(code)}</p>` : '';
  return `<!doctype html><html><body style="font:14px/1.6 -apple-system,'PingFang SC','Microsoft YaHei',Arial,sans-serif;color:#1f2937">${big}${paragraphs}</body></html>`;
}

/** Sends a code or a notice by e-mail or SMS, in the requester's language. */
export async function deliverCodeNotice(target: string, purpose: CodePurpose, lang: ApiLang, notice: CodeNotice): Promise<void> {
  const params = { action: action(lang, purpose), minutes: String(CODE_TTL_SECONDS / 60), code: notice.kind === 'code' ? notice.code : '' };
  if (channelOf(target) === 'sms') {
    const message = notice.kind === 'code' ? text(lang, 'smsCode', params) : text(lang, 'smsNotice', { ...params, reason: text(lang, notice.kind, params) });
    await getSmsSender().send(target, message);
    return;
  }
  if (notice.kind === 'code') {
    const body = text(lang, 'codeBody', params);
    await sendMail({ to: target, subject: text(lang, 'codeSubject', params), text: body, html: html(body, notice.code) });
    return;
  }
  const body = `${text(lang, 'greeting')}\n\n${text(lang, notice.kind, params)}\n\n${text(lang, 'ignore')}`;
  await sendMail({ to: target, subject: text(lang, 'noticeSubject', params), text: body, html: html(body) });
}
