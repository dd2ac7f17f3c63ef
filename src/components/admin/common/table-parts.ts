'use client';

import { useState } from 'react';

/** The table pagination of a view whose page lives in its query. */
export function pagination(page: string, pageSize: number, total: number, go: (page: string) => void) {
  return { current: Number(page), pageSize, total, showSizeChanger: false, onChange: (p: number) => go(String(p)) };
}

/**
 * Moving one entry of an ordered list up or down. The order sent is built from the list on screen, so
 * a second click before the changed list is back would send the old order again and move nothing:
 * `moving` holds from a click until a new list is shown (or the change failed), and the arrows and
 * the table wait for it. `save` sends the whole order and answers whether it was saved (a mutation's
 * result, its invalidation done); `loadFailed`: the list could not be loaded again, so no new list
 * will come (the view shows the error).
 */
export function useListMove<T extends { id: number }>(
  items: readonly T[],
  save: (ids: number[]) => Promise<boolean>,
  loadFailed = false,
) {
  // The list a move started from; the move is over once another list is on screen.
  const [from, setFrom] = useState<readonly T[] | null>(null);
  const moving = from !== null && from === items && !loadFailed;
  const move = (index: number, by: -1 | 1) => {
    if (moving) return;
    const ids = items.map((item) => item.id);
    const [moved] = ids.splice(index, 1);
    if (moved === undefined || index + by < 0 || index + by > ids.length) return;
    ids.splice(index + by, 0, moved);
    setFrom(items);
    void save(ids).then((ok) => { if (!ok) setFrom(null); });
  };
  return { move, moving };
}
