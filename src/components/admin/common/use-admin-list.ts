'use client';

import { useCallback, useEffect, useState } from 'react';
import { adminApi, toQuery } from '../admin-api';

interface Loaded<T> { key: string; data: { total: number; items: T[] } | null; error: string | null }

/** Loads a paged list from `/api/admin/...` whenever the query changes; `reload` fetches it again. */
export function useAdminList<T>(path: string, query: Record<string, string | number | undefined>) {
  const key = `${path}${toQuery(query)}`;
  const [round, setRound] = useState(0);
  const [loaded, setLoaded] = useState<Loaded<T> | null>(null);
  const [last, setLast] = useState<{ total: number; items: T[] } | null>(null);
  useEffect(() => {
    let live = true;
    adminApi<{ total: number; items: T[] }>('GET', key).then(
      (data) => { if (live) { setLoaded({ key: `${key}#${round}`, data, error: null }); setLast(data); } },
      (e: unknown) => { if (live) setLoaded({ key: `${key}#${round}`, data: null, error: e instanceof Error ? e.message : String(e) }); },
    );
    return () => { live = false; };
  }, [key, round]);
  const reload = useCallback(async () => setRound((r) => r + 1), []);
  const current = loaded?.key === `${key}#${round}` ? loaded : null;
  // While a new page loads, the last one stays on screen under the table's spinner.
  return { data: current?.data ?? last, loading: current === null, error: current?.error ?? null, reload };
}
