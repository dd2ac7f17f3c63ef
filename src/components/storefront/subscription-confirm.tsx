'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Link } from '@/i18n/client-navigation';
import { ApiError, apiPost } from '@/lib/api-client';

type State = { kind: 'idle' | 'busy' } | { kind: 'done'; email: string } | { kind: 'error'; text: string };

/** The button of the confirmation page, and what the server answered. */
export function SubscriptionConfirm({ token }: { token: string | null }) {
  const t = useTranslations('subscriptionConfirm');
  const [state, setState] = useState<State>({ kind: 'idle' });

  async function confirm() {
    if (!token) return;
    setState({ kind: 'busy' });
    try {
      const { email } = await apiPost('/api/web/subscription/confirm', { token }, { silent: true });
      setState({ kind: 'done', email });
    } catch (error) {
      setState({ kind: 'error', text: error instanceof ApiError && !error.isNetwork ? error.message : t('missing') });
    }
  }

  const home = <Link href="/" className="text-sm text-brand-600 hover:underline">{t('home')}</Link>;
  if (!token) {
    return (
      <div className="space-y-4 rounded-lg border border-line bg-white p-6">
        <p role="alert" className="text-sm text-red-700">{t('missing')}</p>
        {home}
      </div>
    );
  }
  return (
    <div className="space-y-4 rounded-lg border border-line bg-white p-6" data-testid="subscription-confirm">
      {state.kind === 'done' ? (
        <p role="status" className="text-green-700">{t('done', { email: state.email })}</p>
      ) : (
        <>
          <p className="text-sm text-gray-700">{t('intro')}</p>
          <button
            type="button"
            onClick={confirm}
            disabled={state.kind === 'busy'}
            className="h-10 rounded-md bg-brand-500 px-5 text-sm font-medium text-white hover:bg-brand-600 disabled:opacity-60"
          >
            {state.kind === 'busy' ? t('confirming') : t('confirm')}
          </button>
          {state.kind === 'error' && <p role="alert" className="text-sm text-red-700">{state.text}</p>}
        </>
      )}
      <div>{home}</div>
    </div>
  );
}
