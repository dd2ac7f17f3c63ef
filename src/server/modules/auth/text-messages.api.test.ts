import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { verificationCodes } from '@/server/db/schema';
import { outboxSmsSender, setSmsSender, smsSenderFor, type SmsMessage, type SmsSender } from '@/server/modules/mail/sms';
import { readSmsConfig, SMS_TEMPLATE_VARIABLES } from '@/server/modules/mail/sms-config';
import { SMS_KINDS } from '@/server/modules/mail/sms-message';
import { fileApiHarness } from '../../../../test/api';

const h = fileApiHarness();

const sendCode = (form: Record<string, string>, lang: 'zh' | 'en' = 'zh') =>
  h.call('POST', '/api/web/auth/sendCode', { form, headers: lang === 'en' ? { cookie: 'NEXT_LOCALE=en' } : {} });
const digest = (text: string) => createHash('sha256').update(text).digest('hex');

/** Lets the next code to `target` be sent at once (the cooldown is tested elsewhere). */
async function skipCooldown(target: string) {
  await h.db.db.update(verificationCodes).set({ createdAt: new Date(Date.now() - 61_000) }).where(eq(verificationCodes.target, target));
}

/** Aliyun's SendSms answers, in turn, from a stand-in of its endpoint on this machine; keeps the template parameters it got. */
let standIn: Server;
const answers: { Code: string; Message: string }[] = [];
const templateParams: (string | null)[] = [];
let aliyun: SmsSender;

beforeAll(async () => {
  standIn = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      templateParams.push(new URL(req.url ?? '/', 'http://stand-in').searchParams.get('TemplateParam'));
      const answer = answers.shift() ?? { Code: 'OK', Message: 'OK' };
      res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' }).end(JSON.stringify({ ...answer, RequestId: 'C7A1E3B2-0000', BizId: '1^0' }));
    });
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  aliyun = smsSenderFor(readSmsConfig({
    SMS_PROVIDER: 'aliyun', SMS_ALIYUN_ACCESS_KEY_ID: 'LTAI-test', SMS_ALIYUN_ACCESS_KEY_SECRET: 'secret', SMS_SIGN_NAME: '优试剂',
    SMS_ENDPOINT: `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`,
    ...Object.fromEntries(SMS_KINDS.map((kind, i) => [SMS_TEMPLATE_VARIABLES[kind], `SMS_3000${i}`])),
  }));
});

afterAll(async () => {
  await new Promise<void>((resolve) => standIn.close(() => resolve()));
});

let previous: SmsSender | undefined;
function useSender(sender: SmsSender) {
  previous ??= setSmsSender(sender);
  setSmsSender(sender);
}
afterEach(() => {
  if (previous) setSmsSender(previous);
  previous = undefined;
  answers.length = 0;
  templateParams.length = 0;
  vi.unstubAllEnvs();
});

/** A production serve: PostgreSQL, not development, not a demo. */
function production() {
  vi.stubEnv('DATABASE_URL', 'postgres://shop@db.example/shop');
  vi.stubEnv('NODE_ENV', 'production');
  vi.stubEnv('DEMO_DATA', '');
}

describe('consent before a code by text message', () => {
  it('is refused without the consent box, with a field error in either language', async () => {
    useSender(aliyun);
    const zh = await sendCode({ loginName: '13711110001', purpose: 'register' });
    expect(zh.status).toBe(400);
    expect(zh.body).toMatchObject({ code: 400, msg: '请先同意接收短信并阅读隐私政策', data: [{ field: 'smsConsent', message: '请先同意接收短信并阅读隐私政策' }] });
    const en = await sendCode({ loginName: '13711110001', purpose: 'login', smsConsent: 'false' }, 'en');
    expect(en.status).toBe(400);
    expect(en.body.data).toEqual([{ field: 'smsConsent', message: 'Please agree to receive the text message and to the privacy policy first' }]);
    expect(templateParams).toEqual([]);
    expect(await h.db.db.select().from(verificationCodes).where(eq(verificationCodes.target, '13711110001'))).toEqual([]);
  });

  it('asks nothing of an e-mail address', async () => {
    expect((await sendCode({ loginName: 'consent@lab.example', purpose: 'register' })).status).toBe(200);
  });
});

