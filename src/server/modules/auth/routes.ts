import 'server-only';
import { emptySchema, loginInputSchema, loginOutputSchema, staffLoginOutputSchema } from '@/contracts/auth';
import { clearSessionCookie, clientInfo, setSessionCookie } from '@/server/http/cookies';
import { apiText } from '@/server/http/locale';
import { Reply, createRouter } from '@/server/http/router';
import { loginStaff, loginUser, logout } from './service';

export const authWebRouter = createRouter('/api/web/auth');

// POST /api/web/auth/login — customer sign-in; sets the session cookie and returns the token
authWebRouter.endpoint(
  {
    method: 'post', path: '/login', tags: ['auth'], summary: 'Customer sign-in (password as SHA-256 hex)',
    input: loginInputSchema, output: loginOutputSchema,
  },
  async (input, c) => {
    const result = await loginUser(c.get('db'), input, clientInfo(c));
    setSessionCookie(c, result.token, result.expiresAt);
    return new Reply({ user: result.user }, apiText(c.get('lang'), 'messages', 'loggedIn'));
  },
);

// POST /api/web/auth/logout — revokes the current session
authWebRouter.endpoint(
  { method: 'post', path: '/logout', tags: ['auth'], summary: 'Sign out (revokes the session)', output: emptySchema },
  async (_input, c) => {
    await logout(c.get('db'), c.get('session')?.token);
    clearSessionCookie(c);
    return null;
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
    const result = await loginStaff(c.get('db'), input, clientInfo(c));
    setSessionCookie(c, result.token, result.expiresAt);
    return new Reply({ user: result.user }, apiText(c.get('lang'), 'messages', 'loggedIn'));
  },
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
