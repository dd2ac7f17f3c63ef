import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'go-live-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs an npm script's file on the embedded database of this file's own data folder. */
function run(script: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', script, ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', ADMIN_PASSWORD: '', SITE_URL: '', SMTP_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += String(chunk)));
    child.stderr.on('data', (chunk) => (stderr += String(chunk)));
    child.on('exit', (code) => resolve({ code, stdout: stdout.trim(), stderr: stderr.trim() }));
  });
}

describe('npm run admin:create and npm run doctor', () => {
  it('asks for a login, and for a password when there is no terminal to type it on', async () => {
    expect(await run('scripts/admin-create.ts', [])).toMatchObject({ code: 1, stderr: 'error: give the login of the new administrator: npm run admin:create -- --login <name>' });
    const noPassword = await run('scripts/admin-create.ts', ['--login', 'owner']);
    expect(noPassword).toMatchObject({ code: 1, stderr: 'error: set ADMIN_PASSWORD, or run the command on a terminal to type the password.' });
  });

  it('creates the first administrator of an empty database, then refuses the same login; the doctor finds it', async () => {
    const created = await run('scripts/admin-create.ts', ['--login', 'Owner', '--name', '店主'], { ADMIN_PASSWORD: 'Kaiye-2026!shop' });
    expect(created.stderr).toBe('');
    expect(created.stdout).toMatch(/^Created the super administrator "owner" in .*: sign in at \/admin\/login\.$/);
    expect(created.code).toBe(0);
    const again = await run('scripts/admin-create.ts', ['--login', 'owner'], { ADMIN_PASSWORD: 'Another-2026!shop' });
    expect(again).toMatchObject({ code: 1, stderr: 'error: a staff member with the login "owner" exists already: choose another login, or reset that member\'s password in the back-office.' });
    const doctor = await run('scripts/doctor.ts', []);
    expect(doctor.code).toBe(1);
    expect(doctor.stdout.split('\n')).toEqual(expect.arrayContaining([
      expect.stringMatching(/^todo {2}database {9}the embedded database/),
      'ok    administrator    super administrators: owner',
      'ok    demoAccounts     no demo account signs in with its printed password',
      expect.stringMatching(/^todo {2}icpNumber {8}no ICP filing number/),
      expect.stringMatching(/^\d+ things left to do \(docs\/deployment\.md, "Going live"\)\.$/),
    ]));
  }, 120_000);
});
