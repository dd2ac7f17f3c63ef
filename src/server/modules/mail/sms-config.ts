import 'server-only';
import { SMS_KINDS, type SmsKind } from './sms-message';

type Env = Readonly<Record<string, string | undefined>>;

/** The environment variable of each message kind's template (docs/deployment.md "Text messages"). */
export const SMS_TEMPLATE_VARIABLES: Readonly<Record<SmsKind, string>> = {
  login: 'SMS_TEMPLATE_LOGIN',
  'register-user': 'SMS_TEMPLATE_REGISTER',
  'register-employee': 'SMS_TEMPLATE_ACTIVATE',
  reset: 'SMS_TEMPLATE_RESET',
  noAccount: 'SMS_TEMPLATE_NO_ACCOUNT',
  alreadyRegistered: 'SMS_TEMPLATE_ALREADY_REGISTERED',
  noInvitation: 'SMS_TEMPLATE_NO_INVITATION',
  notActivated: 'SMS_TEMPLATE_NOT_ACTIVATED',
  addedElsewhere: 'SMS_TEMPLATE_ADDED_ELSEWHERE',
};

/** Where the SDK sends its calls: the provider's own host unless SMS_ENDPOINT names another (a proxy, a stand-in). */
export interface SmsEndpoint {
  protocol: 'http' | 'https';
  /** Host and port, as the SDKs take it. */
  host: string;
}

interface CommonConfig {
  signName: string;
  region: string;
  endpoint: SmsEndpoint | null;
  templates: Readonly<Record<SmsKind, string>>;
}

export interface AliyunSmsConfig extends CommonConfig {
  provider: 'aliyun';
  accessKeyId: string;
  accessKeySecret: string;
}

export interface TencentSmsConfig extends CommonConfig {
  provider: 'tencent';
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  /** The parameters of a code template, in order ({1}, {2}): the code, and the minutes it stays valid unless `code` only. */
  codeParams: readonly ('code' | 'minutes')[];
}

export type SmsConfig = AliyunSmsConfig | TencentSmsConfig;

/** A configuration that cannot work; the message says which variable to fix. */
export class SmsConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SmsConfigError';
  }
}

const DEFAULT_REGION = { aliyun: 'cn-hangzhou', tencent: 'ap-guangzhou' } as const;
/** Aliyun's template codes (SMS_123456789) and Tencent's template ids (digits). */
const TEMPLATE_PATTERN = { aliyun: /^SMS_\d+$/, tencent: /^\d+$/ } as const;

function value(env: Env, name: string): string {
  return (env[name] ?? '').trim();
}

/** The variable's value; its name joins `missing` when it is empty. */
function required(env: Env, name: string, missing: string[]): string {
  const found = value(env, name);
  if (found === '') missing.push(name);
  return found;
}

/** SMS_ENDPOINT as a host (`sms.example.com`, `127.0.0.1:8080`; https) or an http(s) origin; null when unset. */
export function parseSmsEndpoint(raw: string): SmsEndpoint | null {
  if (raw === '') return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new SmsConfigError(`SMS_ENDPOINT is not a host or an http(s) address: "${raw}".`);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname !== '/' || url.search || url.hash || url.username) {
    throw new SmsConfigError(`SMS_ENDPOINT must be a host[:port] or an http(s) origin without a path, got "${raw}".`);
  }
  return { protocol: url.protocol === 'http:' ? 'http' : 'https', host: url.host };
}

/**
 * The SMS provider the environment configures, checked whole: null when SMS_PROVIDER is unset (text
 * messages go to the outbox). Throws `SmsConfigError` naming every missing or malformed variable.
 */
export function readSmsConfig(env: Env): SmsConfig | null {
  const provider = value(env, 'SMS_PROVIDER').toLowerCase();
  if (provider === '') return null;
  if (provider !== 'aliyun' && provider !== 'tencent') {
    throw new SmsConfigError(`SMS_PROVIDER must be aliyun or tencent (or unset for the outbox), got "${env.SMS_PROVIDER}".`);
  }
  const missing: string[] = [];
  const malformed: string[] = [];
  const aliyun = provider === 'aliyun'
    ? { accessKeyId: required(env, 'SMS_ALIYUN_ACCESS_KEY_ID', missing), accessKeySecret: required(env, 'SMS_ALIYUN_ACCESS_KEY_SECRET', missing) }
    : null;
  const tencent = provider === 'tencent'
    ? {
      secretId: required(env, 'SMS_TENCENT_SECRET_ID', missing),
      secretKey: required(env, 'SMS_TENCENT_SECRET_KEY', missing),
      sdkAppId: required(env, 'SMS_TENCENT_SDK_APP_ID', missing),
    }
    : null;
  if (tencent && tencent.sdkAppId !== '' && !/^\d+$/.test(tencent.sdkAppId)) malformed.push('SMS_TENCENT_SDK_APP_ID (the SmsSdkAppId, digits: 1400123456)');
  const signName = required(env, 'SMS_SIGN_NAME', missing);
  const templates = {} as Record<SmsKind, string>;
  for (const kind of SMS_KINDS) {
    const name = SMS_TEMPLATE_VARIABLES[kind];
    const template = required(env, name, missing);
    if (template !== '' && !TEMPLATE_PATTERN[provider].test(template)) {
      malformed.push(`${name} (${provider === 'aliyun' ? 'a template code such as SMS_123456789' : 'a template id such as 1234567'})`);
    }
    templates[kind] = template;
  }
  const codeParams = value(env, 'SMS_TENCENT_CODE_PARAMS') || 'code,minutes';
  if (provider === 'tencent' && codeParams !== 'code,minutes' && codeParams !== 'code') malformed.push('SMS_TENCENT_CODE_PARAMS (code,minutes or code)');
  const problems = [
    ...(missing.length > 0 ? [`not set: ${missing.join(', ')}`] : []),
    ...(malformed.length > 0 ? [`malformed: ${malformed.join(', ')}`] : []),
  ];
  if (problems.length > 0) throw new SmsConfigError(`SMS_PROVIDER=${provider} needs its credentials, the sign name and a template per message kind; ${problems.join('; ')} (docs/deployment.md, "Text messages").`);
  const common: CommonConfig = {
    signName,
    region: value(env, 'SMS_REGION') || DEFAULT_REGION[provider],
    endpoint: parseSmsEndpoint(value(env, 'SMS_ENDPOINT')),
    templates,
  };
  if (aliyun) return { provider: 'aliyun', ...common, ...aliyun };
  if (!tencent) throw new SmsConfigError(`SMS_PROVIDER=${provider} is not a provider.`);
  return { provider: 'tencent', ...common, ...tencent, codeParams: codeParams === 'code' ? ['code'] : ['code', 'minutes'] };
}
