import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { readSmsConfig, SMS_TEMPLATE_VARIABLES } from './sms-config';
import { SmsDeliveryError, SMS_KINDS, type SmsFailure, type SmsMessage } from './sms-message';
import { smsSenderFor } from './sms';

/** What the stand-in answers next: a status and a JSON body, or a dropped connection. */
type Answer = { status: number; body: unknown } | 'drop';

interface Received {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: string;
}

/**
 * A local stand-in of a provider's endpoint: answers each request with the next queued answer, as the real
 * API answers (signatures are not checked), and keeps what it received.
 */
let server: Server;
let origin: string;
const answers: Answer[] = [];
const received: Received[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => { body += chunk; });
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: new URL(req.url ?? '/', 'http://stand-in'), headers: req.headers, body });
      const answer = answers.shift() ?? { status: 500, body: { message: 'no answer queued' } };
      if (answer === 'drop') {
        req.socket.destroy();
        return;
      }
      res.writeHead(answer.status, { 'content-type': 'application/json;charset=utf-8' }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

afterEach(() => {
  answers.length = 0;
  received.length = 0;
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

/** Every template variable set: Aliyun's codes (SMS_…) or Tencent's ids (digits), one per kind. */
function templates(provider: 'aliyun' | 'tencent'): Record<string, string> {
  return Object.fromEntries(SMS_KINDS.map((kind, i) => [SMS_TEMPLATE_VARIABLES[kind], provider === 'aliyun' ? `SMS_10000${i}` : `20000${i}`]));
}

const ALIYUN_ENV = () => ({
  SMS_PROVIDER: 'aliyun', SMS_ALIYUN_ACCESS_KEY_ID: 'LTAI-test', SMS_ALIYUN_ACCESS_KEY_SECRET: 'secret', SMS_SIGN_NAME: '优试剂',
  SMS_ENDPOINT: origin, ...templates('aliyun'),
});
const TENCENT_ENV = () => ({
  SMS_PROVIDER: 'tencent', SMS_TENCENT_SECRET_ID: 'AKID-test', SMS_TENCENT_SECRET_KEY: 'secret', SMS_TENCENT_SDK_APP_ID: '1400000001',
  SMS_SIGN_NAME: '优试剂', SMS_ENDPOINT: origin, ...templates('tencent'),
});

const CODE_MESSAGE: SmsMessage = { to: '13700137000', kind: 'login', code: '482913', minutes: 5, text: '【优试剂】验证码 482913，用于登录优试剂，5 分钟内有效。' };
const NOTICE_MESSAGE: SmsMessage = { to: '13700137000', kind: 'noAccount', text: '【优试剂】有人使用此邮箱或手机号请求验证码……' };

/** The refusal a send ends in, checked to be the app's own error, with what the log said of it. */
async function refusal(send: Promise<void>): Promise<{ reason: SmsFailure; providerCode: string; logged: string }> {
  vi.stubEnv('LOG_LEVEL', 'info');
  const lines: string[] = [];
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  const error = await send.then(() => null, (e: unknown) => e);
  vi.restoreAllMocks();
  expect(error).toBeInstanceOf(SmsDeliveryError);
  const { reason, providerCode } = error as SmsDeliveryError;
  return { reason, providerCode, logged: lines.join('') };
}

const aliyunAnswer = (code: string, message: string) => ({ status: 200, body: { Code: code, Message: message, RequestId: 'F655A8D5-B967-440B-8683-DAD6FF8DE990', BizId: code === 'OK' ? '900619746936498440^0' : undefined } });

describe('Aliyun SMS against a stand-in of its endpoint', () => {
  it('sends the code template with the code as its one parameter, and the notice template without one', async () => {
    const sender = smsSenderFor(readSmsConfig(ALIYUN_ENV()));
    expect(sender).toMatchObject({ name: 'aliyun', provider: true });
    answers.push(aliyunAnswer('OK', 'OK'), aliyunAnswer('OK', 'OK'));
    await sender.send(CODE_MESSAGE);
    await sender.send(NOTICE_MESSAGE);
    expect(received).toHaveLength(2);
    const [code, notice] = received;
    expect(code!.method).toBe('POST');
    expect(code!.headers['x-acs-action']).toBe('SendSms');
    expect(code!.headers['x-acs-version']).toBe('2017-05-25');
    expect(Object.fromEntries(code!.url.searchParams)).toEqual({
      PhoneNumbers: '13700137000', SignName: '优试剂', TemplateCode: 'SMS_100000', TemplateParam: '{"code":"482913"}',
    });
    expect(notice!.url.searchParams.get('TemplateCode')).toBe('SMS_100004');
    expect(notice!.url.searchParams.has('TemplateParam')).toBe(false);
  });

  it.each([
    ['isv.BUSINESS_LIMIT_CONTROL', '触发小时级流控Permits:5', 'rateLimited'],
    ['isv.MOBILE_NUMBER_ILLEGAL', '非法手机号', 'unreachable'],
    ['isv.AMOUNT_NOT_ENOUGH', '账户余额不足', 'failed'],
    ['isv.SMS_TEMPLATE_ILLEGAL', '该账号下找不到对应模板', 'failed'],
  ] as const)('turns the answer %s into %s', async (providerCode, message, reason) => {
    const sender = smsSenderFor(readSmsConfig(ALIYUN_ENV()));
    answers.push(aliyunAnswer(providerCode, message));
    const failure = await refusal(sender.send(CODE_MESSAGE));
    expect(failure).toMatchObject({ reason, providerCode });
    expect(failure.logged).toContain(providerCode);
    expect(failure.logged).toContain('137****7000');
    expect(failure.logged).not.toContain('482913');
    expect(failure.logged).not.toContain('13700137000');
  });

  it('turns a refused call (unknown access key, HTTP 404) into a failure', async () => {
    const sender = smsSenderFor(readSmsConfig(ALIYUN_ENV()));
    answers.push({ status: 404, body: { Code: 'InvalidAccessKeyId.NotFound', Message: 'Specified access key is not found.', RequestId: 'A1', HostId: 'dysmsapi.aliyuncs.com' } });
    expect(await refusal(sender.send(CODE_MESSAGE))).toMatchObject({ reason: 'failed', providerCode: 'InvalidAccessKeyId.NotFound' });
  });

  it('turns a dropped connection into a failure, without the code in the log', async () => {
    const sender = smsSenderFor(readSmsConfig(ALIYUN_ENV()));
    answers.push('drop', 'drop', 'drop');
    const failure = await refusal(sender.send(CODE_MESSAGE));
    expect(failure.reason).toBe('failed');
    expect(failure.logged).not.toContain('482913');
  });
});

const tencentStatus = (code: string, message: string) => ({
  status: 200,
  body: { Response: { SendStatusSet: [{ SerialNo: '5000:1045710669157053657849499619', PhoneNumber: '+8613700137000', Fee: code === 'Ok' ? 1 : 0, SessionContext: '', Code: code, Message: message, IsoCode: 'CN' }], RequestId: 'a0aabda6-cf91-4f3e-a81f-9198114a2279' } },
});
const tencentError = (code: string, message: string) => ({ status: 200, body: { Response: { Error: { Code: code, Message: message }, RequestId: 'b1' } } });

describe('Tencent Cloud SMS against a stand-in of its endpoint', () => {
  it('sends the code template with the code and its minutes, in E.164, and the notice template without parameters', async () => {
    const sender = smsSenderFor(readSmsConfig(TENCENT_ENV()));
    expect(sender).toMatchObject({ name: 'tencent', provider: true });
    answers.push(tencentStatus('Ok', 'send success'), tencentStatus('Ok', 'send success'));
    await sender.send(CODE_MESSAGE);
    await sender.send(NOTICE_MESSAGE);
    const [code, notice] = received;
    expect(code!.headers['x-tc-action']).toBe('SendSms');
    expect(code!.headers['x-tc-version']).toBe('2021-01-11');
    expect(code!.headers['x-tc-region']).toBe('ap-guangzhou');
    expect(JSON.parse(code!.body)).toEqual({
      PhoneNumberSet: ['+8613700137000'], SmsSdkAppId: '1400000001', SignName: '优试剂', TemplateId: '200000', TemplateParamSet: ['482913', '5'],
    });
    expect(JSON.parse(notice!.body)).toMatchObject({ TemplateId: '200004', TemplateParamSet: [] });
  });

  it('sends the code alone to a template with one parameter (SMS_TENCENT_CODE_PARAMS=code)', async () => {
    const sender = smsSenderFor(readSmsConfig({ ...TENCENT_ENV(), SMS_TENCENT_CODE_PARAMS: 'code' }));
    answers.push(tencentStatus('Ok', 'send success'));
    await sender.send(CODE_MESSAGE);
    expect(JSON.parse(received[0]!.body).TemplateParamSet).toEqual(['482913']);
  });

  it.each([
    [tencentStatus('LimitExceeded.PhoneNumberDailyLimit', 'the number of sms messages sent from a single mobile number every day exceeds the upper limit'), 'LimitExceeded.PhoneNumberDailyLimit', 'rateLimited'],
    [tencentStatus('InvalidParameterValue.IncorrectPhoneNumber', 'incorrect phone number'), 'InvalidParameterValue.IncorrectPhoneNumber', 'unreachable'],
    [tencentStatus('FailedOperation.PhoneNumberInBlacklist', 'phone number in blacklist'), 'FailedOperation.PhoneNumberInBlacklist', 'unreachable'],
    [tencentError('FailedOperation.SignatureIncorrectOrUnapproved', 'signature incorrect or unapproved'), 'FailedOperation.SignatureIncorrectOrUnapproved', 'failed'],
    [tencentError('FailedOperation.InsufficientBalanceInSmsPackage', 'insufficient balance in SMS package'), 'FailedOperation.InsufficientBalanceInSmsPackage', 'failed'],
    [tencentError('LimitExceeded.PhoneNumberOneHourLimit', 'the number of sms messages sent from a single mobile number within 1 hour exceeds the upper limit'), 'LimitExceeded.PhoneNumberOneHourLimit', 'rateLimited'],
    [tencentError('AuthFailure.SecretIdNotFound', 'The SecretId is not found'), 'AuthFailure.SecretIdNotFound', 'failed'],
  ] as const)('turns an answer into its failure (%#: %s)', async (answer, providerCode, reason) => {
    const sender = smsSenderFor(readSmsConfig(TENCENT_ENV()));
    answers.push(answer);
    const failure = await refusal(sender.send(CODE_MESSAGE));
    expect(failure).toMatchObject({ reason, providerCode });
    expect(failure.logged).toContain(providerCode);
    expect(failure.logged).not.toContain('482913');
  });

  it('turns a dropped connection into a failure', async () => {
    const sender = smsSenderFor(readSmsConfig(TENCENT_ENV()));
    answers.push('drop', 'drop', 'drop');
    expect((await refusal(sender.send(CODE_MESSAGE))).reason).toBe('failed');
  });
});
