import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verificationCodes } from '@/server/db/schema';
import { setSmsSender, type SmsMessage, type SmsSender } from '@/server/modules/mail/sms';
import { resetRateLimits } from '@/server/modules/rate-limit/limits';
import { sameAnswer, type ApiHarness } from '../../../../test/api';
import { codeIn, type Mailbox, withMailbox } from '../../../../test/mailbox';

const env = withMailbox();
let h: ApiHarness;
let mailbox: Mailbox;
beforeAll(() => {
  ({ h, mailbox } = env);
});

const send = (loginName: string, purpose: string, extra: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  h.call('POST', '/api/web/auth/sendCode', { form: { loginName, purpose, ...extra }, headers });

const loginByCode = (loginName: string, verifyCode: string) =>
  h.call('POST', '/api/web/register/loginByCode', { json: { data: { loginName, verifyCode } } });

/** Lets the next code to `target` be sent at once (the 60-second cooldown is tested on its own). */
async function skipCooldown(target: string) {
  await h.db.db.update(verificationCodes).set({ createdAt: new Date(Date.now() - 61_000) }).where(eq(verificationCodes.target, target));
}

async function codeFor(target: string, purpose = 'login'): Promise<string> {
  const since = mailbox.received.length;
  const res = await send(target, purpose);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return codeIn(await mailbox.next(target, since));
}

describe('POST /api/web/auth/sendCode', () => {
  it('mails a six-digit code and stores only its hash', async () => {
    const since = mailbox.received.length;
    const res = await send('buyer@demo.example.com', 'login');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, msg: '验证码已发送，请查收', data: { cooldown: 60, expiresIn: 300 } });
    const mail = await mailbox.next('buyer@demo.example.com', since);
    const code = codeIn(mail);
    expect(mail.subject).toBe(`【优试剂】验证码 ${code}`);
    expect(mail.text).toContain('5 分钟内有效');
    expect(mail.html).toContain(code);
    const rows = await h.db.db.select().from(verificationCodes).where(eq(verificationCodes.target, 'buyer@demo.example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash.startsWith('$argon2id$')).toBe(true);
    expect(rows[0]!.codeHash).not.toContain(code);
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(300_000);
  });

  it('writes in English for English visitors', async () => {
    const since = mailbox.received.length;
    expect((await send('approver@demo.example.com', 'reset', {}, { cookie: 'NEXT_LOCALE=en' })).body.msg).toBe('The verification code has been sent');
    const mail = await mailbox.next('approver@demo.example.com', since);
    expect(mail.subject).toMatch(/^\[YouReagent\] Your verification code \d{6}$/);
    expect(mail.text).toContain('reset your YouReagent password');
  });

  it('refuses a second code to the same target within 60 seconds, known or unknown', async () => {
    for (const target of ['employee@demo.example.com', 'stranger@nowhere.example']) {
      expect((await send(target, 'login')).status).toBe(200);
      const again = await send(target, 'reset');
      expect(again.status).toBe(429);
      expect(again.body.msg).toMatch(/^验证码已发送，请 \d+ 秒后再获取$/);
      const wait = (again.body.data as { retryAfter: number }).retryAfter;
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
      await skipCooldown(target);
      expect((await send(target, 'login')).status).toBe(200);
    }
  });

  it('answers known and unknown targets alike; the unknown one gets a notice without a code', async () => {
    const cases: [string, string, Record<string, string>][] = [
      ['login', 'buyer@univ.example.com', {}],
      ['reset', 'buyer@univ.example.com', {}],
      ['register', 'buyer@univ.example.com', { accountType: 'user' }],
    ];
    for (const [purpose, known, extra] of cases) {
      await skipCooldown(known);
      const unknown = `nobody-${purpose}@nowhere.example`;
      const since = mailbox.received.length;
      const a = await send(known, purpose, extra);
      const b = await send(unknown, purpose, extra);
      expect([a.status, a.body]).toEqual([b.status, b.body]);
      const [knownMail, unknownMail] = await Promise.all([mailbox.next(known, since), mailbox.next(unknown, since)]);
      if (purpose === 'register') {
        // Registration is the other way round: the taken address gets the notice.
        expect(knownMail.text).toContain('已注册优试剂账号');
        expect(knownMail.text).not.toMatch(/\b\d{6}\b/);
        expect(codeIn(unknownMail)).toMatch(/^\d{6}$/);
      } else {
        expect(codeIn(knownMail)).toMatch(/^\d{6}$/);
        expect(unknownMail.text).toContain('尚未注册优试剂账号');
        expect(unknownMail.text).not.toMatch(/\b\d{6}\b/);
      }
    }
  });

  it('explains every validation failure in the caller’s language', async () => {
    const bad = async (form: Record<string, string>, lang = 'zh') => {
      const res = await h.call('POST', '/api/web/auth/sendCode', { form, headers: lang === 'en' ? { cookie: 'NEXT_LOCALE=en' } : {} });
      expect(res.status).toBe(400);
      return Object.fromEntries((res.body.data as { field: string; message: string }[]).map((f) => [f.field, f.message]));
    };
    expect(await bad({ loginName: 'not-an-address', purpose: 'login' })).toEqual({ loginName: '邮箱或手机号格式不正确' });
    expect(await bad({ loginName: '1380013800', purpose: 'login' }, 'en')).toEqual({ loginName: 'Enter a valid e-mail address or mobile number' });
    expect(Object.keys(await bad({ loginName: 'a@b.example', purpose: 'spam' }))).toEqual(['purpose']);
    expect(Object.keys(await bad({ loginName: 'a@b.example', purpose: 'register', accountType: 'admin' }))).toEqual(['accountType']);
    expect(Object.keys(await bad({}))).toEqual(expect.arrayContaining(['loginName', 'purpose']));
  });

  it('withdraws the code when the mail cannot be delivered, so the visitor can retry at once', async () => {
    process.env.SMTP_URL = 'smtp://127.0.0.1:9';
    const res = await send('admin@demo.example.com', 'login');
    expect(res.status).toBe(503);
    expect(res.body.msg).toBe('验证码发送失败，请稍后再试');
    process.env.SMTP_URL = mailbox.url;
    expect((await send('admin@demo.example.com', 'login')).status).toBe(200);
  });

  it('rations codes per client address, whatever X-Forwarded-For claims', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await send(`ration-${i}@nowhere.example`, 'login', {}, { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.50` });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe('codes by SMS and in the outbox', () => {
  let dataDir: string;
  let previousSender: SmsSender | undefined;
  afterEach(() => {
    if (previousSender) setSmsSender(previousSender);
    previousSender = undefined;
    delete process.env.DATA_DIR;
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends a code to a mobile number through the pluggable SMS sender', async () => {
    const sent: SmsMessage[] = [];
    previousSender = setSmsSender({ name: 'test', provider: true, send: async (message) => void sent.push(message) });
    const res = await send('+86 138-0013-8999', 'register', { smsConsent: 'true' });
    expect(res.status).toBe(200);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: '13800138999', kind: 'register-user', code: expect.stringMatching(/^\d{6}$/), minutes: 5 });
    expect(sent[0]!.text).toMatch(/^【优试剂】验证码 \d{6}，用于注册优试剂账号，5 分钟内有效/);
  });

  it('writes mail and SMS to the outbox when no SMTP server or SMS provider is configured', async () => {
    delete process.env.SMTP_URL;
    dataDir = mkdtempSync(path.join(tmpdir(), 'i5-outbox-'));
    process.env.DATA_DIR = dataDir;
    expect((await send('outbox@nowhere.example', 'register')).status).toBe(200);
    expect((await send('13900139002', 'login', { smsConsent: '1' })).status).toBe(200);
    const files = readdirSync(path.join(dataDir, 'outbox')).sort();
    expect(files).toHaveLength(2);
    expect(files.every((f) => /^\d{8}T\d{9}Z-(mail|sms)-[0-9a-f]{6}\.txt$/.test(f))).toBe(true);
    const mail = readFileSync(path.join(dataDir, 'outbox', files.find((f) => f.includes('-mail-'))!), 'utf8');
    expect(mail).toMatch(/^To: outbox@nowhere\.example$/m);
    expect(mail).toMatch(/^Subject: 【优试剂】验证码 (\d{6})$/m);
    expect(mail).toContain('您正在注册优试剂账号，验证码为：');
    const sms = readFileSync(path.join(dataDir, 'outbox', files.find((f) => f.includes('-sms-'))!), 'utf8');
    expect(sms).toMatch(/^To: 13900139002$/m);
    expect(sms).toContain('尚未注册优试剂账号');
  });
});

describe('POST /api/web/register/loginByCode', () => {
  it('signs in with the code (JSON body) and sets the session cookie', async () => {
    await skipCooldown('buyer@demo.example.com');
    const code = await codeFor('buyer@demo.example.com');
    const res = await loginByCode('buyer@demo.example.com', code);
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('登录成功');
    const user = (res.body.data as { user: { token: string; username: string; companyName: string } }).user;
    expect(user.username).toBe('李娜');
    expect(user.companyName).toBe('上海示例生物科技有限公司');
    expect(res.headers.get('set-cookie')).toContain(`reagent_session=${user.token}`);
    expect((await h.call('POST', '/api/app/api/order/shopcart/items', { token: user.token })).status).toBe(200);
  });

  it('accepts `data` as JSON text in a form body', async () => {
    await skipCooldown('approver@demo.example.com');
    const code = await codeFor('approver@demo.example.com');
    const res = await h.call('POST', '/api/web/register/loginByCode', { form: { data: JSON.stringify({ loginName: 'Approver@Demo.example.com', verifyCode: code }) } });
    expect(res.status).toBe(200);
  });

  it('refuses a wrong code, then a used code', async () => {
    await skipCooldown('employee@demo.example.com');
    const code = await codeFor('employee@demo.example.com');
    const wrong = await loginByCode('employee@demo.example.com', code === '000000' ? '111111' : '000000');
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('验证码错误或已失效');
    expect((await loginByCode('employee@demo.example.com', code)).status).toBe(200);
    const reuse = await loginByCode('employee@demo.example.com', code);
    expect(reuse.status).toBe(400);
    expect(sameAnswer(reuse.body)).toEqual(sameAnswer(wrong.body));
  });

  it('refuses an expired code', async () => {
    await skipCooldown('admin@demo.example.com');
    const code = await codeFor('admin@demo.example.com');
    await h.db.db.update(verificationCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verificationCodes.target, 'admin@demo.example.com'));
    const res = await loginByCode('admin@demo.example.com', code);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('验证码错误或已失效');
  });

  it('allows at most five tries per code', async () => {
    await skipCooldown('buyer@univ.example.com');
    const code = await codeFor('buyer@univ.example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      await resetRateLimits();
      expect((await loginByCode('buyer@univ.example.com', wrong)).status).toBe(400);
    }
    await resetRateLimits();
    expect((await loginByCode('buyer@univ.example.com', code)).status).toBe(400);
    const [row] = await h.db.db.select().from(verificationCodes).where(eq(verificationCodes.target, 'buyer@univ.example.com')).orderBy(verificationCodes.id);
    expect(row).toBeDefined();
  });

  it('answers an unknown account like a wrong code, and throttles both the same', async () => {
    const a: unknown[] = [];
    const b: unknown[] = [];
    for (let i = 0; i < 6; i++) {
      const known = await loginByCode('admin@demo.example.com', '123456');
      const unknown = await loginByCode('ghost@nowhere.example', '123456');
      a.push([known.status, known.body.msg.replace(/\d+/g, 'N')]);
      b.push([unknown.status, unknown.body.msg.replace(/\d+/g, 'N')]);
    }
    expect(a).toEqual(b);
    expect(a.at(-1)).toEqual([429, '尝试次数过多，请 N 秒后再试']);
  });

  it('explains malformed input', async () => {
    const res = await h.call('POST', '/api/web/register/loginByCode', { json: { data: { loginName: 'x', verifyCode: '12ab' } } });
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual([
      { field: 'data.loginName', message: '邮箱或手机号格式不正确' },
      { field: 'data.verifyCode', message: '验证码格式不正确' },
    ]);
    expect((await h.call('POST', '/api/web/register/loginByCode', { form: { data: 'not json' } })).status).toBe(400);
  });
});
