import 'server-only';
import type { Context } from 'hono';
import type { z } from 'zod';
import {
  changePasswordInputSchema, emptySchema, loginByCodeInputSchema, loginInputSchema, loginOutputSchema, registerInputSchema,
  renewOutputSchema, resetPasswordInputSchema, sendCodeInputSchema, sendCodeOutputSchema, staffLoginOutputSchema,
} from '@/contracts/auth';
import { clearSessionCookie, clientInfo, setSessionCookie } from '@/server/http/cookies';
import type { SubjectType } from '@/server/auth/sessions';
import type { AppEnv } from '@/server/http/context';
import { AppError } from '@/server/errors';
import { apiText } from '@/server/http/locale';
import { Reply, createRouter, type EndpointSpec } from '@/server/http/router';
import { changePassword, register, resetPassword } from './registration';
import { sendCode } from './send-code';
import { loginStaff, loginUser, loginUserByCode, logout, renewSession, type ClientInfo, type StartedSession } from './service';
import { throttledAttempt } from './throttle';

function client(c: Context<AppEnv>): ClientInfo & { ip: string } {
  return { ...clientInfo(c), previousToken: c.get('session')?.token };
}

/** Sets the cookie of a new customer session and answers `{ user }` with a message. */
function signedIn(c: Context<AppEnv>, result: StartedSession, message: string) {
  setSessionCookie(c, result.token, result.expiresAt);
  return new Reply({ user: result.user }, apiText(c.get('lang'), 'messages', message));
}

export const authWebRouter = createRouter('/api/web/auth');

const loginSpec: EndpointSpec<typeof loginInputSchema, typeof loginOutputSchema> = {
  method: 'post', path: '/login', tags: ['auth'], summary: 'Customer sign-in (password as SHA-256 hex)',
  description: 'Throttled per login name and per client address with backoff (429 with retryAfter). One answer for unknown accounts and wrong passwords.',
  input: loginInputSchema, output: loginOutputSchema,
};

const loginHandler = async (input: z.output<typeof loginInputSchema>, c: Context<AppEnv>) => {
  const info = client(c);
  const result = await throttledAttempt(input.loginName, info.ip, () => loginUser(c.get('db'), input, info));
  return signedIn(c, result, 'loggedIn');
};

const logoutSpec: EndpointSpec<z.ZodType, typeof emptySchema> = { method: 'post', path: '/logout', tags: ['auth'], summary: 'Sign out (revokes the session)', output: emptySchema };

const logoutHandler = async (_input: unknown, c: Context<AppEnv>) => {
  await logout(c.get('db'), c.get('session')?.token);
  clearSessionCookie(c);
  return null;
};

// POST /api/web/auth/login — customer sign-in; rotates the session, sets the cookie and returns the token
authWebRouter.endpoint(loginSpec, loginHandler);

// POST /api/web/auth/logout — revokes the current session
authWebRouter.endpoint(logoutSpec, logoutHandler);

/** The back-office table of docs/requirements/api.md#back-office-calls names the same two calls under the customer area's base. */
export const userSessionAppRouter = createRouter('/api/app/user');

// POST /api/app/user/login — the customer sign-in under the back-office path of docs/requirements/api.md#back-office-calls
userSessionAppRouter.endpoint(loginSpec, loginHandler);

// POST /api/app/user/logout — the customer sign-out under the back-office path of docs/requirements/api.md#back-office-calls
userSessionAppRouter.endpoint(logoutSpec, logoutHandler);

// POST /api/web/auth/sendCode — sends a 6-digit code (or a notice) by e-mail or SMS; one answer for every target
authWebRouter.endpoint(
  {
    method: 'post', path: '/sendCode', tags: ['auth'], summary: 'Send a verification code (login, register, reset)',
    description: 'Valid 5 minutes, 5 tries. 429 codeCooldown within 60 s of the previous code to the same target; 429 tooManyCodes past 20 an hour per address or 10 a day per target.',
    input: sendCodeInputSchema, output: sendCodeOutputSchema,
  },
  async (input, c) => {
    const data = await sendCode(c.get('db'), input, { ip: clientInfo(c).ip, lang: c.get('lang') });
    return new Reply(data, apiText(c.get('lang'), 'messages', 'codeSent'));
  },
);

// POST /api/web/auth/register — registers a user account, or activates an employee account, with a code
authWebRouter.endpoint(
  {
    method: 'post', path: '/register', tags: ['auth'], summary: 'Register (user) or activate (employee) with a code; signs in',
    input: registerInputSchema, output: loginOutputSchema,
  },
  async (input, c) => {
    const info = client(c);
    const result = await throttledAttempt(input.loginName, info.ip, () => register(c.get('db'), input, info));
    return signedIn(c, result, 'registered');
  },
);

