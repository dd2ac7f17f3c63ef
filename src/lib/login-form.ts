import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PHONE_PATTERN, VERIFY_CODE_PATTERN, normaliseLoginName } from '@/contracts/auth-rules';

/** The login dialog's modes and fields (docs/requirements/account.md#login-dialog, #registration). */
export type LoginMode = 'login' | 'register' | 'reset';
export type LoginMethod = 'password' | 'code';
export type LoginField = 'loginName' | 'password' | 'repeatPwd' | 'verifyCode';
/** The inline tips under `auth.tips`: one per field, and the two of a code by text message. */
export type LoginTip = LoginField | TextMessageProblem;
export type TextMessageProblem = 'phoneUnavailable' | 'smsConsent';

export interface LoginFormValues {
  loginName: string;
  password: string;
  repeatPwd: string;
  verifyCode: string;
}

/** The fields a mode shows, in order. */
export function fieldsOf(mode: LoginMode, method: LoginMethod): LoginField[] {
  if (mode === 'login') return method === 'password' ? ['loginName', 'password'] : ['loginName', 'verifyCode'];
  return ['loginName', 'verifyCode', 'password', 'repeatPwd'];
}

/** Whether one field passes the browser's checks (the password by its length: the server sees only a digest). */
export function isFieldValid(field: LoginField, values: LoginFormValues): boolean {
  switch (field) {
    case 'loginName':
      return normaliseLoginName(values.loginName) !== null;
    case 'password':
      return values.password.length >= PASSWORD_MIN_LENGTH && values.password.length <= PASSWORD_MAX_LENGTH;
    case 'repeatPwd':
      return values.repeatPwd === values.password;
    case 'verifyCode':
      return VERIFY_CODE_PATTERN.test(values.verifyCode.trim());
  }
}

/** The fields of a mode whose inline tip should show. */
export function invalidFields(mode: LoginMode, method: LoginMethod, values: LoginFormValues): LoginField[] {
  return fieldsOf(mode, method).filter((f) => !isFieldValid(f, values));
}

/** Whether the mode works with a code (sent by e-mail, or by text message to a mobile number). */
export function sendsCode(mode: LoginMode, method: LoginMethod): boolean {
  return mode !== 'login' || method === 'code';
}

/** Whether the login name is a mobile number (a code to it goes by text message). */
export function isPhoneLoginName(loginName: string): boolean {
  const normalised = normaliseLoginName(loginName);
  return normalised !== null && PHONE_PATTERN.test(normalised);
}

/**
 * What stands in the way of a code by text message: the shop cannot text (`phoneUnavailable`: production
 * without an SMS provider), or the consent box is not ticked (`smsConsent`). Null for an e-mail address, a
 * mode without codes, or when nothing is missing.
 */
export function textMessageProblem(
  mode: LoginMode,
  method: LoginMethod,
  loginName: string,
  state: { phoneCodes: boolean; smsConsent: boolean },
): TextMessageProblem | null {
  if (!sendsCode(mode, method) || !isPhoneLoginName(loginName)) return null;
  if (!state.phoneCodes) return 'phoneUnavailable';
  return state.smsConsent ? null : 'smsConsent';
}
