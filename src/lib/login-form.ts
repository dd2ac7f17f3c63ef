import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, VERIFY_CODE_PATTERN, normaliseLoginName } from '@/contracts/auth-rules';

/** The login dialog's modes and fields (docs/requirements/account.md#login-dialog, #registration). */
export type LoginMode = 'login' | 'register' | 'reset';
export type LoginMethod = 'password' | 'code';
export type LoginField = 'loginName' | 'password' | 'repeatPwd' | 'verifyCode';

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
