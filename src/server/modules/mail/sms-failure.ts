import 'server-only';
import { log } from '@/server/log';
import { maskPhone, type SmsDeliveryError, type SmsMessage } from './sms-message';

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