describe('codes through the provider (Aliyun, against its stand-in)', () => {
  it('registers a mobile number with the code the provider was given, in production', async () => {
    production();
    useSender(aliyun);
    const res = await sendCode({ loginName: '137 1111 0002', purpose: 'register', smsConsent: 'true' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const code = (JSON.parse(templateParams[0]!) as { code: string }).code;
    expect(code).toMatch(/^\d{6}$/);
    const registered = await h.call('POST', '/api/web/auth/register', {
      form: { loginName: '13711110002', verifyCode: code, password: digest('Pipette#4821'), repeatPwd: digest('Pipette#4821') },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  });

  it.each([
    ['isv.BUSINESS_LIMIT_CONTROL', 429, '该手机号接收短信过于频繁，请稍后再试或使用邮箱', 'This number has received too many text messages; please try again later or use your e-mail address', null],
    ['isv.MOBILE_NUMBER_ILLEGAL', 400, '无法向该手机号发送短信，请检查号码或使用邮箱', 'Text messages cannot be sent to this number; please check it or use your e-mail address', 'loginName'],
    ['isv.AMOUNT_NOT_ENOUGH', 503, '验证码发送失败，请稍后再试', 'The code could not be sent; please try again later', null],
  ] as const)('answers the provider\'s %s as %i, and the code is withdrawn', async (providerCode, status, zh, en, field) => {
    useSender(aliyun);
    const target = `1371111${String(status).padStart(4, '0')}`;
    answers.push({ Code: providerCode, Message: 'refused' }, { Code: providerCode, Message: 'refused' });
    const first = await sendCode({ loginName: target, purpose: 'login', smsConsent: '1' });
    expect(first.status).toBe(status);
    expect(first.body.msg).toBe(zh);
    if (field) expect(first.body.data).toEqual([{ field, message: zh }]);
    // Withdrawn: no cooldown stands in the way of the next try.
    const again = await sendCode({ loginName: target, purpose: 'login', smsConsent: '1' }, 'en');
    expect(again.status).toBe(status);
    expect(again.body.msg).toBe(en);
    expect(await h.db.db.select().from(verificationCodes).where(eq(verificationCodes.target, target))).toEqual([]);
  });
});

describe('production without a provider', () => {
  it('refuses codes to mobile numbers, code sign-in and registration by mobile number, in either language', async () => {
    production();
    useSender(outboxSmsSender);
    const zh = await sendCode({ loginName: '13711110003', purpose: 'login', smsConsent: 'true' });
    expect(zh.status).toBe(400);
    expect(zh.body).toMatchObject({ msg: '本站暂不支持向手机号发送验证码，请使用邮箱', data: [{ field: 'loginName', message: '本站暂不支持向手机号发送验证码，请使用邮箱' }] });
    const en = await sendCode({ loginName: '13711110003', purpose: 'register', smsConsent: 'true' }, 'en');
    expect(en.body.msg).toBe('This site cannot send codes to mobile numbers; please use your e-mail address');
    const byCode = await h.call('POST', '/api/web/register/loginByCode', { json: { data: { loginName: '13711110003', verifyCode: '123456' } } });
    expect([byCode.status, byCode.body.msg]).toEqual([400, '本站暂不支持向手机号发送验证码，请使用邮箱']);
    const register = await h.call('POST', '/api/web/auth/register', {
      form: { loginName: '13711110003', verifyCode: '123456', password: digest('Pipette#4821'), repeatPwd: digest('Pipette#4821') },
    });
    expect([register.status, register.body.msg]).toEqual([400, '本站暂不支持向手机号发送验证码，请使用邮箱']);
    // E-mail goes on as before.
    expect((await sendCode({ loginName: 'prod@lab.example', purpose: 'register' })).status).toBe(200);
  });

  it('keeps texting to the outbox in a demo (DEMO_DATA=1), in development and on the embedded database', async () => {
    useSender(outboxSmsSender);
    production();
    vi.stubEnv('DEMO_DATA', '1');
    expect((await sendCode({ loginName: '13711110004', purpose: 'login', smsConsent: 'true' })).status).toBe(200);
    production();
    vi.stubEnv('NODE_ENV', 'development');
    await skipCooldown('13711110004');
    expect((await sendCode({ loginName: '13711110004', purpose: 'login', smsConsent: 'true' })).status).toBe(200);
    production();
    vi.stubEnv('DATABASE_URL', '');
    await skipCooldown('13711110004');
    expect((await sendCode({ loginName: '13711110004', purpose: 'login', smsConsent: 'true' })).status).toBe(200);
  });
});

describe('the demo\'s numbers', () => {
  let dataDir: string | undefined;
  afterEach(() => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    dataDir = undefined;
  });

  it('get their text messages in the outbox, never through the provider', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sms-demo-outbox-'));
    vi.stubEnv('DATA_DIR', dataDir);
    production();
    const sent: SmsMessage[] = [];
    useSender({ name: 'provider', provider: true, send: async (message) => void sent.push(message) });
    expect((await sendCode({ loginName: '13800138002', purpose: 'login', smsConsent: 'true' })).status).toBe(200);
    expect((await sendCode({ loginName: '13711110005', purpose: 'login', smsConsent: 'true' })).status).toBe(200);
    expect(sent.map((m) => m.to)).toEqual(['13711110005']);
    const files = readdirSync(path.join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    const text = readFileSync(path.join(dataDir, 'outbox', files[0]!), 'utf8');
    expect(text).toMatch(/^To: 13800138002$/m);
    expect(text).toMatch(/^Kind: noAccount$/m);
  });
});
