import 'server-only';
import { createHash } from 'node:crypto';
import { AppError } from '@/server/errors';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Passwords of 8 or more characters that top the published lists of leaked passwords. The server
 * only sees the SHA-256 of a password, so it can refuse these (and the login name) but cannot
 * count characters: the browser checks the length.
 */
const COMMON_PASSWORDS = [
  '12345678', '123456789', '1234567890', '11111111', '00000000', '88888888', '66666666', '87654321',
  '12341234', '11223344', '123123123', '147258369', '123456123', '5201314520', '1314520520',
  'password', 'password1', 'password123', 'passw0rd', 'p@ssw0rd', 'iloveyou', 'sunshine', 'princess',
  'qwertyui', 'qwerty123', 'qwertyuiop', 'asdfghjk', 'zxcvbnm1', '1qaz2wsx', '1q2w3e4r', 'q1w2e3r4',
  'abc12345', 'abcd1234', 'a1234567', 'a12345678', 'aa123456', 'aa12345678', 'woaini1314', 'woaini520',
  'admin123', 'admin888', 'welcome1', 'football', 'baseball', 'whatever', 'trustno1', 'letmein1',
];
const COMMON_DIGESTS = new Set(COMMON_PASSWORDS.map(sha256));

/**
 * The rules the server can check on a new password digest: the repeat matches, it is not a
 * well-known password, and it is not the login name itself.
 */
export function checkNewPassword(params: { loginName: string; password: string; repeatPwd: string }): void {
  if (params.password !== params.repeatPwd) {
    throw new AppError(400, 'passwordMismatch', [{ field: 'repeatPwd', message: 'passwordMismatch' }]);
  }
  if (COMMON_DIGESTS.has(params.password) || params.password === sha256(params.loginName) || params.password === sha256('')) {
    throw new AppError(400, 'passwordTooWeak', [{ field: 'password', message: 'passwordTooWeak' }]);
  }
}
