'use client';

import { useEffect, useRef, useState, type RefObject } from 'react';

/** Wait this long after the last keystroke before asking for suggestions. */
const SUGGEST_DELAY_MS = 250;

interface Suggestion {
  id: number;
  itemNo: string;
  name: string;
  cas: string | null;
}

interface Props {
  /** The search key's field: the arrows, Escape and Enter walk the options from it. */
  input: RefObject<HTMLInputElement | null>;
  /** The key as it is asked for, and as it is typed (a new one starts again from the key itself). */
  query: string;
  typed: string;
  /** Whether the key can have suggestions (not a brand search, long enough, typed here). */
  eligible: boolean;
  open: boolean;
  setOpen: (open: boolean) => void;
  listId: string;
  /** How many options are shown (the field's `aria-expanded` follows it). */
  onShown: (count: number) => void;
  choose: (productId: number) => void;
}

/**
 * The search bar's suggestions (product/getName) as options of its listbox: asked for 250 ms after
 * the last keystroke, walked with the arrow keys (the typed key itself between the last option and
 * the first), Enter on one opens its product, Escape closes the list.
 */
export function SuggestionOptions({ input, query, typed, eligible, open, setOpen, listId, onShown, choose }: Props) {
  const [found, setFound] = useState<Suggestion[]>([]);
  const [active, setActive] = useState(-1);
  const latest = useRef(0);
  const suggestions = eligible ? found : [];
  const optionId = (i: number) => `${listId}-o${i}`;

  const [seenTyped, setSeenTyped] = useState(typed);
  if (seenTyped !== typed) {
    setSeenTyped(typed);
    setActive(-1);
  }

  useEffect(() => {
    const request = ++latest.current;
    if (!eligible) return;
    const timer = window.setTimeout(() => {
      // The API client loads with the first suggestions asked for: no part of the page's first load.
      import('@/lib/api-client')
        .then(({ apiPost }) => apiPost('/api/web/product/getName', { key: query, limit: 8 }, { silent: true }))
        .then((items) => {
          if (request !== latest.current) return;
          setFound(items);
          setActive(-1);
        })
        .catch(() => {
          if (request === latest.current) setFound([]);
        });
    }, SUGGEST_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [query, eligible]);

  const count = suggestions.length;
  useEffect(() => onShown(count), [count, onShown]);

  const activeId = open && active >= 0 && active < count ? optionId(active) : null;
  useEffect(() => {
    const field = input.current;
    if (!field) return;
    if (activeId) field.setAttribute('aria-activedescendant', activeId);
    else field.removeAttribute('aria-activedescendant');
  }, [input, activeId]);

  useEffect(() => {
    const field = input.current;
    if (!field) return;
    const onKeyDown = (e: KeyboardEvent) => {
      if (count === 0 || e.isComposing) return;
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        setOpen(true);
        const step = e.key === 'ArrowDown' ? 1 : -1;
        // -1 is the typed key itself; the arrows cycle through it and the suggestions.
        setActive((i) => {
          const next = i + step;
          if (next >= count) return -1;
          return next < -1 ? count - 1 : next;
        });
      } else if (e.key === 'Escape' && open) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (e.key === 'Enter' && open && active >= 0 && active < count) {
        // Enter on an option opens its product instead of searching for the key.
        e.preventDefault();
        choose(found[active]!.id);
      }
    };
    field.addEventListener('keydown', onKeyDown);
    return () => field.removeEventListener('keydown', onKeyDown);
  }, [input, count, open, active, found, setOpen, choose]);

  return suggestions.map((s, i) => (
    <li
      key={s.id}
      id={optionId(i)}
      role="option"
      aria-selected={i === active}
      // mousedown, not click: the input's blur would hide the list before a click lands.
      onMouseDown={(e) => {
        e.preventDefault();
        choose(s.id);
      }}
      onMouseEnter={() => setActive(i)}
      className={`cursor-pointer px-3 py-2 text-sm ${i === active ? 'bg-brand-50 text-brand-700' : ''}`}
    >
      <span className="font-medium">{s.name}</span>
      <span className="ml-2 text-xs text-muted">{s.itemNo}{s.cas ? ` · CAS ${s.cas}` : ''}</span>
    </li>
  ));
}
