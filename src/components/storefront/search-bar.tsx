'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { localizePath, usePathname, useRouter } from '@/i18n/client-navigation';
import type { Locale } from '@/i18n/locales';
import { SEARCH_KEY_MAX, SEARCH_TYPES, parseSearchType, sanitiseSearchKey, type SearchType } from '@/lib/search-key';

const HIDE_AFTER_PX = 50;
const SUGGEST_MIN_CHARS = 2;

// The suggestions (asking for them, their options, walking them with the keys) load with the first
// key typed that can have any: no part of a page's first load (ADR 0045).
const SuggestionOptions = lazy(() => import('./search-suggestions').then((m) => ({ default: m.SuggestionOptions })));

/**
 * Type selector and key (docs/requirements/storefront.md#search-bar); hidden after 50 px of scroll. Product searches go to
 * /product/list with sk and type, brand searches to /brand/list with sk, type=4 and a timestamp.
 * While a product key is typed, a listbox of suggestions (product/getName) can be walked with the
 * arrow keys; Enter on one opens its product, Enter otherwise searches.
 */
export function SearchBar(props: Slots) {
  return (
    <Suspense fallback={<SearchForm {...props} />}>
      <SearchBarFromUrl {...props} />
    </Suspense>
  );
}

/**
 * Server-rendered parts: the submit button's icon and the structure tab (ADR 0075), whose clicks the
 * behaviours loaded after hydration answer (`StructureTabHost`): no part of the tab is in the first load.
 */
interface Slots { icon: ReactNode; structureTab: ReactNode }

/** On a result page (product list, product search, brand search) the bar shows the search it made. */
function SearchBarFromUrl(props: Slots) {
  const pathname = usePathname();
  const params = useSearchParams();
  let initial: { key: string; type: SearchType } | null = null;
  // A structure search (type 5) leaves the text key empty: the structure tab's panel opens with the
  // search's structure (it reads the address itself), and the tab is marked (globals.css).
  if (pathname === '/brand/list') initial = { key: params.get('sk') ?? '', type: 4 };
  else if (params.get('type') !== '5' && (pathname === '/product/list' || pathname === '/product/index/search')) {
    const type = parseSearchType(params.get('type'));
    initial = { key: params.get(pathname === '/product/list' ? 'sk' : 'searchKey') ?? '', type: type === null || type === 4 ? 3 : type };
  }
  // A new search (another URL) starts the bar afresh with that search.
  const id = initial ? `${pathname}?${initial.type}:${initial.key}` : 'none';
  return <SearchForm key={id} initialKey={initial?.key.slice(0, SEARCH_KEY_MAX)} initialType={initial?.type} {...props} />;
}

function SearchForm({ initialKey = '', initialType = 1, icon, structureTab }: Slots & { initialKey?: string; initialType?: SearchType }) {
  const t = useTranslations('search');
  const locale = useLocale();
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [type, setType] = useState<SearchType>(initialType);
  const [key, setKey] = useState(initialKey);
  const [hidden, setHidden] = useState(false);
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState(0);
  const [wanted, setWanted] = useState(false);
  const listId = useId();

  useEffect(() => {
    // Marks the form as driven by this component (tests wait for it; without it the form still submits natively).
    formRef.current?.setAttribute('data-ready', 'true');
    const onScroll = () => setHidden(window.scrollY > HIDE_AFTER_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  const clean = sanitiseSearchKey(key);
  // Suggestions follow typing: not for brands, not for a key the page was opened with.
  const eligible = type !== 4 && clean.length >= SUGGEST_MIN_CHARS && key !== initialKey;
  if (eligible && !wanted) setWanted(true);

  const choose = useCallback((id: number) => {
    setOpen(false);
    router.push({ pathname: '/product/detail', query: { id: String(id) } });
  }, [router]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!clean) return;
    setOpen(false);
    if (type === 4) {
      router.push({ pathname: '/brand/list', query: { sk: clean, type: '4', t: String(Date.now()) } });
    } else {
      router.push({ pathname: '/product/list', query: { sk: clean, type: String(type) } });
    }
  }

  const showList = open && eligible && shown > 0;
  return (
    <div className={`relative z-40 border-b border-line bg-white transition-opacity duration-200 ${hidden ? 'invisible opacity-0' : 'opacity-100'}`} data-testid="search-bar">
      {/* Without JavaScript the form is a plain GET to the product list, which sends type 4 on to the brand search. */}
      <form ref={formRef} role="search" aria-label={t('label')} onSubmit={submit} action={localizePath('/product/list', locale as Locale)} method="get" className="container-page flex items-center gap-2 py-3" data-testid="search-form">
        <select
          id="search-type"
          aria-label={t('type')}
          name="type"
          value={type}
          onChange={(e) => setType(Number(e.target.value) as SearchType)}
          className="h-10 max-w-24 rounded-l-md border border-line bg-gray-50 px-1 text-sm sm:max-w-none sm:px-2"
        >
          {SEARCH_TYPES.map((v) => (
            <option key={v} value={v}>{t(`types.${v}`)}</option>
          ))}
        </select>
        <div className="relative min-w-0 flex-1">
          <input
            ref={inputRef}
            id="search-key"
            aria-label={t('label')}
            name="sk"
            type="search"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={showList}
            aria-controls={listId}
            autoComplete="off"
            value={key}
            maxLength={SEARCH_KEY_MAX}
            onChange={(e) => {
              setKey(e.target.value);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
            placeholder={t('placeholder')}
            className="h-10 w-full border border-line px-3 text-sm outline-none focus:border-brand-500"
          />
          <ul
            id={listId}
            role="listbox"
            aria-label={t('suggestions')}
            hidden={!showList}
            className="absolute inset-x-0 top-full z-50 mt-1 max-h-80 overflow-y-auto rounded-md border border-line bg-white py-1 shadow-lg"
            data-testid="search-suggestions"
          >
            {wanted && (
              <Suspense fallback={null}>
                <SuggestionOptions input={inputRef} query={clean} typed={key} eligible={eligible} open={open} setOpen={setOpen} listId={listId} onShown={setShown} choose={choose} />
              </Suspense>
            )}
          </ul>
        </div>
        <button type="submit" className="flex h-10 items-center gap-1 rounded-r-md bg-brand-500 px-3 text-sm font-medium text-white hover:bg-brand-600 sm:px-4">
          {icon}
          <span className="max-sm:sr-only">{t('submit')}</span>
        </button>
        {structureTab}
      </form>
    </div>
  );
}
