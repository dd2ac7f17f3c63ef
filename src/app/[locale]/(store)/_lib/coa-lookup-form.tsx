import { getTranslations } from 'next-intl/server';
import { localisedPath } from '@/lib/seo';

/**
 * The COA look-up by item number and lot number (the way labs fetch a COA): a plain GET form to
 * the look-up page, so it works without script, on the resources page and on the look-up page itself.
 */
export async function CoaLookupForm({ locale, itemNo = '', lotNo = '' }: { locale: string; itemNo?: string; lotNo?: string }) {
  const t = await getTranslations('resources');
  const input = 'h-10 w-full rounded-md border border-line bg-white px-3 text-sm outline-none focus:border-brand-500';
  return (
    <form action={localisedPath(locale, '/resources/index/coa')} className="mb-6 grid gap-3 rounded-lg border border-line bg-white p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end" data-testid="coa-form">
      <div>
        <label htmlFor="coa-item" className="mb-1 block text-sm font-medium">{t('itemNo')}</label>
        <input id="coa-item" name="itemNo" defaultValue={itemNo} maxLength={40} required placeholder={t('itemNoPlaceholder')} className={input} />
      </div>
      <div>
        <label htmlFor="coa-lot" className="mb-1 block text-sm font-medium">{t('lotNo')}</label>
        <input id="coa-lot" name="lotNo" defaultValue={lotNo} maxLength={40} required placeholder={t('lotNoPlaceholder')} className={input} />
      </div>
      <button type="submit" className="h-10 rounded-md bg-brand-500 px-5 text-sm font-medium text-white hover:bg-brand-600">{t('lookUp')}</button>
    </form>
  );
}
