import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { openDatabase, type DbHandle } from '@/server/db/client';
import { StartupError } from '@/server/db/startup-error';

/** Prints a failure as one line that says what to do, and exits non-zero. */
export function exitWithError(error: unknown): never {
  const message = error instanceof StartupError ? error.message : describe(error);
  process.stderr.write(`error: ${message}\n`);
  if (process.env.DEBUG === '1' && error instanceof Error) process.stderr.write(`${error.stack}\n`);
  process.exit(1);
}

/** The innermost cause: drivers' errors arrive wrapped in the ORM's query errors. */
function rootCause(error: unknown): unknown {
  let current = error;
  for (let depth = 0; depth < 5; depth++) {
    const cause = (current as { cause?: unknown } | null)?.cause;
    if (!cause) break;
    current = cause;
  }
  return current;
}

function describe(error: unknown): string {
  const root = rootCause(error);
  const text = root instanceof Error ? `${root.name}: ${root.message}` : String(root);
  const code = (root as { code?: string } | null)?.code;
  if (process.env.DATABASE_URL) {
    if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ETIMEDOUT') {
      return `cannot reach PostgreSQL (${code}): check DATABASE_URL, or unset it to use the embedded database.`;
    }
    if (code === '28P01' || code === '28000') return 'PostgreSQL refused the credentials in DATABASE_URL: fix the user or password.';
    if (code === '3D000') return 'the database named in DATABASE_URL does not exist: create it (createdb) or fix the URL.';
    if (code === 'ERR_INVALID_URL' || /Invalid URL/i.test(text)) return 'DATABASE_URL is not a valid postgres:// URL.';
  }
  return `${text.split('\n')[0]} (set DEBUG=1 for details)`;
}

/** One process at a time may open the embedded database folder. */
export function acquireDataLock(dataDir: string): () => void {
  const lockPath = path.join(path.dirname(dataDir), 'pglite.lock');
  try {
    mkdirSync(path.dirname(dataDir), { recursive: true });
  } catch {
    throw new StartupError(`cannot create ${path.dirname(dataDir)}: check the path and its permissions, or set DATA_DIR to another folder.`);
  }
  if (existsSync(lockPath)) {
    const pid = Number(readFileSync(lockPath, 'utf8').trim());
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new StartupError(`the embedded database in ${path.dirname(dataDir)} is in use by process ${pid}: stop it first, or set DATA_DIR to another folder.`);
    }
    rmSync(lockPath, { force: true });
  }
  let fd: number;
  try {
    fd = openSync(lockPath, 'wx');
  } catch {
    throw new StartupError(`cannot lock ${lockPath}: check that the folder is writable, or set DATA_DIR to another folder.`);
  }
  writeSync(fd, String(process.pid));
  closeSync(fd);
  return () => rmSync(lockPath, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
}

/** Opens the configured database, turning driver failures into one-line guidance. */
export async function openConfiguredDatabase(): Promise<DbHandle> {
  let handle: DbHandle;
  try {
    handle = await openDatabase();
  } catch (error) {
    if (process.env.DATABASE_URL) throw error;
    throw new StartupError(
      `the embedded database in ${process.env.DATA_DIR ?? '.data'}/pglite could not be opened (corrupt, or written by another version): move the folder away or delete it to start afresh.`,
    );
  }
  return handle;
}

/**
 * Why a production start (`npm start` on PostgreSQL, not `--dev`) may not go on without a valid `SITE_URL`:
 * the links that mail carries (orders, quotations, cases, password resets) and the canonical addresses are
 * made from it, never from the host a request named. Null when it is a valid http(s) address, in
 * development, and on the embedded database (a trial on one's own machine).
 */
export function siteUrlProblem(env: Readonly<Record<string, string | undefined>>, dev: boolean): string | null {
  if (dev || !env.DATABASE_URL) return null;
  const value = (env.SITE_URL ?? '').trim();
  if (value === '') return 'SITE_URL is not set: a production start needs the public address of the site for the links in mail (SITE_URL=https://shop.example.com).';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `SITE_URL is not an address: "${value}" (SITE_URL=https://shop.example.com).`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `SITE_URL must be an http(s) address, got "${value}".`;
  if (url.pathname !== '/' || url.search || url.hash) return `SITE_URL must be the site's origin, without a path, query or fragment; got "${value}".`;
  return null;
}
