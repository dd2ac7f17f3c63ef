import 'server-only';
import type { TencentSmsConfig } from './sms-config';
import type { SmsFailure, SmsMessage, SmsSender } from './sms-message';
import { providerSender } from './sms-failure';

/** What a Tencent Cloud error code means to the sender of the message (`FailedOperation.*` and the rest: the shop's). */
export function tencentFailure(code: string): SmsFailure {
  if (code.startsWith('LimitExceeded.')) return 'rateLimited';
  if (code === 'InvalidParameterValue.IncorrectPhoneNumber' || code === 'FailedOperation.PhoneNumberInBlacklist' || code === 'UnsupportedOperation.UnsupportedRegion') return 'unreachable';
  return 'failed';
}

/** Mainland numbers in E.164, as Tencent wants them. */
function e164(phone: string): string {
  return `+86${phone}`;
}

/**
 * Sends through Tencent Cloud SMS (2021-01-11, SendSms) with the official SDK, loaded on the first message.
 * A code template gets `[code, minutes]` ({1}, {2}; `[code]` with SMS_TENCENT_CODE_PARAMS=code), a notice
 * none. Tencent refuses a call with `Response.Error` (the SDK throws its code) and a number with the `Code`
 * of its entry in `SendStatusSet`.
 */
export function createTencentSmsSender(config: TencentSmsConfig): SmsSender {
  const connect = async () => {
    const { sms } = await import('tencentcloud-sdk-nodejs-sms');
    const sdk = new sms.v20210111.Client({
      credential: { secretId: config.secretId, secretKey: config.secretKey },
      region: config.region,
      profile: { httpProfile: { reqTimeout: 10, ...(config.endpoint ? { endpoint: config.endpoint.host, protocol: `${config.endpoint.protocol}://` } : {}) } },
    });
    return async (message: SmsMessage) => {
      const params = message.code === undefined ? [] : config.codeParams.map((p) => (p === 'code' ? message.code ?? '' : String(message.minutes ?? '')));
      const answer = await sdk.SendSms({
        PhoneNumberSet: [e164(message.to)],
        SmsSdkAppId: config.sdkAppId,
        SignName: config.signName,
        TemplateId: config.templates[message.kind],
        TemplateParamSet: params,
      });
      return answer.SendStatusSet?.[0]?.Code ?? 'NoStatus';
    };
  };
  return providerSender('tencent', { connect, ok: 'Ok', classify: tencentFailure });
}
