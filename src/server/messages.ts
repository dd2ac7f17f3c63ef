import 'server-only';
import type { Lang } from '@/lib/lang';
import en from '../../messages/en.json';
import zh from '../../messages/zh.json';

export type Messages = typeof zh;

/** The UI strings of a language, for the texts the server writes itself: API messages, mails, labels. */
export function serverMessages(lang: Lang): Messages {
  return lang === 'en' ? en : zh;
}
