'use client';

import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import { Link } from '@/i18n/navigation';
import { onUiEvent, type ToastRequest } from '@/lib/ui-events';

interface Toast extends ToastRequest {
  id: number;
}

let nextId = 0;

const STYLES = {
  info: { box: 'border-brand-100 bg-brand-50 text-brand-700', Icon: Info },
  success: { box: 'border-green-200 bg-green-50 text-green-800', Icon: CircleCheck },
  error: { box: 'border-red-200 bg-red-50 text-red-700', Icon: CircleAlert },
} as const;

/**
 * Short messages at the top of the page, each for its own duration (errors 5 s, a sign-in 1 s).
 * Errors are announced as alerts, the rest politely; each can be dismissed.
 */
export function Toaster() {
  const t = useTranslations('apiClient');
  const [toasts, setToasts] = useState<Toast[]>([]);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)), []);

  useEffect(
    () =>
      onUiEvent('toast', (request) => {
        const id = ++nextId;
        setToasts((list) => [...list.slice(-3), { ...request, id }]);
        window.setTimeout(() => dismiss(id), request.durationMs);
      }),
    [dismiss],
  );

  return (
    <div className="pointer-events-none fixed inset-x-0 top-3 z-[1100] flex flex-col items-center gap-2 px-3" role="region" aria-label={t('notifications')}>
      {toasts.map((toast) => {
        const { box, Icon } = STYLES[toast.kind];
        const text = toast.text ?? t(toast.messageKey ?? 'error');
        return (
          <div
            key={toast.id}
            role={toast.kind === 'error' ? 'alert' : 'status'}
            data-testid="toast"
            data-kind={toast.kind}
            className={`pointer-events-auto flex w-full max-w-sm items-start gap-2 rounded-md border px-3 py-2 text-sm shadow-lg ${box}`}
          >
            <Icon aria-hidden size={16} className="mt-0.5 shrink-0" />
            <span className="min-w-0 flex-1 break-words">
              {text}
              {toast.link && (
                <Link href={toast.link.href} onClick={() => dismiss(toast.id)} className="ml-2 font-medium underline underline-offset-2" data-testid="toast-link">{toast.link.label}</Link>
              )}
            </span>
            <button type="button" onClick={() => dismiss(toast.id)} aria-label={t('dismiss')} className="shrink-0 rounded p-0.5 opacity-70 hover:opacity-100">
              <X aria-hidden size={14} />
            </button>
          </div>
        );
      })}
    </div>
  );
}
