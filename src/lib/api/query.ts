import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { App, type FormInstance } from 'antd';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { apiRequest, isSessionOver, isStaffPath, type ApiCallOptions, type ApiData, type ApiError, type ApiInit, type ApiMethod, type ApiPathWith } from './client';
import type { ApiPath } from './types';
import { refreshVisitor } from '@/lib/visitor-islands';

/**
 * Reads and writes through @tanstack/react-query. A query's key is its path, then what it sends
 * (`[path, { params, body }]`), so that a mutation invalidates a path's queries whatever their
 * parameters — `invalidates` names exactly the paths a write changes.
 */

export function apiQueryKey(path: ApiPath, init?: { params?: unknown; body?: unknown }): QueryKey {
  return [path, { params: init?.params ?? null, body: init?.body ?? null }];
}

/** `{ queryKey, queryFn }` of one call, for `useQuery`, `useQueries` or prefetching. */
export function apiQuery<M extends ApiMethod, P extends ApiPathWith<M>>(method: M, path: P, init?: ApiInit<M, P>, options?: ApiCallOptions) {
  return {
    queryKey: apiQueryKey(path, init as { params?: unknown; body?: unknown } | undefined),
    queryFn: ({ signal }: { signal: AbortSignal }) => apiRequest(method, path, { ...(init ?? {}), signal } as ApiInit<M, P>, options),
  };
}

/** A query of one call; `initialData` (the page's server-rendered answer) shows at once. */
export function useApiQuery<M extends ApiMethod, P extends ApiPathWith<M>>(
  method: M, path: P, init?: ApiInit<M, P>, settings: { enabled?: boolean; initialData?: ApiData<M, P>; silent?: boolean } = {},
) {
  const { enabled, initialData, silent } = settings;
  return useQuery<ApiData<M, P>, ApiError, ApiData<M, P>>({
    ...apiQuery(method, path, init, { silent }),
    enabled,
    initialData,
    placeholderData: (previous) => previous,
  });
}

export interface ApiMutationSettings {
  /** The paths whose queries the write changes: they load again once it succeeded. */
  invalidates?: readonly ApiPath[];
  /** The page's server-rendered data changes too: it is rendered again once the write succeeded. */
  refreshPage?: boolean;
  /** Field errors of a 400 answer go onto this form's fields. */
  form?: FormInstance;
  /** The caller shows a failure itself: no toast, no login confirmation, no staff error message. */
  silent?: boolean;
  /** Shown as a success message once the write succeeded and its queries were invalidated. */
  success?: string;
}

/** Puts a 400 answer's field errors on the form's fields (the first segment of a field path names the form field). */
export function showFieldErrors(form: FormInstance, error: ApiError): void {
  const known = new Set(Object.keys(form.getFieldsValue() as object));
  const fields = error.fields.map((f) => ({ name: f.field.split('.')[0] ?? '', errors: [f.message] })).filter((f) => known.has(f.name));
  if (fields.length > 0) form.setFields(fields);
}

/**
 * A write: `mutate(init)` / `mutateAsync(init)` call the operation, and `send(init)` resolves with
 * `{ data }`, or with null once the failure was shown. Success invalidates `invalidates` (and renders the
 * page again with `refreshPage`) before it resolves. A customer call's failure is shown by the client;
 * a staff call's as an antd message (an ended session has asked for the login confirmation instead).
 */
export function useApiMutation<M extends ApiMethod, P extends ApiPathWith<M>>(method: M, path: P, settings: ApiMutationSettings = {}) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const { message } = App.useApp();
  const t = useTranslations('apiClient');
  const { invalidates = [], refreshPage = false, form, silent, success } = settings;
  const mutation = useMutation<ApiData<M, P>, ApiError, ApiInit<M, P>>({
    mutationFn: (init) => apiRequest(method, path, init, { silent }),
    onSuccess: async () => {
      await Promise.all(invalidates.map((p) => queryClient.invalidateQueries({ queryKey: [p] })));
      if (refreshPage) {
        router.refresh();
        // The storefront header's islands (cart badge, orders to approve) are not part of the page's render.
        if (!isStaffPath(path)) void refreshVisitor();
      }
      if (success) void message.success(success);
    },
    onError: (error) => {
      if (form) showFieldErrors(form, error);
      if (isStaffPath(path) && !silent && !isSessionOver(error)) void message.error(error.isNetwork ? t('network') : error.message);
    },
  });
  const send = (init: ApiInit<M, P>): Promise<{ data: ApiData<M, P> } | null> => mutation.mutateAsync(init).then((data) => ({ data }), () => null);
  return { ...mutation, send };
}
