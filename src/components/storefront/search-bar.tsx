'use client';

import { Search } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useEffect, useState, type FormEvent } from 'react';
import { useRouter } from '@/i18n/navigation';
import { SEARCH_KEY_MAX, SEARCH_TYPES, sanitiseSearchKey, type SearchType } from '@/lib/search-key';

const HIDE_AFTER_PX = 50;

/** Type selector and key; hidden after 50 px of scroll (spec §2). */
export function SearchBar() {
  const t = useTranslations('search');
  const router = useRouter();
  const [type, setType] = useState<SearchType>(1);
  const [key, setKey] = useState('');
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    const onScroll = () => setHidden(window.scrollY > HIDE_AFTER_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    const clean = sanitiseSearchKey(key);
    if (!clean) return;
    if (type === 4) {
      router.push({ pathname: '/brand/list', query: { sk: clean, type: '4', t: String(Date.now()) } });
    } else {
      router.push({ pathname: '/product/list', query: { sk: clean, type: String(type) } });
    }
  }

  return (
    <div className={`border-b border-line bg-white transition-opacity duration-200 ${hidden ? 'invisible opacity-0' : 'opacity-100'}`} data-testid="search-bar">
      <form role="search" aria-label={t('label')} onSubmit={submit} className="container-page flex items-center gap-2 py-3">
        <label className="sr-only" htmlFor="search-type">{t('type')}</label>
        <select
          id="search-type"
          value={type}
          onChange={(e) => setType(Number(e.target.value) as SearchType)}
          className="h-10 rounded-l-md border border-line bg-gray-50 px-2 text-sm"
        >
          {SEARCH_TYPES.map((v) => (
            <option key={v} value={v}>{t(`types.${v}`)}</option>
          ))}
        </select>
        <label className="sr-only" htmlFor="search-key">{t('label')}</label>
        <input
          id="search-key"
          type="search"
          value={key}
          maxLength={SEARCH_KEY_MAX}
          onChange={(e) => setKey(e.target.value)}
          placeholder={t('placeholder')}
          className="h-10 min-w-0 flex-1 border border-line px-3 text-sm outline-none focus:border-brand-500"
        />
        <button type="submit" className="flex h-10 items-center gap-1 rounded-r-md bg-brand-500 px-4 text-sm font-medium text-white hover:bg-brand-600">
          <Search aria-hidden size={16} />
          <span className="hidden sm:inline">{t('submit')}</span>
          <span className="sr-only sm:hidden">{t('submit')}</span>
        </button>
      </form>
    </div>
  );
}
