'use client';

import { useTranslations } from 'next-intl';
import { useId, useRef, useState, type FormEvent } from 'react';
import { ENQUIRY_LIMITS } from '@/contracts/requests';
import { EMAIL } from '@/contracts/site-settings';
import { ApiError, apiPost } from '@/lib/api-client';

type Field = 'name' | 'company' | 'email' | 'phone' | 'itemNo' | 'message';
const FIELDS: Field[] = ['name', 'company', 'email', 'phone', 'itemNo', 'message'];
const PHONE = /^\+?[0-9(][0-9 ()\-]{3,28}[0-9]$/;

/**
 * The contact page's enquiry (ADR 0031, `/api/web/contact/enquiry`): name, company, an e-mail address
 * or a phone number (at least one), the message and optionally a product's item number. Checked here
 * as the server checks it; the server's field errors are shown beside their fields.
 */
export function EnquiryForm() {
  const t = useTranslations('contact.enquiry');
  const base = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const id = (f: Field) => `${base}-${f}`;

  function check(values: Record<Field, string>): Partial<Record<Field, string>> {
    const out: Partial<Record<Field, string>> = {};
    if (!values.name) out.name = t('nameRequired');
    for (const f of FIELDS) if (values[f].length > ENQUIRY_LIMITS[f]) out[f] = t('tooLong', { max: ENQUIRY_LIMITS[f] });
    if (values.email && !EMAIL.test(values.email)) out.email = t('emailInvalid');
    if (values.phone && !PHONE.test(values.phone)) out.phone = t('phoneInvalid');
    if (!values.email && !values.phone) out.email = t('contactRequired');
    if (!values.message) out.message = t('messageRequired');
    return out;
  }

  function focusFirst(found: Partial<Record<Field, string>>) {
    const first = FIELDS.find((f) => found[f]);
    if (first) requestAnimationFrame(() => document.getElementById(id(first))?.focus());
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values = Object.fromEntries(FIELDS.map((f) => [f, String(data.get(f) ?? '').trim()])) as Record<Field, string>;
    const found = check(values);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      setFailure(t('fixFields'));
      focusFirst(found);
      return;
    }
    setState('sending');
    try {
      await apiPost('/api/web/contact/enquiry', values, { silent: true });
      setState('sent');
    } catch (e) {
      setState('idle');
      if (e instanceof ApiError && !e.isNetwork && Array.isArray(e.data)) {
        const fromServer: Partial<Record<Field, string>> = {};
        for (const item of e.data as { field: string; message: string }[]) {
          if ((FIELDS as string[]).includes(item.field)) fromServer[item.field as Field] ??= item.message;
        }
        setErrors(fromServer);
        focusFirst(fromServer);
        setFailure(Object.keys(fromServer).length > 0 ? t('fixFields') : e.message);
      } else {
        setFailure(e instanceof ApiError && !e.isNetwork ? e.message : t('failed'));
      }
    }
  }

  if (state === 'sent') {
    return (
      <div className="rounded-lg border border-emerald-200 bg-emerald-50 p-4" data-testid="enquiry-sent">
        <p role="status" className="text-sm text-emerald-800">{t('sent')}</p>
        <button type="button" className="mt-3 text-sm font-medium text-brand-600 underline-offset-2 hover:underline" onClick={() => { setState('idle'); setErrors({}); }}>{t('another')}</button>
      </div>
    );
  }

  const input = (f: Field, props: { type?: string; autoComplete?: string; required?: boolean; inputMode?: 'email' | 'tel' | 'text' } = {}) => (
    <div className={f === 'message' ? 'sm:col-span-2' : undefined}>
      <label htmlFor={id(f)} className="mb-1 block text-sm font-medium text-ink">
        {t(f)}{props.required && <span className="ml-1 text-red-600" aria-hidden>*</span>}
      </label>
      {f === 'message' ? (
        <textarea id={id(f)} name={f} rows={5} maxLength={ENQUIRY_LIMITS[f]} aria-required aria-invalid={errors[f] ? true : undefined}
          aria-describedby={errors[f] ? `${id(f)}-error` : undefined}
          className={`w-full rounded-md border px-3 py-2 text-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100 ${errors[f] ? 'border-red-500' : 'border-line'}`} />
      ) : (
        <input id={id(f)} name={f} type={props.type ?? 'text'} autoComplete={props.autoComplete} inputMode={props.inputMode} maxLength={ENQUIRY_LIMITS[f]}
          aria-required={props.required || undefined} aria-invalid={errors[f] ? true : undefined}
          aria-describedby={[errors[f] ? `${id(f)}-error` : '', f === 'email' || f === 'phone' ? `${base}-contact-hint` : ''].filter(Boolean).join(' ') || undefined}
          className={`h-10 w-full rounded-md border px-3 text-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100 ${errors[f] ? 'border-red-500' : 'border-line'}`} />
      )}
      {errors[f] && <p id={`${id(f)}-error`} className="mt-1 text-sm text-red-700" data-testid={`enquiry-error-${f}`}>{errors[f]}</p>}
    </div>
  );

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="rounded-lg border border-line bg-white p-4" data-testid="enquiry-form" aria-labelledby={`${base}-title`}>
      <h2 id={`${base}-title`} className="text-lg font-semibold">{t('title')}</h2>
      <p className="mb-4 mt-1 text-sm text-muted">{t('intro')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {input('name', { autoComplete: 'name', required: true })}
        {input('company', { autoComplete: 'organization' })}
        {input('email', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
        {input('phone', { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
        <p id={`${base}-contact-hint`} className="-mt-2 text-xs text-muted sm:col-span-2">{t('contactHint')}</p>
        {input('itemNo')}
        <div className="hidden sm:block" />
        {input('message', { required: true })}
      </div>
      {failure && <p role="alert" className="mt-3 text-sm text-red-700" data-testid="enquiry-failure">{failure}</p>}
      <button type="submit" disabled={state === 'sending'} data-testid="enquiry-submit"
        className="mt-4 h-10 w-full rounded-md bg-brand-500 px-5 text-sm font-medium text-white hover:bg-brand-600 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60 sm:w-auto">
        {state === 'sending' ? t('sending') : t('submit')}
      </button>
    </form>
  );
}
