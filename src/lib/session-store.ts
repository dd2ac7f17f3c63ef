import type { SessionUser } from '@/contracts/auth';

/**
 * The browser's copy of the session (docs/requirements/account.md#session): the token in local storage under `token`,
 * sent as `Authorization` by the API client, and the user under `user`. The server's HttpOnly
 * cookie carries the same token for page requests; no cookie copy of the user is kept
 * (ADR 0012).
 */
export interface LocalSessionUser {
  name: string;
  company: string;
  branch: string;
  job: string;
  userinfoNo: string;
  fileName: string;
}

const TOKEN_KEY = 'token';
const USER_KEY = 'user';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  return storage()?.getItem(TOKEN_KEY) || null;
}

export function setToken(token: string): void {
  storage()?.setItem(TOKEN_KEY, token);
}

export function getLocalUser(): LocalSessionUser | null {
  const raw = storage()?.getItem(USER_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as LocalSessionUser;
  } catch {
    return null;
  }
}

/** Keeps the token and the local copy of the user after a successful sign-in. */
export function saveSession(user: SessionUser): void {
  const local: LocalSessionUser = {
    name: user.username, company: user.companyName, branch: user.branch, job: user.job, userinfoNo: user.userinfoNo, fileName: user.fileName,
  };
  storage()?.setItem(TOKEN_KEY, user.token);
  storage()?.setItem(USER_KEY, JSON.stringify(local));
}

/** Forgets the token and the user (logout, cancelled re-login, closed login dialog). */
export function clearSession(): void {
  storage()?.removeItem(TOKEN_KEY);
  storage()?.removeItem(USER_KEY);
}
