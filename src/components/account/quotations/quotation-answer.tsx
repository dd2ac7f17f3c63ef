'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import type { DeliveryChoiceDto, DeliveryMethodDto, OrderCompanyDto } from '@/contracts/orders';
import type { QuotationStateName } from '@/contracts/quotations';
import { Link } from '@/i18n/client-navigation';
import { useApiMutation } from '@/lib/api/query';
import { showToast } from '@/lib/ui-events';

type Invoice = 'none' | 'ordinary' | 'special';

/**
 * The customer's answer to a sent version: accept (delivery address, delivery method with the fees the
 * server priced, as at checkout, and invoice; the order is made at once), decline, or ask to renegotiate, each with an optional comment. An accepted quotation whose
 * conversion failed offers the conversion again. Accepting places an order: an account that may not
 * (`canAccept` false, no SALE.CREATE) sees the button disabled with the reason.
 */
export function QuotationAnswer({ id, state, company, canAccept, delivery }: {
  id: number; state: QuotationStateName; company: OrderCompanyDto; canAccept: boolean; delivery: DeliveryChoiceDto[];
}) {
  const t = useTranslations('accountQuotations');
  const format = useFormatter();
  const money = (v: string) => format.number(Number(v), 'money');
  const [deliveryMethod, setDeliveryMethod] = useState<DeliveryMethodDto>((delivery.find((d) => d.unavailable === null) ?? delivery[0])?.method ?? 'standard');
  const chosen = delivery.find((d) => d.method === deliveryMethod);
  const initialAddress = (company.addresses.find((a) => a.isDefault) ?? company.addresses[0])?.id ?? 0;
  const [addressId, setAddressId] = useState(initialAddress);
  const [invoiceType, setInvoiceType] = useState<Invoice>('none');
  const [taxNo, setTaxNo] = useState(company.taxNo);
  // The special invoice's registered address and telephone, bank and account (ADR 0065).
  const [special, setSpecial] = useState({ invoiceAddress: '', invoicePhone: '', invoiceBank: '', invoiceAccount: '' });
  const to = useTranslations('orderPages');
  const [comment, setComment] = useState('');
  const settings = { refreshPage: true } as const;
  const accept = useApiMutation('post', '/api/app/quotations/{id}/accept', settings);
  const convert = useApiMutation('post', '/api/app/quotations/{id}/convert', settings);
  const renegotiate = useApiMutation('post', '/api/app/quotations/{id}/renegotiate', settings);
  const decline = useApiMutation('post', '/api/app/quotations/{id}/decline', settings);
  const busy = accept.isPending || convert.isPending || renegotiate.isPending || decline.isPending;
  const params = { path: { id } };
  const retry = state === 'accepted';

  const orderBody = () => ({
    addressId, deliveryMethod, invoiceType,
    ...(invoiceType === 'none' ? {} : { invoiceTitle: company.invoiceTitle || company.companyName, taxNo: taxNo.trim().toUpperCase() }),
    ...(invoiceType === 'special' ? special : {}),
  });
  // A failure is shown by the API client.
  const acceptOrConvert = async () => {
    const answer = await (retry ? convert : accept).send({ params, body: orderBody() });
    const order = answer?.data.order;
    if (answer && order) showToast({ kind: answer.data.failure ? 'error' : 'success', text: t('accepted', { no: order.orderNo }), durationMs: 5000 });
  };
  const answerWith = async (kind: 'renegotiate' | 'decline', text: string, commentText: string) => {
    const answer = await (kind === 'decline' ? decline : renegotiate).send({ params, body: { comment: commentText } });
    if (answer) showToast({ kind: 'success', text, durationMs: 5000 });
  };

  /** Where the order goes and its invoice: only for an account that may accept. */
  const orderFields = (
    <>
      <fieldset>
        <legend className="mb-1 text-sm font-medium">{t('address')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {company.addresses.map((a) => (
            <label key={a.id} className={`flex cursor-pointer gap-2 rounded border p-2 text-sm ${a.id === addressId ? 'border-brand-500 bg-brand-50' : 'border-line'}`}>
              <input type="radio" name="address" checked={a.id === addressId} onChange={() => setAddressId(a.id)} />
              <span><b>{a.receiver}</b> {a.phone}<br />{a.region} {a.detail}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset data-testid="quote-delivery">
        <legend className="mb-1 text-sm font-medium">{to('deliveryMethod')}</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {delivery.map((d) => (
            <label key={d.method} className={`flex gap-2 rounded border p-2 text-sm ${d.unavailable ? 'cursor-not-allowed border-line opacity-60' : 'cursor-pointer'} ${d.method === deliveryMethod ? 'border-brand-500 bg-brand-50' : 'border-line'}`}>
              <input type="radio" name="delivery" checked={d.method === deliveryMethod} disabled={d.unavailable !== null} onChange={() => setDeliveryMethod(d.method)} data-testid={`quote-delivery-${d.method}`} />
              <span>
                <b className="font-medium">{to(`deliveryOption.${d.method}`)}</b><br />
                {Number(d.fee) === 0 ? to('free') : money(d.fee)}
                {d.unavailable && <span className="block text-xs text-amber-700">{to(d.unavailable)}</span>}
              </span>
            </label>
          ))}
        </div>
        <p className="mt-1 text-xs text-muted">{to('deliveryHelp')}</p>
        {chosen && <p className="mt-1 text-sm" data-testid="quote-delivery-total">{t('withDelivery', { total: money(chosen.total), tax: money(chosen.tax) })}</p>}
      </fieldset>
      <fieldset className="flex flex-wrap items-center gap-3 text-sm">
        <legend className="mb-1 font-medium">{t('invoiceType')}</legend>
        {(['none', 'ordinary', 'special'] as const).map((v) => (
          <label key={v} className="flex items-center gap-1"><input type="radio" name="invoice" checked={invoiceType === v} onChange={() => setInvoiceType(v)} data-testid={`quote-invoice-${v}`} />{t(`invoice.${v}`)}</label>
        ))}
        {invoiceType !== 'none' && (
          <label className="flex items-center gap-1">{t('taxNo')}<input value={taxNo} maxLength={20} onChange={(e) => setTaxNo(e.target.value)} className="h-8 rounded border border-line px-2" /></label>
        )}
        {invoiceType === 'special' && (['invoiceAddress', 'invoicePhone', 'invoiceBank', 'invoiceAccount'] as const).map((field) => (
          <label key={field} className="flex items-center gap-1">
            {to(field)}
            <input value={special[field]} maxLength={field === 'invoiceAddress' ? 100 : field === 'invoiceBank' ? 60 : field === 'invoicePhone' ? 30 : 40}
              onChange={(e) => setSpecial((v) => ({ ...v, [field]: e.target.value }))} className="h-8 rounded border border-line px-2" data-testid={`quote-${field}`} />
          </label>
        ))}
      </fieldset>
    </>
  );
  if (canAccept && company.addresses.length === 0) {
    return <p className="rounded border border-amber-200 bg-amber-50 p-3 text-sm">{t('noAddress')} <Link href="/sys/address?default=5" className="text-brand-600 hover:underline">{t('address')}</Link></p>;
  }
  return (
    <div className="space-y-3 rounded-lg border border-line p-4" data-testid="quotation-answer">
      {canAccept && orderFields}
      {!retry && (
        <label className="block text-sm">{t('comment')}
          <input value={comment} maxLength={100} onChange={(e) => setComment(e.target.value)} className="mt-1 h-8 w-full rounded border border-line px-2" data-testid="quote-answer-comment" />
        </label>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="button" disabled={busy || !canAccept} onClick={() => void acceptOrConvert()} data-testid={retry ? 'quote-retry' : 'quote-accept'}
          title={canAccept ? undefined : t('acceptNotAllowed')} aria-describedby={canAccept ? undefined : `quote-accept-reason-${id}`}
          className="h-9 rounded bg-brand-500 px-4 text-sm text-white hover:bg-brand-600 disabled:cursor-not-allowed disabled:opacity-50">{retry ? t('retry') : t('accept')}</button>
        {!retry && (
          <>
            <button type="button" disabled={busy} onClick={() => void answerWith('renegotiate', t('renegotiating'), comment.trim())} data-testid="quote-renegotiate"
              className="h-9 rounded border border-line px-4 text-sm hover:bg-gray-50 disabled:opacity-50">{t('renegotiate')}</button>
            <button type="button" disabled={busy} onClick={() => void answerWith('decline', t('declined'), comment.trim())} data-testid="quote-decline"
              className="h-9 rounded border border-red-200 px-4 text-sm text-red-600 hover:bg-red-50 disabled:opacity-50">{t('decline')}</button>
          </>
        )}
        {retry && (
          <button type="button" disabled={busy} onClick={() => void answerWith('renegotiate', t('renegotiating'), '')} data-testid="quote-renegotiate"
            className="h-9 rounded border border-line px-4 text-sm hover:bg-gray-50 disabled:opacity-50">{t('renegotiate')}</button>
        )}
      </div>
      {!canAccept && <p id={`quote-accept-reason-${id}`} className="text-sm text-muted" data-testid="quote-accept-reason">{t('acceptNotAllowed')}</p>}
    </div>
  );
}
