'use client';

import { App } from 'antd';
import { useApiMutation } from '@/lib/api/query';

/**
 * What the viewer of one order may send: approve or reject (approver), cancel, confirm, edit the
 * references, reorder (buyer). Each write renders the page again; `done` shows the success message
 * and tells whether the write went through (a failure was shown by the API client).
 */
export function useOrderActions() {
  const { message } = App.useApp();
  const settings = { refreshPage: true } as const;
  const approval = useApiMutation('post', '/api/app/order/approve', settings);
  const cancel = useApiMutation('post', '/api/app/api/order/delete', settings);
  const reorder = useApiMutation('post', '/api/app/api/order/reorder', settings);
  const place = useApiMutation('post', '/api/app/api/order/deal', settings);
  const update = useApiMutation('post', '/api/app/sale/update', settings);
  const busy = [approval, cancel, reorder, place, update].some((m) => m.isPending);
  const done = (answer: object | null, text?: string): boolean => {
    if (answer && text) void message.success(text);
    return answer !== null;
  };
  return { approval, cancel, reorder, place, update, busy, done };
}

export type OrderActions = ReturnType<typeof useOrderActions>;
