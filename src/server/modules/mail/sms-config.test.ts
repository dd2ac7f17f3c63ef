import { describe, expect, it, vi } from 'vitest';
import { parseSmsEndpoint, readSmsConfig, SmsConfigError, SMS_TEMPLATE_VARIABLES } from './sms-config';
import { SMS_KINDS } from './sms-message';
import { isProductionServe } from './sms';

const aliyunTemplates = Object.fromEntries(SMS_KINDS.map((kind, i) => [SMS_TEMPLATE_VARIABLES[kind], `SMS_2000${i}`]));
const ALIYUN: Record<string, string> = { SMS_PROVIDER: 'aliyun', SMS_ALIYUN_ACCESS_KEY_ID: 'id', SMS_ALIYUN_ACCESS_KEY_SECRET: 'secret', SMS_SIGN_NAME: '优试剂', ...aliyunTemplates };

describe('readSmsConfig', () => {
  it('answers null without SMS_PROVIDER (the outbox)', () => {
    expect(readSmsConfig({})).toBeNull();
    expect(readSmsConfig({ SMS_PROVIDER: ' ' })).toBeNull();
  });

  it('reads a whole Aliyun configuration, with the default region and no endpoint', () => {
    const config = readSmsConfig(ALIYUN);
    expect(config).toMatchObject({ provider: 'aliyun', accessKeyId: 'id', signName: '优试剂', region: 'cn-hangzhou', endpoint: null });
    expect(config?.templates.reset).toBe('SMS_20003');
    expect(config?.templates.addedElsewhere).toBe('SMS_20008');
  });

  it('refuses an unknown provider', () => {
    expect(() => readSmsConfig({ SMS_PROVIDER: 'twilio' })).toThrow(/SMS_PROVIDER must be aliyun or tencent/);
  });

  it('names every missing and malformed variable at once', () => {
    const { SMS_TEMPLATE_RESET: _reset, SMS_ALIYUN_ACCESS_KEY_SECRET: _secret, ...rest } = ALIYUN;
    let error: unknown;
    try {
      readSmsConfig({ ...rest, SMS_TEMPLATE_LOGIN: '12345' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SmsConfigError);
    expect((error as Error).message).toBe(
      'SMS_PROVIDER=aliyun needs its credentials, the sign name and a template per message kind; not set: SMS_ALIYUN_ACCESS_KEY_SECRET, SMS_TEMPLATE_RESET; '
      + 'malformed: SMS_TEMPLATE_LOGIN (a template code such as SMS_123456789) (docs/deployment.md, "Text messages").',
    );
  });

  it('needs Tencent\'s keys, app id and numeric template ids', () => {
    expect(() => readSmsConfig({ SMS_PROVIDER: 'tencent', SMS_SIGN_NAME: '优试剂', SMS_TENCENT_SDK_APP_ID: 'app', ...aliyunTemplates }))
      .toThrow(/not set: SMS_TENCENT_SECRET_ID, SMS_TENCENT_SECRET_KEY; malformed: SMS_TENCENT_SDK_APP_ID .*SMS_TEMPLATE_LOGIN \(a template id/);
  });

  it('takes SMS_ENDPOINT as a host or an http(s) origin, and SMS_REGION', () => {
    expect(readSmsConfig({ ...ALIYUN, SMS_ENDPOINT: 'http://127.0.0.1:8080', SMS_REGION: 'cn-shanghai' })).toMatchObject({ region: 'cn-shanghai', endpoint: { protocol: 'http', host: '127.0.0.1:8080' } });
    expect(parseSmsEndpoint('dysmsapi.aliyuncs.com')).toEqual({ protocol: 'https', host: 'dysmsapi.aliyuncs.com' });
    expect(() => parseSmsEndpoint('https://sms.example.com/path')).toThrow(/without a path/);
    expect(() => parseSmsEndpoint('ftp://sms.example.com')).toThrow(/SMS_ENDPOINT/);
  });
});

describe('isProductionServe', () => {
  it('is a start on PostgreSQL that is neither development nor a demo', () => {
    const url = 'postgres://shop@db/shop';
    expect(isProductionServe({ DATABASE_URL: url, NODE_ENV: 'production' })).toBe(true);
    expect(isProductionServe({ NODE_ENV: 'production' })).toBe(false);
    expect(isProductionServe({ DATABASE_URL: url, NODE_ENV: 'development' })).toBe(false);
    expect(isProductionServe({ DATABASE_URL: url, NODE_ENV: 'production', DEMO_DATA: '1' })).toBe(false);
  });
});

describe('getSmsSender', () => {
  it('keeps to the outbox when the configuration is broken (a server started without npm start\'s check)', async () => {
    vi.resetModules();
    vi.stubEnv('SMS_PROVIDER', 'aliyun');
    try {
      const { getSmsSender } = await import('./sms');
      expect(getSmsSender()).toMatchObject({ name: 'outbox', provider: false });
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('uses the configured provider', async () => {
    vi.resetModules();
    for (const [name, value] of Object.entries(ALIYUN)) vi.stubEnv(name, value);
    try {
      const { getSmsSender } = await import('./sms');
      expect(getSmsSender()).toMatchObject({ name: 'aliyun', provider: true });
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
