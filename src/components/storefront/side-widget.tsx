'use client';

import { Headset, Mail, MessageCircle, Phone, X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { useStoredValue } from '@/lib/use-stored-value';

interface Props {
  chatLink: string | null;
  hotlines: string[];
  salesEmail: string | null;
}

const STORAGE_KEY = 'serviceWidget';

/** The floating customer-service panel (spec §1): chat link, two hotlines, sales e-mail; hide and show remembered. */
export function SideWidget({ chatLink, hotlines, salesEmail }: Props) {
  const t = useTranslations('widget');
  // null: the visitor has not chosen — open only where it fits beside the 1200 px page, folded elsewhere.
  const [choice, setChoice] = useStoredValue<'shown' | 'hidden' | null>('local', STORAGE_KEY, null);
  const panelVisibility = choice === 'shown' ? 'block' : choice === 'hidden' ? 'hidden' : 'hidden min-[1680px]:block';
  const buttonVisibility = choice === 'shown' ? 'hidden' : choice === 'hidden' ? 'block' : 'block min-[1680px]:hidden';

  return (
    <>
      <button
        type="button"
        onClick={() => setChoice('shown')}
        aria-label={t('show')}
        className={`fixed bottom-24 right-0 z-40 max-md:hidden rounded-l-lg bg-brand-500 p-2 text-white shadow-lg hover:bg-brand-600 ${buttonVisibility}`}
        data-testid="widget-show"
      >
        <Headset aria-hidden size={20} />
      </button>
      <aside aria-label={t('title')} className={`fixed bottom-24 right-2 z-40 max-md:hidden w-52 rounded-lg border border-line bg-white text-sm shadow-xl ${panelVisibility}`} data-testid="side-widget">
        <div className="flex items-center justify-between rounded-t-lg bg-brand-500 px-3 py-2 text-white">
          <span className="flex items-center gap-1 font-medium"><Headset aria-hidden size={16} />{t('title')}</span>
          <button type="button" onClick={() => setChoice('hidden')} aria-label={t('hide')} className="rounded p-0.5 hover:bg-brand-600" data-testid="widget-hide">
            <X aria-hidden size={16} />
          </button>
        </div>
        <ul className="space-y-2 p-3">
          <li>
            {chatLink ? (
              <a href={chatLink} target="_blank" rel="noopener noreferrer" className="flex items-center gap-2 text-brand-600 hover:underline">
                <MessageCircle aria-hidden size={15} />{t('chat')}
              </a>
            ) : (
              <Link href="/contact/contact#service" className="flex items-center gap-2 text-brand-600 hover:underline" data-testid="widget-service">
                <MessageCircle aria-hidden size={15} />{t('contactService')}
              </Link>
            )}
          </li>
          <li>
            <span className="flex items-center gap-2 text-muted"><Phone aria-hidden size={15} />{t('hotlines')}</span>
            {hotlines.slice(0, 2).map((h) => (
              <a key={h} href={`tel:${h}`} className="ml-6 block font-medium">{h}</a>
            ))}
          </li>
          {salesEmail && (
            <li>
              <span className="flex items-center gap-2 text-muted"><Mail aria-hidden size={15} />{t('email')}</span>
              <a href={`mailto:${salesEmail}`} className="ml-6 block break-all font-medium">{salesEmail}</a>
            </li>
          )}
        </ul>
      </aside>
    </>
  );
}
