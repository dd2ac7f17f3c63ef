import { createApp, type ApiApp } from '@/server/api/app';
import { sha256Hex } from '@/lib/sha256';
import { createTestDatabase, fileFixture, type TestDatabase } from './test-db';

export interface ApiHarness {
  app: ApiApp;
  db: TestDatabase;
  /** JSON request helper that returns status and parsed envelope. */
  call: (method: string, path: string, options?: CallOptions) => Promise<{ status: number; body: Envelope; headers: Headers }>;
  loginUser: (loginName: string, password: string) => Promise<string>;
  loginStaff: (loginName: string, password: string) => Promise<string>;
}

export interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

export interface CallOptions {
  json?: unknown;
  form?: Record<string, string>;
  body?: string;
  headers?: Record<string, string>;
  token?: string;
}

/** The app on a fresh seeded test database, or on `database` when one is given (it stays the caller's to drop). */
export async function createApiHarness(options: { products?: number; database?: TestDatabase } = {}): Promise<ApiHarness> {
  const db = options.database ?? (await createTestDatabase(options));
  const app = createApp({ getDb: async () => db.db });
  const call: ApiHarness['call'] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    let body: string | undefined = opts.body;
    if (opts.json !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(opts.json);
    } else if (opts.form) {
      headers['content-type'] ??= 'application/x-www-form-urlencoded';
      body = new URLSearchParams(opts.form).toString();
    }
    if (opts.token) headers.authorization = opts.token;
    const res = await app.request(path, { method, headers, body });
    const text = await res.text();
    let parsed: Envelope;
    try {
      parsed = JSON.parse(text) as Envelope;
    } catch {
      throw new Error(`Not JSON (${res.status}): ${text.slice(0, 200)}`);
    }
    return { status: res.status, body: parsed, headers: res.headers };
  };
  const login = (base: string) => async (loginName: string, password: string) => {
    const res = await call('POST', `${base}/login`, { form: { loginName, password: await sha256Hex(password) } });
    const data = res.body.data as { user?: { token?: string } } | null;
    if (res.status !== 200 || !data?.user?.token) throw new Error(`login failed for ${loginName}: ${JSON.stringify(res.body)}`);
    return data.user.token;
  };
  return { app, db, call, loginUser: login('/api/web/auth'), loginStaff: login('/api/admin/auth') };
}

/** A test file's API harness (`createApiHarness`), made before its tests and dropped after them. */
export function fileApiHarness(options: { products?: number } = {}): ApiHarness {
  const current = fileFixture('API harness', () => createApiHarness(options), (harness) => harness.db.destroy());
  return {
    get app() {
      return current().app;
    },
    get db() {
      return current().db;
    },
    call: (...args) => current().call(...args),
    loginUser: (...args) => current().loginUser(...args),
    loginStaff: (...args) => current().loginStaff(...args),
  };
}

/**
 * An answer as a client compares it with another: errors carry the request's own id (`requestId`),
 * which differs between any two requests; everything else must be the same.
 */
export function sameAnswer(body: unknown): unknown {
  if (body === null || typeof body !== 'object') return body;
  const { requestId: _requestId, ...rest } = body as Record<string, unknown>;
  return rest;
}
