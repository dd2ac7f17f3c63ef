import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '@/lib/sha256';
import { loadActor } from '@/server/auth/actor';
import { users, verificationCodes } from '@/server/db/schema';
import { sameAnswer, type ApiHarness } from '../../../../test/api';
import { codeIn, type Mailbox, withMailbox } from '../../../../test/mailbox';

const env = withMailbox();
let h: ApiHarness;
let mailbox: Mailbox;
beforeAll(() => {
  ({ h, mailbox } = env);
});

const NEW_PASSWORD = 'Pipette#4821';
const CART = '/api/app/api/order/shopcart/items';
const digest = (text: string) => createHash('sha256').update(text).digest('hex');

async function requestCode(loginName: string, purpose: string, accountType = 'user') {
  await h.db.db.update(verificationCodes).set({ createdAt: new Date(Date.now() - 61_000) }).where(eq(verificationCodes.target, loginName));
  const since = mailbox.received.length;
  const res = await h.call('POST', '/api/web/auth/sendCode', { form: { loginName, purpose, accountType } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { answer: res.body, mail: await mailbox.next(loginName, since) };
}

const form = (loginName: string, verifyCode: string, password = NEW_PASSWORD, repeat = password) => ({
  loginName, verifyCode, password: digest(password), repeatPwd: digest(repeat),
});

describe('POST /api/web/auth/register', () => {
  it('registers a customer with a company of its own, signs in, and the password then works', async () => {
    const { mail } = await requestCode('new.lab@university.example', 'register');
    const res = await h.call('POST', '/api/web/auth/register', { form: { ...form('New.Lab@university.example', codeIn(mail)), accountType: 'user' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.msg).toBe('注册成功');
    const user = (res.body.data as { user: { token: string; username: string; companyName: string } }).user;
    expect(user).toMatchObject({ username: 'new.lab', companyName: 'new.lab@university.example' });
    const actor = await loadActor(h.db.db, user.token);
    expect(actor.kind === 'user' && actor.permissions).toEqual(expect.arrayContaining(['SALE.VIEW', 'USER.VIEW', 'USER.EDIT']));
    expect((await h.call('POST', CART, { token: user.token })).status).toBe(200);
    expect(await h.loginUser('new.lab@university.example', NEW_PASSWORD)).toBeTruthy();
    const [row] = await h.db.db.select({ hash: users.passwordHash, accountType: users.accountType }).from(users).where(eq(users.loginName, 'new.lab@university.example'));
    expect(row!.hash.startsWith('$argon2id$')).toBe(true);
    expect(row!.accountType).toBe('user');
  });

  it('registers with a mobile number', async () => {
    const sent: string[] = [];
    const { setSmsSender } = await import('@/server/modules/mail/sms');
    const previous = setSmsSender({ name: 'test', provider: true, send: async ({ text }) => void sent.push(text) });
    try {
      await h.db.db.update(verificationCodes).set({ createdAt: new Date(0) }).where(eq(verificationCodes.target, '13700137000'));
      expect((await h.call('POST', '/api/web/auth/sendCode', { form: { loginName: '137 0013 7000', purpose: 'register', smsConsent: 'on' } })).status).toBe(200);
      const res = await h.call('POST', '/api/web/auth/register', { form: form('13700137000', codeIn({ text: sent[0]! })) });
      expect(res.status).toBe(200);
      expect((res.body.data as { user: { username: string } }).user.username).toBe('13700137000');
    } finally {
      setSmsSender(previous);
    }
  });

  it('answers a taken address exactly like a wrong code for a free one', async () => {
    const taken = await requestCode('buyer@demo.example.com', 'register');
    const free = await requestCode('free.address@university.example', 'register');
    expect(taken.answer).toEqual(free.answer);
    expect(taken.mail.text).toContain('已注册优试剂账号');
    const freeCode = codeIn(free.mail);
    const wrongForFree = freeCode === '000000' ? '111111' : '000000';
    const a = await h.call('POST', '/api/web/auth/register', { form: form('buyer@demo.example.com', '123456') });
    const b = await h.call('POST', '/api/web/auth/register', { form: form('free.address@university.example', wrongForFree) });
    expect([a.status, sameAnswer(a.body)]).toEqual([b.status, sameAnswer(b.body)]);
    expect(a.body.msg).toBe('验证码错误或已失效');
    // The existing account is untouched.
    expect(await h.loginUser('buyer@demo.example.com', 'Reagent#2026')).toBeTruthy();
  });

  it('activates an employee account the company administrator added', async () => {
    const { mail } = await requestCode('new.hire@demo.example.com', 'register', 'employee');
    expect(mail.text).toContain('激活员工账号');
    const res = await h.call('POST', '/api/web/auth/register', { form: { ...form('new.hire@demo.example.com', codeIn(mail)), accountType: 'employee' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body.data as { user: { companyName: string; username: string } }).user).toMatchObject({ companyName: '上海示例生物科技有限公司', username: '赵磊' });
    expect(await h.loginUser('new.hire@demo.example.com', NEW_PASSWORD)).toBeTruthy();
    // Once activated, a second activation is refused like any wrong code.
    const again = await requestCode('new.hire@demo.example.com', 'register', 'employee');
    expect(again.mail.text).toContain('已注册优试剂账号');
  });

  it('sends no code to an employee nobody invited, and answers like a wrong code', async () => {
    const { answer, mail } = await requestCode('walk.in@demo.example.com', 'register', 'employee');
    expect(answer.code).toBe(200);
    expect(mail.text).toContain('管理员尚未添加此账号');
    const res = await h.call('POST', '/api/web/auth/register', { form: { ...form('walk.in@demo.example.com', '123456'), accountType: 'employee' } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('验证码错误或已失效');
    expect(await h.db.db.select().from(users).where(eq(users.loginName, 'walk.in@demo.example.com'))).toHaveLength(0);
  });

  it('does not let an invited employee be taken over as a new customer account', async () => {
    const [demo] = await h.db.db.select({ companyId: users.companyId }).from(users).where(eq(users.loginName, 'admin@demo.example.com'));
    await h.db.db.insert(users).values({ companyId: demo!.companyId, loginName: 'second.hire@demo.example.com', passwordHash: '', name: '孙悦', accountType: 'employee' });
    const { mail } = await requestCode('second.hire@demo.example.com', 'register', 'user');
    expect(mail.text).toContain('此员工账号尚未激活');
    expect(mail.text).not.toMatch(/\b\d{6}\b/);
    const res = await h.call('POST', '/api/web/auth/register', { form: form('second.hire@demo.example.com', '123456') });
    expect(res.body.msg).toBe('验证码错误或已失效');
    // Nor can it sign in, by password or by code, before activation.
    const byCode = await requestCode('second.hire@demo.example.com', 'login');
    expect(byCode.mail.text).toContain('此员工账号尚未激活');
    const login = await h.call('POST', '/api/web/auth/login', { form: { loginName: 'second.hire@demo.example.com', password: digest('') } });
    expect(login.status).toBe(400);
  });

  it('explains each validation failure', async () => {
    const fields = async (body: Record<string, string>) => {
      const res = await h.call('POST', '/api/web/auth/register', { form: body });
      expect(res.status).toBe(400);
      return Object.fromEntries((res.body.data as { field: string; message: string }[]).map((f) => [f.field, f.message]));
    };
    expect(await fields({ ...form('x@y.example', '123456', NEW_PASSWORD, 'Different#1234') })).toEqual({ repeatPwd: '两次密码不一致' });
    expect(await fields({ ...form('x@y.example', '123456', '12345678') })).toEqual({ password: '密码过于常见或与账号相同，请换一个' });
    expect(await fields({ ...form('x@y.example', '123456', 'x@y.example') })).toEqual({ password: '密码过于常见或与账号相同，请换一个' });
    expect(await fields({ ...form('x@y.example', '12345') })).toEqual({ verifyCode: '验证码格式不正确' });
    expect(await fields({ ...form('not an address', '123456') })).toEqual({ loginName: '邮箱或手机号格式不正确' });
    expect(await fields({ ...form('x@y.example', '123456'), password: NEW_PASSWORD })).toEqual({ password: '密码须以 SHA-256 摘要提交' });
    expect(Object.keys(await fields({ ...form('x@y.example', '123456'), accountType: 'staff' }))).toEqual(['accountType']);
  });

  it('ignores a role, company or account type smuggled into the body', async () => {
    const { mail } = await requestCode('mass.assign@university.example', 'register');
    const res = await h.call('POST', '/api/web/auth/register', {
      json: { ...form('mass.assign@university.example', codeIn(mail)), companyId: 1, role: 'admin', permissions: ['STAFF.EDIT'], active: false },
    });
    expect(res.status).toBe(200);
    const [row] = await h.db.db.select().from(users).where(eq(users.loginName, 'mass.assign@university.example'));
    expect(row!.companyId).not.toBe(1);
    expect(row!.active).toBe(true);
    const actor = await loadActor(h.db.db, (res.body.data as { user: { token: string } }).user.token);
    expect(actor.kind === 'user' && actor.permissions.some((p) => p.startsWith('STAFF'))).toBe(false);
  });
});

describe('POST /api/web/auth/resetPassword', () => {
  it('sets the new password, ends every session of the account, and signs in afresh', async () => {
    const before = await h.loginUser('approver@demo.example.com', 'Reagent#2026');
    const { mail } = await requestCode('approver@demo.example.com', 'reset');
    const res = await h.call('POST', '/api/web/auth/resetPassword', { form: form('approver@demo.example.com', codeIn(mail)) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.msg).toBe('密码已重置');
    const token = (res.body.data as { user: { token: string } }).user.token;
    expect((await h.call('POST', CART, { token: before })).status).toBe(401);
    expect((await h.call('POST', CART, { token })).status).toBe(200);
    await expect(h.loginUser('approver@demo.example.com', 'Reagent#2026')).rejects.toThrow();
    expect(await h.loginUser('approver@demo.example.com', NEW_PASSWORD)).toBeTruthy();
  });

  it('answers an unknown account like a wrong code', async () => {
    const known = await requestCode('employee@demo.example.com', 'reset');
    const unknown = await requestCode('never.registered@university.example', 'reset');
    expect(known.answer).toEqual(unknown.answer);
    const code = codeIn(known.mail);
    const a = await h.call('POST', '/api/web/auth/resetPassword', { form: form('employee@demo.example.com', code === '000000' ? '111111' : '000000') });
    const b = await h.call('POST', '/api/web/auth/resetPassword', { form: form('never.registered@university.example', '123456') });
    expect([a.status, sameAnswer(a.body)]).toEqual([b.status, sameAnswer(b.body)]);
  });

  it('checks the new password like registration does', async () => {
    const res = await h.call('POST', '/api/web/auth/resetPassword', { form: form('employee@demo.example.com', '123456', 'password123') });
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual([{ field: 'password', message: '密码过于常见或与账号相同，请换一个' }]);
  });
});

describe('POST /api/web/auth/changePassword', () => {
  it('changes the password and revokes every other session, keeping this one', async () => {
    const here = await h.loginUser('buyer@univ.example.com', 'Reagent#2026');
    const elsewhere = await h.loginUser('buyer@univ.example.com', 'Reagent#2026');
    const res = await h.call('POST', '/api/web/auth/changePassword', {
      token: here,
      form: { oldPassword: await sha256Hex('Reagent#2026'), password: digest(NEW_PASSWORD), repeatPwd: digest(NEW_PASSWORD) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.msg).toBe('密码已修改，其他设备上的登录已退出');
    expect((await h.call('POST', CART, { token: elsewhere })).status).toBe(401);
    expect((await h.call('POST', CART, { token: here })).status).toBe(200);
    expect(await h.loginUser('buyer@univ.example.com', NEW_PASSWORD)).toBeTruthy();
  });

  it('refuses a wrong current password, a mismatch and guests', async () => {
    const token = await h.loginUser('admin@demo.example.com', 'Reagent#2026');
    const wrong = await h.call('POST', '/api/web/auth/changePassword', {
      token, form: { oldPassword: digest('not it'), password: digest(NEW_PASSWORD), repeatPwd: digest(NEW_PASSWORD) },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data).toEqual([{ field: 'oldPassword', message: '原密码不正确' }]);
    const mismatch = await h.call('POST', '/api/web/auth/changePassword', {
      token, form: { oldPassword: digest('Reagent#2026'), password: digest(NEW_PASSWORD), repeatPwd: digest('other') },
    });
    expect(mismatch.body.data).toEqual([{ field: 'repeatPwd', message: '两次密码不一致' }]);
    expect((await h.call('POST', '/api/web/auth/changePassword', { form: { oldPassword: digest('a'), password: digest(NEW_PASSWORD), repeatPwd: digest(NEW_PASSWORD) } })).status).toBe(401);
    const staffToken = await h.loginStaff('admin', 'Admin#2026');
    expect((await h.call('POST', '/api/web/auth/changePassword', { token: staffToken, form: { oldPassword: digest('Admin#2026'), password: digest(NEW_PASSWORD), repeatPwd: digest(NEW_PASSWORD) } })).status).toBe(401);
  });
});
