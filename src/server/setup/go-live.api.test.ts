import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_REGISTRY, permissionsOfScope } from '@/server/auth/permissions';
import { buildOpenApiDocument } from '@/server/http/openapi';
import { apiRouters } from '@/server/api/routers';
import { openPostgres, rowsOf, type Db, type DbHandle } from '@/server/db/client';
import { StartupError } from '@/server/db/startup-error';
import { AdministratorRefused, createAdministrator } from './first-admin';
import { createApiHarness, type ApiHarness } from '../../../test/api';
import { fillPath, operationsOf, plausible, toText, type OpenApiDocument } from '../../../test/openapi-routes';
import { createEmptyTestDatabase, fileTestDatabase, type TestDatabase } from '../../../test/test-db';
import { demoAccountsWithPrintedPasswords, demoDataRequested, disableDemoAccounts, prepareShop } from './prepare';
import { DEMO_ACCOUNTS, isDemoDatabase } from '@/server/seed/seed-database';
import { createLocalFileStore } from '@/server/modules/files/store';
import { runDoctor, type DoctorFinding } from './doctor';
import { SMS_TEMPLATE_VARIABLES } from '@/server/modules/mail/sms-config';
import { SMS_KINDS } from '@/server/modules/mail/sms-message';
import { STANDARD_CARRIERS, STANDARD_STAFF_ROLES } from './reference-data';

/**
 * Going live (docs/deployment.md#going-live): a real shop's start writes the reference rows and no demo row,
 * its first administrator comes from `npm run admin:create`, and a database with the demo accounts whose
 * passwords the README prints is refused unless it is a demo database.
 */

/** The tables the demo shop writes rows into, and a real shop's start must leave empty. */
const DEMO_TABLES = [
  'staff', 'staff_teams', 'users', 'companies', 'brands', 'categories', 'products', 'product_packs', 'product_documents', 'product_lots',
  'web_settings', 'banners', 'content_categories', 'content_items', 'orders', 'quotations', 'contracts', 'complaints', 'expenses', 'testing_cases',
  'crm_contacts', 'suppliers', 'partners', 'audit_log',
] as const;

async function rowCounts(db: Db, tables: readonly string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of tables) {
    const [row] = rowsOf<{ n: number }>(await db.execute(sql.raw(`select count(*)::int as n from ${table}`)));
    out[table] = row?.n ?? -1;
  }
  return out;
}

const nothing = Object.fromEntries(DEMO_TABLES.map((t) => [t, 0]));

/** An empty file store of this file's own, removed when the file ends. */
const filesDir = mkdtempSync(path.join(tmpdir(), 'go-live-files-'));
afterAll(() => rmSync(filesDir, { recursive: true, force: true }));
const store = createLocalFileStore(filesDir);
const READY_ENV = { DATABASE_URL: 'postgres://shop@db/shop', SITE_URL: 'https://shop.example.com', SMTP_URL: 'smtps://mailer:secret@mail.example.com:465' };
const byCheck = (findings: DoctorFinding[]) => Object.fromEntries(findings.map((f) => [f.check, f]));
const STRONG = 'Kaiye-2026!shop';

describe('which start writes the demo', () => {
  it('is the embedded database, or PostgreSQL with DEMO_DATA=1', () => {
    expect(demoDataRequested({})).toBe(true);
    expect(demoDataRequested({ DATABASE_URL: '' })).toBe(true);
    expect(demoDataRequested({ DATABASE_URL: 'postgres://shop@db/shop' })).toBe(false);
    expect(demoDataRequested({ DATABASE_URL: 'postgres://shop@db/shop', DEMO_DATA: '0' })).toBe(false);
    expect(demoDataRequested({ DATABASE_URL: 'postgres://shop@db/shop', DEMO_DATA: '1' })).toBe(true);
  });
});

