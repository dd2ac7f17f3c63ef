'use client';

import { useQueryClient } from '@tanstack/react-query';
import { App, Modal, type InputRef } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { FormModal } from '@/components/ui/form-modal';
import { localizePath } from '@/i18n/client-navigation';
import { apiRequest } from '@/lib/api/client';
import { currentReturnPath } from '@/lib/return-path';
import { onUiEvent } from '@/lib/ui-events';
import { AdminLoginFields, type StaffSession } from './admin-login-form';

/** Over the back-office's own dialogs and drawers (antd's 1000), whose forms they keep. */
const Z_INDEX = 1100;

type Step = 'closed' | 'confirm' | 'login';

/**
 * The back-office's answer to an ended session (docs/requirements/api.md#error-catalogue, ADR 0064): the single
 * "login confirmation" box, then the staff sign-in in a dialog over the page — nothing is navigated away
 * from, so a half-filled form, its drawer and the tab stay as they were and the member presses save again.
 * Escape in the sign-in goes back to the box; Escape or Cancel in the box signs out and opens the sign-in
 * page, with the page as the return address. Another member signing in gets the page loaded afresh.
 */
export function StaffSessionDialogs({ staffId }: { staffId: number }) {
  const t = useTranslations('apiClient');
  const ta = useTranslations('admin');
  const locale = useLocale();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('closed');
  const firstField = useRef<InputRef>(null);

  // One box at a time: calls failing while the box or the sign-in is open ask for nothing more.
  useEffect(() => onUiEvent('confirm-login', () => setStep((s) => (s === 'closed' ? 'confirm' : s))), []);

  async function cancel() {
    setStep('closed');
    await apiRequest('post', '/api/admin/auth/logout', undefined, { silent: true }).catch(() => undefined);
    queryClient.clear();
    const login = localizePath('/admin/login', locale);
    const back = currentReturnPath(window.location, 'admin');
    window.location.assign(back ? `${login}?${new URLSearchParams({ redirect: back }).toString()}` : login);
  }

  function signedIn(member: StaffSession) {
    if (member.id !== staffId) {
      // Nothing the page shows or holds belongs to the member now signed in.
      queryClient.clear();
      window.location.reload();
      return;
    }
    setStep('closed');
    void message.success(ta('signedInAgain'));
    // Reads that failed meanwhile load again; reads that had loaded are left alone, as forms are filled from them.
    void queryClient.refetchQueries({ type: 'active', predicate: (query) => query.state.status === 'error' });
  }

  return (
    <>
      <FormModal
        open={step === 'confirm'}
        title={t('confirmTitle')}
        okText={t('confirmLogin')}
        cancelText={t('confirmCancel')}
        onOk={() => setStep('login')}
        onCancel={() => void cancel()}
        closable={false}
        mask={{ closable: false }}
        focusable={{ trap: true }}
        zIndex={Z_INDEX}
        width={400}
        data-testid="staff-login-confirm"
      >
        <p>{t('confirmText')}</p>
      </FormModal>
      <Modal
        open={step === 'login'}
        title={ta('loginTitle')}
        footer={null}
        onCancel={() => setStep('confirm')}
        mask={{ closable: false }}
        focusable={{ trap: true }}
        zIndex={Z_INDEX}
        width={360}
        destroyOnHidden
        // The dialog takes the focus as it opens; the login name gets it once it has.
        afterOpenChange={(open) => {
          if (open) firstField.current?.focus();
        }}
        data-testid="staff-login-dialog"
      >
        <AdminLoginFields onSignedIn={signedIn} firstField={firstField} />
      </Modal>
    </>
  );
}
