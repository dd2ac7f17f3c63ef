import { getTranslations } from 'next-intl/server';
import { SubscribeFormControl } from './subscribe-form-control';

/**
 * Newsletter subscription: the address then gets a confirmation link (or a note that it is subscribed
 * already). The label and field are rendered on the server; the sending part runs in the browser.
 */
export async function SubscribeForm({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  const t = await getTranslations('subscribe');
  const dark = tone === 'dark';
  const id = `subscribe-${tone}`;
  return (
    <SubscribeFormControl
      dark={dark}
      label={<label htmlFor={id} className={`mb-2 block text-sm ${dark ? 'text-gray-300' : 'text-gray-600'}`}>{t('label')}</label>}
      field={
        <input id={id} type="email" maxLength={120} autoComplete="email" placeholder={t('placeholder')}
          className={`h-9 min-w-0 flex-1 rounded-md border px-3 text-sm outline-none focus:border-brand-500 ${dark ? 'border-gray-700 bg-gray-800 text-white placeholder:text-gray-500' : 'border-line bg-white'}`} />
      }
      text={{ submit: t('submit'), invalid: t('invalid'), done: t('done'), failed: t('failed') }}
    />
  );
}
