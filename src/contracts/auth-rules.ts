/** Account rules shared by the API's schemas and the browser's forms; free of zod on purpose. */

/** A mainland China mobile number: 11 digits starting 13–19 (an optional +86 or 86 is dropped). */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
/** A practical e-mail check (the server sends to it; the mailbox decides the rest). */
export const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;
export const VERIFY_CODE_PATTERN = /^\d{6}$/;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;

/** An e-mail address in lower case, or the 11 digits of a mobile number; null when it is neither. */
export function normaliseLoginName(value: string): string | null {
  const text = value.trim();
  const digits = text.replace(/[\s-]/g, '').replace(/^(\+?86)(?=1\d{10}$)/, '');
  if (PHONE_PATTERN.test(digits)) return digits;
  if (text.length <= 100 && EMAIL_PATTERN.test(text)) return text.toLowerCase();
  return null;
}
