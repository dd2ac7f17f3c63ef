import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkMigrationFiles } from '@/server/db/migrate';
import { StartupError } from '@/server/db/startup-error';
import { siteUrlProblem } from './startup';

const root = path.resolve(__dirname, '../..');
const temp = mkdtempSync(path.join(tmpdir(), 'startup-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** Runs `npm run db:migrate`'s script with the given environment. */
function runMigrate(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return runScript('scripts/migrate.ts', env);
}

/** Runs one of the scripts (`npm run db:migrate`'s, `npm start`'s) with the given environment. */
function runScript(script: string, env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', script], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', ...env },
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += String(chunk)));
    child.on('exit', (code) => resolve({ code, stderr: stderr.trim() }));
  });
}

describe('start-up failures give one line that says what to do', () => {
  it('a STRUCTURE_WORKERS that is not a whole number from 1 to 16', async () => {
    for (const value of ['four']) {
      const { code, stderr } = await runScript('scripts/start.ts', { STRUCTURE_WORKERS: value, DATA_DIR: path.join(temp, 'workers') });
      expect(code).toBe(1);
      expect(stderr.split('\n')).toHaveLength(1);
      expect(stderr).toBe(`error: STRUCTURE_WORKERS must be a whole number of structure worker threads from 1 to 16, or unset for the default; got "${value}"`);
    }
  });

  it('a production start without SITE_URL', async () => {
    const { code, stderr } = await runScript('scripts/start.ts', { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none', SITE_URL: '' });
    expect(code).toBe(1);
    expect(stderr).toBe('error: SITE_URL is not set: a production start needs the public address of the site for the links in mail (SITE_URL=https://shop.example.com).');
  });

  it('a corrupt embedded database folder', async () => {
    const dir = path.join(temp, 'corrupt');
    mkdirSync(path.join(dir, 'pglite'), { recursive: true });
    writeFileSync(path.join(dir, 'pglite', 'PG_VERSION'), 'not a database');
    const { code, stderr } = await runMigrate({ DATA_DIR: dir });
    expect(code).toBe(1);
    expect(stderr.split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/^error: .*could not be opened.*delete it to start afresh/);
  });

  it('a folder locked by a running process', async () => {
    const dir = path.join(temp, 'locked');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'pglite.lock'), String(process.pid));
    const { code, stderr } = await runMigrate({ DATA_DIR: dir });
    expect(code).toBe(1);
    expect(stderr).toBe(`error: the embedded database in ${dir} is in use by process ${process.pid}: stop it first, or set DATA_DIR to another folder.`);
  });

  it('an unreachable PostgreSQL', async () => {
    const { code, stderr } = await runMigrate({ DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' });
    expect(code).toBe(1);
    expect(stderr).toBe('error: cannot reach PostgreSQL (ECONNREFUSED): check DATABASE_URL, or unset it to use the embedded database.');
  });

  it('a DATABASE_URL that is not a URL', async () => {
    const { code, stderr } = await runMigrate({ DATABASE_URL: 'not a url' });
    expect(code).toBe(1);
    expect(stderr).toBe('error: DATABASE_URL is not a valid postgres:// URL.');
  });
});

describe('checkMigrationFiles', () => {
  it('counts the migrations of the repository', () => {
    expect(checkMigrationFiles(path.join(root, 'drizzle'))).toBeGreaterThanOrEqual(2);
  });

  it('names a migration missing from the folder', () => {
    const folder = path.join(temp, 'drizzle');
    cpSync(path.join(root, 'drizzle'), folder, { recursive: true });
    rmSync(path.join(folder, '0001_init.sql'));
    expect(() => checkMigrationFiles(folder)).toThrow(StartupError);
    expect(() => checkMigrationFiles(folder)).toThrow(/0001_init\.sql is missing/);
  });

  it('names a missing journal', () => {
    expect(() => checkMigrationFiles(path.join(temp, 'nowhere'))).toThrow(/_journal\.json not found/);
  });
});

describe('a production start without SITE_URL', () => {
  it('requires a valid SITE_URL of a production start on PostgreSQL, not in development nor on the embedded database', () => {
    const pg = { DATABASE_URL: 'postgres://shop@db/shop' };
    expect(siteUrlProblem(pg, false)).toMatch(/^SITE_URL is not set: a production start needs the public address/);
    expect(siteUrlProblem({ ...pg, SITE_URL: ' ' }, false)).toMatch(/^SITE_URL is not set/);
    expect(siteUrlProblem({ ...pg, SITE_URL: 'shop.example.com' }, false)).toMatch(/^SITE_URL is not an address/);
    expect(siteUrlProblem({ ...pg, SITE_URL: 'ftp://shop.example.com' }, false)).toMatch(/^SITE_URL must be an http\(s\) address/);
    expect(siteUrlProblem({ ...pg, SITE_URL: 'https://shop.example.com/shop?x=1' }, false)).toMatch(/^SITE_URL must be the site's origin/);
    expect(siteUrlProblem({ ...pg, SITE_URL: 'https://shop.example.com' }, false)).toBeNull();
    expect(siteUrlProblem({ ...pg, SITE_URL: 'https://shop.example.com/' }, false)).toBeNull();
    expect(siteUrlProblem(pg, true)).toBeNull();
    expect(siteUrlProblem({}, false)).toBeNull();
  });
});
