import 'server-only';
import type { Actor } from '@/server/auth/actor';
import type { Db } from '@/server/db/client';
import type { Lang } from '@/lib/lang';

export interface AppVariables {
  db: Db;
  requestId: string;
  lang: Lang;
  actor: Actor;
  /** The session token of this request and where it came from; null for guests. */
  session: { token: string; via: 'cookie' | 'header' } | null;
}

export interface AppEnv {
  Variables: AppVariables;
}
