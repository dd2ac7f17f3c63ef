import { Close, Headset, Mail, MessageCircle, Phone } from '@/components/ui/icons';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/navigation';
import { SideWidgetFrame } from './side-widget-frame';

interface Props {
  chatLink: string | null;
  hotlines: string[];
  salesEmail: string | null;
}

/**
 * The floating customer-service panel (docs/requirements/storefront.md#service-panel): chat link, two hotlines, sales e-mail; hide and show
 * remembered. Rendered on the server; only the two buttons run in the browser.
 */
export async function SideWidget({ chatLink, hotlines, salesEmail }: Props) {
  const t = await getTranslations('widget');
  return (
    <SideWidgetFrame
      title={<span className="flex items-center gap-1 font-medium"><Headset aria-hidden size={16} />{t('title')}</span>}
      label={t('title')}
      showLabel={t('show')}
      hideLabel={t('hide')}
      showIcon={<Headset aria-hidden size={20} />}
      hideIcon={<Close aria-hidden size={16} />}
    >
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
    </SideWidgetFrame>
  );
}
