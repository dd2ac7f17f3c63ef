import 'server-only';
import type { AliyunSmsConfig } from './sms-config';
import type { SmsFailure, SmsMessage, SmsSender } from './sms-message';
import { providerSender } from './sms-failure';

/** Aliyun's answers that are the number's fault or its limits (the rest are the shop's: template, sign name, balance, keys). */
const ALIYUN_FAILURES: Readonly<Record<string, SmsFailure>> = {
  'isv.BUSINESS_LIMIT_CONTROL': 'rateLimited',
  'isv.DAY_LIMIT_CONTROL': 'rateLimited',
  'isv.MOBILE_NUMBER_ILLEGAL': 'unreachable',
  'isv.MOBILE_COUNT_OVER_LIMIT': 'unreachable',
  'isv.PHONE_NUMBER_ILLEGAL': 'unreachable',
};

/** What an Aliyun error code means to the sender of the message. */
export function aliyunFailure(code: string): SmsFailure {
  return ALIYUN_FAILURES[code] ?? 'failed';
}

/**
 * Sends through Aliyun's SMS service (dysmsapi 2017-05-25, SendSms) with the official SDK, loaded on the
 * first message. The template of the message's kind gets `{"code": …}` for a code (Aliyun's code templates
 * hold one variable) and no parameter for a notice. Aliyun answers a refusal as HTTP 200 with a `Code` other
 * than `OK`, and a refused call (keys, signature, throttling of the account) as an HTTP error.
 */
export function createAliyunSmsSender(config: AliyunSmsConfig): SmsSender {
  const connect = async () => {
    const [{ default: Dysmsapi, SendSmsRequest }, { $OpenApiUtil }] = await Promise.all([import('@alicloud/dysmsapi20170525'), import('@alicloud/openapi-core')]);
    const sdk = new Dysmsapi(new $OpenApiUtil.Config({
      accessKeyId: config.accessKeyId,
      accessKeySecret: config.accessKeySecret,
      regionId: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint.host, protocol: config.endpoint.protocol } : {}),
      connectTimeout: 5_000,
      readTimeout: 10_000,
    }));
    return async (message: SmsMessage) => {
      const answer = await sdk.sendSms(new SendSmsRequest({
        phoneNumbers: message.to,
        signName: config.signName,
        templateCode: config.templates[message.kind],
        ...(message.code !== undefined ? { templateParam: JSON.stringify({ code: message.code }) } : {}),
      }));
      return answer.body?.code ?? 'NoCode';
    };
  };
  return providerSender('aliyun', { connect, ok: 'OK', classify: aliyunFailure });
}
