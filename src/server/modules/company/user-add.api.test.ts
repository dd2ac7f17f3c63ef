import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '@/lib/sha256';
import { userRoles, users } from '@/server/db/schema';
import { noticeLoginTaken } from '@/server/modules/company/users';
import { setSmsSender } from '@/server/modules/mail/sms';
import { TAKEN_LOGIN_NOTICES_PER_TARGET } from '@/server/modules/rate-limit/policies';
import { sameAnswer, type ApiHarness } from '../../../../test/api';
import { codeIn, type Mailbox, withMailbox } from '../../../../test/mailbox';

const env = withMailbox();
let h: ApiHarness;
let mailbox: Mailbox;
/** The administrator of a company registered on the site a moment ago: anyone can be one. */
let admin: string;
let adminCompany: number;

const digest = (text: string) => createHash('sha256').update(text).digest('hex');

beforeAll(async () => {
  ({ h, mailbox } = env);
  process.env.SMTP_URL = mailbox.url;
  const loginName = 'probe.lab@example.org';
  const since = mailbox.received.length;
  expect((await h.call('POST', '/api/web/auth/sendCode', { form: { loginName, purpose: 'register', accountType: 'user' } })).status).toBe(200);
  const code = codeIn(await mailbox.next(loginName, since));
  const res = await h.call('POST', '/api/web/auth/register', {
    form: { loginName, verifyCode: code, password: digest('Probe#Lab2026'), repeatPwd: digest('Probe#Lab2026'), accountType: 'user' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  admin = (res.body.data as { user: { token: string } }).user.token;
  const [row] = await h.db.db.select({ companyId: users.companyId }).from(users).where(eq(users.loginName, loginName));
  adminCompany = row!.companyId;
});

async function snapshot(loginName: string) {
  const [row] = await h.db.db
    .select({ id: users.id, companyId: users.companyId, passwordHash: users.passwordHash, name: users.name, accountType: users.accountType, active: users.active, departmentId: users.departmentId, monthlyLimit: users.monthlyLimit })
    .from(users)
    .where(eq(users.loginName, loginName));
  if (!row) throw new Error(`no user ${loginName}`);
  const roles = await h.db.db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, row.id)).orderBy(asc(userRoles.roleId));
  return { ...row, roles: roles.map((r) => r.roleId) };
}

describe('POST /api/app/user/add never tells whether a login exists', () => {
  it('answers an existing login of another company exactly as a new one, mails its owner and changes nothing', async () => {
    const before = await snapshot('buyer@univ.example.com');
    const count = (await h.db.db.select({ id: users.id }).from(users)).length;
    const since = mailbox.received.length;

    const fresh = await h.call('POST', '/api/app/user/add', { token: admin, json: { loginName: 'new.colleague@example.org', name: '新同事' } });
    const existing = await h.call('POST', '/api/app/user/add', { token: admin, json: { loginName: 'Buyer@Univ.Example.com', name: '新同事' } });
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
    expect(existing.status, JSON.stringify(existing.body)).toBe(fresh.status);
    expect(sameAnswer(existing.body)).toEqual(sameAnswer(fresh.body));
    expect(JSON.stringify(fresh.body)).not.toMatch(/"id"/);

    expect(await snapshot('buyer@univ.example.com')).toEqual(before);
    expect(before.companyId).not.toBe(adminCompany);
    expect((await h.db.db.select({ id: users.id }).from(users)).length).toBe(count + 1);
    const [added] = await h.db.db.select({ companyId: users.companyId }).from(users).where(eq(users.loginName, 'new.colleague@example.org'));
    expect(added?.companyId).toBe(adminCompany);

    const notice = await mailbox.next('buyer@univ.example.com', since);
    expect(notice.subject).toContain('优试剂');
    expect(notice.text).toContain('YouReagent');
    expect(notice.text).not.toContain('probe.lab');
    expect(mailbox.received.slice(since).filter((m) => m.to.includes('new.colleague@example.org'))).toHaveLength(0);
    // The company's list shows the colleague it added, and only that one.
    const list = (await h.call('POST', '/api/app/api/user/s', { token: admin, json: { limit: 50 } })).body.data as { list: { loginName: string }[] };
    expect(list.list.map((u) => u.loginName).sort()).toEqual(['new.colleague@example.org', 'probe.lab@example.org']);
  });

  it('answers a sub-account with a password for an existing login as for a new one, and keeps the old password', async () => {
    const before = await snapshot('admin@demo.example.com');
    const password = await sha256Hex('Taken#Over2026');
    const fresh = await h.call('POST', '/api/app/user/add', { token: admin, json: { loginName: '13911112222', name: '子账号', accountType: 'sub', password } });
    const existing = await h.call('POST', '/api/app/user/add', { token: admin, json: { loginName: 'admin@demo.example.com', name: '子账号', accountType: 'sub', password } });
    expect(fresh.status).toBe(200);
    expect(existing.status).toBe(200);
    expect(sameAnswer(existing.body)).toEqual(sameAnswer(fresh.body));
    expect(await snapshot('admin@demo.example.com')).toEqual(before);
    expect(await h.loginUser('admin@demo.example.com', 'Reagent#2026')).toBeTruthy();
  });

  it('refuses a role the administrator may not grant alike for an existing login and a new one', async () => {
    const role = await h.call('POST', '/api/app/role/add', { token: admin, json: { name: '用户管理', permissions: ['USER.VIEW', 'USER.EDIT'] } });
    expect(role.status, JSON.stringify(role.body)).toBe(200);
    const limitedRole = (role.body.data as { id: number }).id;
    const password = await sha256Hex('Limited#2026');
    expect((await h.call('POST', '/api/app/user/add', { token: admin, json: { loginName: '13955556666', name: '受限', accountType: 'sub', password, roleIds: [limitedRole] } })).status).toBe(200);
    const limited = await h.loginUser('13955556666', 'Limited#2026');
    const [adminRole] = await h.db.db.select({ roleId: userRoles.roleId }).from(userRoles).innerJoin(users, eq(users.id, userRoles.userId)).where(eq(users.loginName, 'probe.lab@example.org'));
    const before = await snapshot('buyer@univ.example.com');
    const fresh = await h.call('POST', '/api/app/user/add', { token: limited, json: { loginName: 'not.yet@example.org', name: '越权', roleIds: [adminRole!.roleId] } });
    const existing = await h.call('POST', '/api/app/user/add', { token: limited, json: { loginName: 'buyer@univ.example.com', name: '越权', roleIds: [adminRole!.roleId] } });
    expect(fresh.status).toBe(403);
    expect(existing.status).toBe(fresh.status);
    expect(sameAnswer(existing.body)).toEqual(sameAnswer(fresh.body));
    expect(await snapshot('buyer@univ.example.com')).toEqual(before);
    expect(await h.db.db.select({ id: users.id }).from(users).where(eq(users.loginName, 'not.yet@example.org'))).toEqual([]);
  });

  it('sends the notice by SMS to an existing mobile login', async () => {
    const sent: { to: string; kind: string; text: string }[] = [];
    // The notice goes out after the answer: the test waits for it to arrive.
    let arrived!: () => void;
    const delivered = new Promise<void>((resolve) => { arrived = resolve; });
    const previous = setSmsSender({ name: 'test', provider: true, send: async ({ to, kind, text }) => { sent.push({ to, kind, text }); arrived(); } });
    try {
      const first = await h.call('POST', '/api/app/user/add', { token: admin, json: { loginName: '13933334444', name: '手机' } });
      expect(first.status).toBe(200);
      const before = await snapshot('13933334444');
      const again = await h.call('POST', '/api/app/user/add', { token: admin, json: { loginName: '139 3333 4444', name: '再次' } });
      expect(again.status).toBe(200);
      expect(sameAnswer(again.body)).toEqual(sameAnswer(first.body));
      expect(await snapshot('13933334444')).toEqual(before);
      await delivered;
      expect(sent.map((s) => [s.to, s.kind])).toEqual([['13933334444', 'addedElsewhere']]);
      expect(sent[0]!.text).toContain('优试剂');
    } finally {
      setSmsSender(previous);
    }
  });

  it('answers without waiting for the notice to be delivered', async () => {
    let reached!: () => void;
    const called = new Promise<void>((resolve) => { reached = resolve; });
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    const previous = setSmsSender({ name: 'test', provider: true, send: async () => { reached(); await held; } });
    try {
      expect((await h.call('POST', '/api/app/user/add', { token: admin, json: { loginName: '13966667777', name: '手机' } })).status).toBe(200);
      // The sender has not finished (it waits for `release`), yet the answer is here.
      const again = await h.call('POST', '/api/app/user/add', { token: admin, json: { loginName: '13966667777', name: '再次' } });
      expect(again.status).toBe(200);
      await called;
    } finally {
      release();
      setSmsSender(previous);
    }
  });

  it('rations the notices to one login, saying nothing of it in the answer', async () => {
    const sent: string[] = [];
    let arrived: () => void = () => undefined;
    const previous = setSmsSender({ name: 'test', provider: true, send: async ({ to }) => { sent.push(to); arrived(); } });
    try {
      expect((await h.call('POST', '/api/app/user/add', { token: admin, json: { loginName: '13988889999', name: '手机' } })).status).toBe(200);
      expect((await h.call('POST', '/api/app/user/add', { token: admin, json: { loginName: '13977778888', name: '手机' } })).status).toBe(200);
      for (let i = 0; i < TAKEN_LOGIN_NOTICES_PER_TARGET.points; i++) {
        const delivered = new Promise<void>((resolve) => { arrived = resolve; });
        const res = await h.call('POST', '/api/app/user/add', { token: admin, json: { loginName: '13988889999', name: '再次' } });
        expect(res.status).toBe(200);
        await delivered;
      }
      expect(sent).toEqual(Array.from({ length: TAKEN_LOGIN_NOTICES_PER_TARGET.points }, () => '13988889999'));
      // Beyond the ration: the same answer, and no notice.
      const beyond = await h.call('POST', '/api/app/user/add', { token: admin, json: { loginName: '13988889999', name: '再次' } });
      expect(beyond.status).toBe(200);
      // Another login's notice still goes out, after it.
      const other = new Promise<void>((resolve) => { arrived = resolve; });
      expect((await h.call('POST', '/api/app/user/add', { token: admin, json: { loginName: '13977778888', name: '再次' } })).status).toBe(200);
      await other;
      expect(sent.filter((to) => to === '13988889999')).toHaveLength(TAKEN_LOGIN_NOTICES_PER_TARGET.points);
      expect(await noticeLoginTaken('13988889999')).toBe('skipped');
      expect(sent.filter((to) => to === '13988889999')).toHaveLength(TAKEN_LOGIN_NOTICES_PER_TARGET.points);
    } finally {
      setSmsSender(previous);
    }
  });
});
