'use client';

import { useState } from 'react';
import { useApiQuery } from '@/lib/api/query';

/**
 * The customers to pick from in a select that searches as the member types (a new quotation, a new
 * contract): nothing is asked until the select is focused or searched; `search(key)` asks for the
 * first 20 customers matching `key`.
 */
export function useCustomerOptions() {
  const [key, setKey] = useState<string | null>(null);
  const found = useApiQuery('get', '/api/admin/customers', { params: { query: { key: key || undefined, limit: 20 } } }, { enabled: key !== null });
  return { options: (found.data?.items ?? []).map((c) => ({ value: c.id, label: c.name })), search: setKey };
}