describe('a real shop on an empty database', () => {
  let db: TestDatabase;
  let h: ApiHarness;
  beforeAll(async () => {
    db = await createEmptyTestDatabase();
  });
  afterAll(async () => {
    await db.destroy();
  });

  it('is found not migrated by the doctor', async () => {
    expect(await runDoctor(db.db, store, READY_ENV, null)).toEqual([
      { check: 'database', ok: false, detail: 'the database is empty (not migrated): npm run db:migrate, or npm start' },
    ]);
  });

  it('gets the permissions, the menu and the standard staff roles, and no demo row', async () => {
    const prepared = await prepareShop(db, { demo: false });
    expect(prepared.seeded).toBeNull();
    expect(prepared.demo).toBe(false);
    expect(prepared.reference.permissions).toBe(PERMISSION_REGISTRY.length);
    expect(prepared.reference.menus).toBeGreaterThan(20);
    expect(prepared.reference.staffRoles).toBe(STANDARD_STAFF_ROLES.length);
    expect(prepared.reference.carriers).toBe(STANDARD_CARRIERS.length);
    expect(await rowCounts(db.db, DEMO_TABLES)).toEqual(nothing);
    expect(await rowCounts(db.db, ['permissions', 'menus', 'staff_roles'])).toEqual({
      permissions: PERMISSION_REGISTRY.length, menus: prepared.reference.menus, staff_roles: STANDARD_STAFF_ROLES.length,
    });
    expect(await isDemoDatabase(db.db)).toBe(false);
  });

  it('writes nothing more on the next start, and no demo when one is asked for on a shop with data of its own', async () => {
    const again = await prepareShop(db, { demo: false });
    expect(again.reference).toEqual({ permissions: PERMISSION_REGISTRY.length, menus: 0, staffRoles: 0, carriers: 0 });
    await createAdministrator(db.db, { loginName: 'owner', password: STRONG, name: '店主' });
    const asked = await prepareShop(db, { demo: true, products: 20 });
    expect(asked.seeded).toBeNull();
    expect((await rowCounts(db.db, ['products', 'users', 'staff']))).toEqual({ products: 0, users: 0, staff: 1 });
  });

  it('signs its first administrator in, who holds every back-office permission and finds its audit row', async () => {
    h = await createApiHarness({ database: db });
    const token = await h.loginStaff('owner', STRONG);
    const me = await h.call('GET', '/api/admin/me', { token });
    expect(me.status).toBe(200);
    expect([...((me.body.data as { permissions: string[] }).permissions)].sort()).toEqual([...permissionsOfScope('staff')].sort());
    const audit = rowsOf<{ actor_type: string; action: string; entity: string }>(await db.db.execute(sql`select actor_type, action, entity from audit_log`));
    expect(audit).toEqual([{ actor_type: 'system', action: 'create', entity: 'staff' }]);
  });

  it('shows the first administrator every getting-started step left, each ticked once its rows exist', async () => {
    const token = await h.loginStaff('owner', STRONG);
    const steps = async () => ((await h.call('GET', '/api/admin/dashboard/getting-started', { token })).body.data as { steps: { key: string; done: boolean }[] }).steps;
    expect(await steps()).toEqual(['siteSettings', 'brands', 'categories', 'import', 'staff'].map((key) => ({ key, done: false })));
    const brand = await h.call('POST', '/api/admin/catalog/brands', { token, json: { code: 'house', nameZh: '自有品牌', nameEn: 'House brand' } });
    expect(brand.status, JSON.stringify(brand.body)).toBe(200);
    expect((await steps()).filter((s) => s.done).map((s) => s.key)).toEqual(['brands']);
  });

  it('passes the doctor once configured, but for text messages and what the shop must show; names what an unconfigured start lacks', async () => {
    const ready = byCheck(await runDoctor(db.db, store, READY_ENV, null));
    expect(Object.fromEntries(Object.entries(ready).map(([k, f]) => [k, f.ok]))).toEqual({
      database: true, structures: true, siteUrl: true, mail: true, sms: false, administrator: true, demoAccounts: true, files: true,
      icpNumber: false, businessLicence: false, hazardousLicence: false, privacyPolicy: false,
    });
    expect(ready.mail?.detail).toBe('mail is sent through mail.example.com:465');
    expect(ready.administrator?.detail).toBe('super administrators: owner');
    expect(ready.files?.detail).toBe(`all 0 uploaded document files are in ${filesDir}`);
    const bare = byCheck(await runDoctor(db.db, store, { DATABASE_URL: 'postgres://shop@db/shop' }, 'SITE_URL is not set: …'));
    expect([bare.siteUrl, bare.mail].map((f) => [f?.ok, f?.detail])).toEqual([
      [false, 'SITE_URL is not set: …'],
      [false, 'SMTP_URL is not set: mail (codes, order and quotation mail) is written to the outbox folder, not sent'],
    ]);
    expect(byCheck(await runDoctor(db.db, store, {}, null)).database?.ok).toBe(false);
    await db.db.execute(sql`update staff set active = false where login_name = 'owner'`);
    try {
      expect(byCheck(await runDoctor(db.db, store, READY_ENV, null)).administrator).toMatchObject({ ok: false, detail: expect.stringContaining('npm run admin:create') });
    } finally {
      await db.db.execute(sql`update staff set active = true where login_name = 'owner'`);
    }
  });

  it('reports text messages as ready once an SMS provider is configured, and names what a broken one lacks', async () => {
    const templates = Object.fromEntries(SMS_KINDS.map((kind, i) => [SMS_TEMPLATE_VARIABLES[kind], `${1000 + i}`]));
    const tencent: Record<string, string> = { SMS_PROVIDER: 'tencent', SMS_TENCENT_SECRET_ID: 'id', SMS_TENCENT_SECRET_KEY: 'key', SMS_TENCENT_SDK_APP_ID: '1400000001', SMS_SIGN_NAME: '优试剂', ...templates };
    expect(byCheck(await runDoctor(db.db, store, { ...READY_ENV, ...tencent }, null)).sms)
      .toEqual({ check: 'sms', ok: true, detail: "text messages are sent through tencent (sign name 优试剂); the demo's numbers still go to the outbox" });
    const { SMS_TEMPLATE_LOGIN: _login, ...incomplete } = tencent;
    const broken = byCheck(await runDoctor(db.db, store, { ...READY_ENV, ...incomplete }, null)).sms;
    expect(broken).toMatchObject({ ok: false, detail: expect.stringContaining('not set: SMS_TEMPLATE_LOGIN') });
    expect(byCheck(await runDoctor(db.db, store, READY_ENV, null)).sms?.detail).toMatch(/^no SMS provider \(SMS_PROVIDER\)/);
  });

  it('reports the ICP filing number, each licence\'s number and scan and the privacy policy until they are there', async () => {
    const shown = async () => {
      const found = byCheck(await runDoctor(db.db, store, READY_ENV, null));
      return Object.fromEntries(['icpNumber', 'businessLicence', 'hazardousLicence', 'privacyPolicy'].map((k) => [k, [found[k]?.ok, found[k]?.detail]]));
    };
    expect(await shown()).toEqual({
      icpNumber: [false, 'no ICP filing number (ICP备案号), which the footer must show: set it in the back-office: 系统设置 → 网站设置'],
      businessLicence: [false, 'the business licence (营业执照) has no number and no scan: set it in the back-office: 系统设置 → 网站设置'],
      hazardousLicence: [false, 'the hazardous chemicals trading licence (危险化学品经营许可证) has no number and no scan: set it in the back-office: 系统设置 → 网站设置'],
      privacyPolicy: [false, 'no privacy policy in both languages (/privacy says none is published): write it in the back-office: 内容管理 → 关于我们 → 隐私政策'],
    });
    const token = await h.loginStaff('owner', STRONG);
    for (const [type, content] of [[10, '沪ICP备12345678号-1'], [11, '91310104MA1FR8XK3P'], [12, '沪（徐）应急管危经许〔2024〕001234号']] as const) {
      expect((await h.call('PUT', `/api/admin/web-settings/types/${type}`, { token, json: { content } })).status).toBe(200);
    }
    expect((await h.call('PUT', '/api/admin/cms/privacy', { token, json: { titleZh: '隐私政策', titleEn: 'Privacy policy', bodyZh: '<p>正文</p>', bodyEn: '' } })).status).toBe(200);
    const partly = await shown();
    expect(partly.icpNumber).toEqual([true, 'ICP filing number 沪ICP备12345678号-1']);
    expect(partly.businessLicence).toEqual([false, 'the business licence (营业执照) has no scan: set it in the back-office: 系统设置 → 网站设置']);
    expect(partly.privacyPolicy?.[0]).toBe(false);

    const scan = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 250, g: 250, b: 250 } } }).png().toBuffer();
    const keys: string[] = [];
    for (const kind of ['businessLicence', 'hazardousLicence']) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(scan)], { type: 'image/png' }), 'scan.png');
      const res = await h.app.request(`/api/admin/web-settings/licence-scans/${kind}`, { method: 'POST', headers: { authorization: token }, body: form });
      expect(res.status).toBe(200);
    }
    for (const row of rowsOf<{ value: string }>(await db.db.execute(sql`select value #>> '{}' as value from site_options where key like '%LicenceScan' order by key`))) keys.push(row.value);
    expect(keys).toHaveLength(2);
    // The scans went to the shop's own store, not to the one this doctor reads: their files are reported missing.
    expect((await shown()).hazardousLicence).toEqual([false, `the hazardous chemicals trading licence (危险化学品经营许可证) has no scan file (${keys[1]} is not in ${filesDir}): set it in the back-office: 系统设置 → 网站设置`]);
    for (const key of keys) await store.write(key, scan);
    expect((await h.call('PUT', '/api/admin/cms/privacy', { token, json: { titleZh: '隐私政策', titleEn: 'Privacy policy', bodyZh: '<p>正文</p>', bodyEn: '<p>Text</p>' } })).status).toBe(200);
    expect(await shown()).toEqual({
      icpNumber: [true, 'ICP filing number 沪ICP备12345678号-1'],
      businessLicence: [true, 'business licence (营业执照) 91310104MA1FR8XK3P, with its scan'],
      hazardousLicence: [true, 'hazardous chemicals trading licence (危险化学品经营许可证) 沪（徐）应急管危经许〔2024〕001234号, with its scan'],
      privacyPolicy: [true, 'the privacy policy is written in both languages'],
    });
  });

  it('answers every page-less GET of the API without a server error, as a guest and as the administrator', async () => {
    expect(apiRouters.length).toBeGreaterThan(0);
    const token = await h.loginStaff('owner', STRONG);
    const operations = operationsOf(buildOpenApiDocument() as unknown as OpenApiDocument)
      .filter((op) => op.method === 'get' && op.pathParams.length === 0 && op.audience !== 'user');
    expect(operations.length).toBeGreaterThan(50);
    const failures: string[] = [];
    for (const op of operations) {
      const query = new URLSearchParams(op.required.map((name) => [name, toText(plausible(op.fields[name] ?? {}))]));
      const url = `${fillPath(op.path, {})}${query.size > 0 ? `?${query}` : ''}`;
      const res = await h.app.request(url, { headers: op.audience === 'staff' ? { authorization: token } : {} });
      if (res.status >= 500) failures.push(`${op.path}: ${res.status} ${(await res.text()).slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('the first administrator', () => {
  const h = fileTestDatabase({ products: 20 });

  it('is refused a login that exists, a weak or short password and a malformed login, and nothing is written', async () => {
    const before = await rowCounts(h.db, ['staff', 'audit_log']);
    const refusals = [
      { loginName: 'admin', password: STRONG, message: /exists already/ },
      { loginName: 'boss', password: 'password123', message: /too easy to guess/ },
      { loginName: 'boss', password: 'boss', message: /8 to 64 characters/ },
      { loginName: 'bossbossx', password: 'bossbossx', message: /too easy to guess/ },
      { loginName: 'B', password: STRONG, message: /the login must be 3 to 40 characters/ },
      { loginName: 'boss', password: STRONG, name: 'x'.repeat(41), message: /at most 40 characters/ },
    ];
    for (const { message, ...params } of refusals) {
      await expect(createAdministrator(h.db, params), params.loginName).rejects.toThrow(AdministratorRefused);
      await expect(createAdministrator(h.db, params), params.loginName).rejects.toThrow(message);
    }
    expect(await rowCounts(h.db, ['staff', 'audit_log'])).toEqual(before);
  });

  it('is refused when staff have taken permissions from the super administrator role', async () => {
    await h.db.execute(sql`delete from staff_role_permissions where permission = 'AUDIT.VIEW' and role_id = (select id from staff_roles where name = '超级管理员')`);
    try {
      await expect(createAdministrator(h.db, { loginName: 'boss', password: STRONG })).rejects.toThrow(/no longer holds every permission \(AUDIT\.VIEW missing\)/);
    } finally {
      await h.db.execute(sql`insert into staff_role_permissions (role_id, permission) select id, 'AUDIT.VIEW' from staff_roles where name = '超级管理员'`);
    }
  });
});

describe('a database with the demo accounts', () => {
  const h = fileTestDatabase({ products: 20 });
  const handle = (): DbHandle => ({ db: h.db, driver: h.driver, where: 'the test database', close: async () => {} });
  const printed = [...DEMO_ACCOUNTS.staff, ...DEMO_ACCOUNTS.customers].map((a) => a.loginName).sort();

  it('serves as a demo while it is marked as one', async () => {
    expect(await isDemoDatabase(h.db)).toBe(true);
    const doctor = byCheck(await runDoctor(h.db, store, READY_ENV, null));
    expect(doctor.demoAccounts).toEqual({ check: 'demoAccounts', ok: true, detail: `a demo database: its demo accounts sign in with the printed passwords (${printed.length})` });
    expect(doctor.database?.detail).toBe('PostgreSQL (DATABASE_URL), marked as a demo database');
    // The demo's resources were never written into this store: each is reported, by key. Its generated
    // product PDFs are not: a demo's start writes them again.
    const [documents] = rowsOf<{ n: number; first: string }>(await h.db.execute(sql`select count(*)::int as n, min(file_path) as first
      from content_items where file_path is not null`));
    expect(doctor.files?.ok).toBe(false);
    expect(doctor.files?.detail).toMatch(new RegExp(`^${documents!.n} of ${documents!.n} uploaded document files are missing from `));
    await store.write(documents!.first, new TextEncoder().encode('%PDF-1.4\n%%EOF\n'));
    expect(byCheck(await runDoctor(h.db, store, READY_ENV, null)).files?.detail).toMatch(new RegExp(`^${documents!.n - 1} of ${documents!.n} uploaded document files are missing`));
    // An uploaded document whose file is gone is reported by key, and marked for the back-office's list.
    const [uploaded] = rowsOf<{ id: number; file_path: string }>(await h.db.execute(sql`update product_documents set generated = false
      where id = (select min(id) from product_documents) returning id, file_path`));
    const withUpload = byCheck(await runDoctor(h.db, store, READY_ENV, null)).files?.detail ?? '';
    expect(withUpload).toMatch(new RegExp(`^${documents!.n} of ${documents!.n + 1} uploaded document files are missing`));
    expect(withUpload).toContain(uploaded!.file_path);
    const [marked] = rowsOf<{ missing: boolean }>(await h.db.execute(sql`select missing_since is not null as missing from product_documents where id = ${uploaded!.id}`));
    expect(marked?.missing).toBe(true);
    expect(await demoAccountsWithPrintedPasswords(h.db)).toEqual(printed);
    expect((await prepareShop(handle(), { demo: false })).demo).toBe(true);
  });

  it('is refused by a real shop\'s start once unmarked, naming the accounts and what to do', async () => {
    await h.db.execute(sql`delete from site_options where key = 'demo_database'`);
    const refusal = prepareShop(handle(), { demo: false });
    await expect(refusal).rejects.toThrow(StartupError);
    await expect(prepareShop(handle(), { demo: false })).rejects.toThrow(
      `this database holds demo accounts whose passwords are printed in the README (${printed.join(', ')}), and it is not marked as a demo database. `
      + 'Disable them with `npm run db:disable-demo-accounts`, or set DEMO_DATA=1 to serve it as a demo.',
    );
    expect((await prepareShop(handle(), { demo: true })).seeded).toBeNull();
    expect(byCheck(await runDoctor(h.db, store, READY_ENV, null)).demoAccounts).toEqual({
      check: 'demoAccounts', ok: false, detail: `demo accounts sign in with the passwords printed in the README: ${printed.join(', ')} (npm run db:disable-demo-accounts)`,
    });
  });

  it('leaves out an account whose password was changed, and serves once the rest are disabled', async () => {
    await h.db.execute(sql`update staff set password_hash = 'changed' where login_name = 'sales2'`);
    const disabled = await disableDemoAccounts(h.db);
    expect(disabled).toEqual(printed.filter((login) => login !== 'sales2'));
    expect(await demoAccountsWithPrintedPasswords(h.db)).toEqual([]);
    expect(await disableDemoAccounts(h.db)).toEqual([]);
    const audit = rowsOf<{ n: number }>(await h.db.execute(sql`select count(*)::int as n from audit_log where action = 'disable' and actor_type = 'system' and data->'note'->>'demoAccount' is not null`));
    expect(audit[0]?.n).toBe(disabled.length);
    const active = rowsOf<{ login_name: string }>(await h.db.execute(sql`select login_name from staff where active and login_name in ${printed}
      union all select login_name from users where active and login_name in ${printed}`));
    expect(active.map((r) => r.login_name)).toEqual(['sales2']);
    expect((await prepareShop(handle(), { demo: false })).demo).toBe(false);
  });
});

describe.runIf(process.env.TEST_DB_DRIVER === 'postgres' && Boolean(process.env.TEST_DATABASE_URL))('three real shops starting at once', () => {
  const base = process.env.TEST_DATABASE_URL ?? '';
  const name = `go_live_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const handles: DbHandle[] = [];
  beforeAll(async () => {
    const admin = postgres(base, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    for (let i = 0; i < 3; i++) handles.push(openPostgres(url.toString(), 3));
  });
  afterAll(async () => {
    for (const handle of handles) await handle.close();
    const admin = postgres(base, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('write the reference rows once', async () => {
    const prepared = await Promise.all(handles.map((handle) => prepareShop(handle, { demo: false })));
    expect(prepared.map((p) => p.reference.staffRoles).sort()).toEqual([0, 0, STANDARD_STAFF_ROLES.length]);
    const menus = Math.max(...prepared.map((p) => p.reference.menus));
    expect(await rowCounts(handles[0]!.db, ['staff_roles', 'menus', 'staff'])).toEqual({ staff_roles: STANDARD_STAFF_ROLES.length, menus, staff: 0 });
  });
});
