import 'server-only';
import { log } from '@/server/log';
import { maskPhone, SmsDeliveryError, type SmsFailure, type SmsMessage, type SmsSender } from './sms-message';

/** The provider's code of a thrown SDK error, or the network error's (ECONNREFUSED…), or `NetworkError`. */
export function failureCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code !== '') return code;
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof cause === 'string' && cause !== '' ? cause : 'NetworkError';
}

/**
 * Logs a refused message without its text, its code (which would sign its reader in) or the SDK's error text
 * (it may quote the request): the provider, its code, the kind and the masked number. A failure that is the
 * shop's to fix (keys, template, balance) is an error.
 */
export function reportFailure(failure: SmsDeliveryError, message: SmsMessage): SmsDeliveryError {
  log(failure.reason === 'failed' ? 'error' : 'warn', 'sms.provider_refused', {
    provider: failure.provider, providerCode: failure.providerCode, reason: failure.reason, kind: message.kind, to: maskPhone(message.to),
  });
  return failure;
}

/**
 * A provider's sender: the SDK connected on the first message (`connect` answers a function that sends one
 * message and answers the provider's status code), `ok` the code of a message taken, and `classify` what
 * any other code means. A refusal or a thrown SDK error is logged and thrown as an SmsDeliveryError.
 */
export function providerSender(name: string, options: {
  connect: () => Promise<(message: SmsMessage) => Promise<string>>; ok: string; classify: (code: string) => SmsFailure;
}): SmsSender {
  let client: Promise<(message: SmsMessage) => Promise<string>> | undefined;
  return {
    name,
    provider: true,
    async send(message) {
      let code: string;
      try {
        client ??= options.connect();
        code = await (await client)(message);
      } catch (error) {
        // A failed connection is tried again with the next message.
        client = undefined;
        const thrown = failureCode(error);
        throw reportFailure(new SmsDeliveryError(options.classify(thrown), name, thrown), message);
      }
      if (code !== options.ok) throw reportFailure(new SmsDeliveryError(options.classify(code), name, code), message);
    },
  };
}