// POST /api/web/auth/resetPassword — sets a new password with a code, revokes every session, signs in
authWebRouter.endpoint(
  {
    method: 'post', path: '/resetPassword', tags: ['auth'], summary: 'Reset the password with a code; revokes all sessions and signs in',
    input: resetPasswordInputSchema, output: loginOutputSchema,
  },
  async (input, c) => {
    const info = client(c);
    const result = await throttledAttempt(input.loginName, info.ip, () => resetPassword(c.get('db'), input, info));
    return signedIn(c, result, 'passwordReset');
  },
);

// POST /api/web/auth/changePassword — the signed-in customer changes the password; every other session ends
authWebRouter.endpoint(
  {
    method: 'post', path: '/changePassword', tags: ['auth'], summary: 'Change the password (revokes every other session)',
    input: changePasswordInputSchema, output: emptySchema, audience: 'user',
  },
  async (input, c) => {
    const actor = c.get('actor');
    const token = c.get('session')?.token;
    if (actor.kind !== 'user' || !token) throw new AppError(401);
    await throttledAttempt(actor.loginName, clientInfo(c).ip, () =>
      changePassword(c.get('db'), { ...input, userId: actor.userId, loginName: actor.loginName, keepToken: token }),
    );
    return new Reply(null, apiText(c.get('lang'), 'messages', 'passwordChanged'));
  },
);

/** The answer to 402: a new token continuing the same sign-in, as the cookie and in the body. */
async function renewed(c: Context<AppEnv>, subjectType: SubjectType) {
  const next = await renewSession(c.get('db'), { token: c.get('session')?.token, subjectType }, clientInfo(c));
  setSessionCookie(c, next.token, next.expiresAt);
  return { token: next.token };
}

// POST /api/web/auth/renew — swaps the customer's token for a new one (the client's answer to 402)
authWebRouter.endpoint(
  {
    method: 'post', path: '/renew', tags: ['auth'], summary: 'Renew the customer session silently (answer to code 402)',
    description: 'Customer tokens only (401 for staff tokens). The new token never outlives the session: 30 days from sign-in by default (SESSION_MAX_AGE_USER_HOURS).',
    output: renewOutputSchema,
  },
  async (_input, c) => renewed(c, 'user'),
);

export const registerWebRouter = createRouter('/api/web/register');

// POST /api/web/register/loginByCode — customer sign-in with a code; body field `data` = { loginName, verifyCode }
registerWebRouter.endpoint(
  {
    method: 'post', path: '/loginByCode', tags: ['auth'], summary: 'Customer sign-in by verification code',
    description: '`data` is an object { loginName, verifyCode } in a JSON body, or its JSON text in a form body.',
    input: loginByCodeInputSchema, output: loginOutputSchema,
  },
  async (input, c) => {
    const info = client(c);
    const result = await throttledAttempt(input.data.loginName, info.ip, () => loginUserByCode(c.get('db'), input.data, info));
    return signedIn(c, result, 'loggedIn');
  },
);

export const authAdminRouter = createRouter('/api/admin/auth');

// POST /api/admin/auth/login — staff sign-in to the back-office
authAdminRouter.endpoint(
  {
    method: 'post', path: '/login', tags: ['admin'], summary: 'Staff sign-in (password as SHA-256 hex)',
    input: loginInputSchema, output: staffLoginOutputSchema,
  },
  async (input, c) => {
    const info = client(c);
    const result = await throttledAttempt(`staff:${input.loginName}`, info.ip, () => loginStaff(c.get('db'), input, info));
    setSessionCookie(c, result.token, result.expiresAt);
    return new Reply({ user: result.user }, apiText(c.get('lang'), 'messages', 'loggedIn'));
  },
);

// POST /api/admin/auth/renew — swaps the staff token for a new one (the back-office's answer to 402)
authAdminRouter.endpoint(
  {
    method: 'post', path: '/renew', tags: ['admin'], summary: 'Renew the staff session (answer to code 402)',
    description: 'Staff tokens only (401 for customer tokens). The new token never outlives the session: 12 hours from sign-in by default (SESSION_MAX_AGE_STAFF_HOURS).',
    output: renewOutputSchema,
  },
  async (_input, c) => renewed(c, 'staff'),
);

// POST /api/admin/auth/logout — revokes the staff session
authAdminRouter.endpoint(
  { method: 'post', path: '/logout', tags: ['admin'], summary: 'Staff sign-out', output: emptySchema },
  async (_input, c) => {
    await logout(c.get('db'), c.get('session')?.token);
    clearSessionCookie(c);
    return null;
  },
);
