import 'server-only';
import { cookies, headers } from 'next/headers';
import { cache } from 'react';
import { getDb } from '@/server/db/client';
import { loadActor, type Actor } from './actor';
import { SESSION_COOKIE } from './sessions';
import { extractToken } from './token';

/** The actor of the current page request, resolved once per request. */
export const currentActor = cache(async (): Promise<Actor> => {
  const [cookieStore, headerStore] = await Promise.all([cookies(), headers()]);
  const found = extractToken({
    authorization: headerStore.get('authorization'),
    xToken: headerStore.get('x-token'),
    cookie: cookieStore.get(SESSION_COOKIE)?.value,
  });
  return loadActor(await getDb(), found?.token);
});
