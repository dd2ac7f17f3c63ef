'use client';

import { App, type FormInstance } from 'antd';
import { AdminApiError } from '../admin-api';

/**
 * Runs a back-office change: a success message and a reload when it worked; the server's message, and
 * its field errors on the form, when it did not. Answers whether it worked.
 */
export function useAdminAction(reload: () => Promise<void>, form?: FormInstance) {
  const { message } = App.useApp();
  return async (action: () => Promise<unknown>, done: string): Promise<boolean> => {
    try {
      await action();
      void message.success(done);
      await reload();
      return true;
    } catch (e) {
      void message.error(e instanceof Error ? e.message : String(e));
      if (e instanceof AdminApiError && form) form.setFields(e.fields.map((f) => ({ name: f.field, errors: [f.message] })));
      return false;
    }
  };
}

/** The table pagination of a view whose page lives in its query. */
export function pagination(page: string, pageSize: number, total: number, go: (page: string) => void) {
  return { current: Number(page), pageSize, total, showSizeChanger: false, onChange: (p: number) => go(String(p)) };
}
