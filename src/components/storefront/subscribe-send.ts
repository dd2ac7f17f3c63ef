import { apiPost, ApiError } from '@/lib/api-client';

const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]{2,}$/;

export interface SubscribeTexts {
  invalid: string;
  done: string;
  failed: string;
}

/**
 * Checks an address and subscribes it (`/api/web/subscription/add`): the message the form shows. Loaded
 * with the form's first submission, with the API client it needs: no part of a page's first load.
 */
export async function sendSubscription(value: string, text: SubscribeTexts): Promise<{ kind: 'ok' | 'error'; text: string }> {
  if (!EMAIL.test(value) || value.length > 120) return { kind: 'error', text: text.invalid };
  try {
    await apiPost('/api/web/subscription/add', { email: value }, { silent: true });
    return { kind: 'ok', text: text.done };
  } catch (error) {
    return { kind: 'error', text: error instanceof ApiError && !error.isNetwork ? error.message : text.failed };
  }
}
