'use client';

import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/client-navigation';
import type { ToastRequest } from '@/lib/ui-events';

export interface Toast extends ToastRequest {
  id: number;
}

const STYLES = {
  info: { box: 'border-brand-100 bg-brand-50 text-brand-700', Icon: Info },
  success: { box: 'border-green-200 bg-green-50 text-green-800', Icon: CircleCheck },
  error: { box: 'border-red-200 bg-red-50 text-red-700', Icon: CircleAlert },
} as const;

/**
 * The toasts the storefront's sign-in island keeps (loaded with the first one): errors are announced
 * as alerts, the rest politely; each can be dismissed.
 */
export function ToastList({ toasts, onDismiss }: { toasts: Toast[]; onDismiss: (id: number) => void }) {
  const t = useTranslations('apiClient');
  return toasts.map((toast) => {
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
            <Link href={toast.link.href} onClick={() => onDismiss(toast.id)} className="ml-2 font-medium underline underline-offset-2" data-testid="toast-link">{toast.link.label}</Link>
          )}
        </span>
        <button type="button" onClick={() => onDismiss(toast.id)} aria-label={t('dismiss')} className="shrink-0 rounded p-0.5 opacity-70 hover:opacity-100">
          <X aria-hidden size={14} />
        </button>
      </div>
    );
  });
}
