'use client';

import { Button, Checkbox, DatePicker, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { LABELS_MAX } from '@/contracts/inventory-io';
import { Link } from '@/i18n/client-navigation';

/** The ledger export's address with its filters (the browser downloads the streamed workbook itself). */
export function ledgerExportHref(filters: { from?: string; to?: string; controlledOnly: boolean; containerId?: number }): string {
  const query = new URLSearchParams();
  if (filters.from) query.set('from', filters.from);
  if (filters.to) query.set('to', filters.to);
  query.set('controlledOnly', filters.controlledOnly ? 'true' : 'false');
  if (filters.containerId !== undefined) query.set('containerId', String(filters.containerId));
  return `/api/app/inventory/ledger/export?${query.toString()}`;
}

/**
 * "Export ledger" with its dialog: a date range and controlled chemicals only (the default) or all; with
 * `containerId`, one container's ledger (all its rows, whatever its class).
 */
export function LedgerExportButton({ containerId }: { containerId?: number }) {
  const t = useTranslations('inventoryIo.export');
  const [open, setOpen] = useState(false);
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [controlledOnly, setControlledOnly] = useState(containerId === undefined);
  const href = ledgerExportHref({
    from: range?.[0]?.format('YYYY-MM-DD'), to: range?.[1]?.format('YYYY-MM-DD'), controlledOnly, ...(containerId !== undefined ? { containerId } : {}),
  });
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="ledger-export">{containerId === undefined ? t('button') : t('containerLedger')}</Button>
      <Modal
        open={open} title={t('title')} onCancel={() => setOpen(false)} destroyOnHidden
        footer={[
          <Button key="cancel" onClick={() => setOpen(false)}>{t('cancel')}</Button>,
          <a key="download" href={href} download onClick={() => setOpen(false)} className="ant-btn ant-btn-primary ml-2 inline-flex items-center rounded bg-brand-600 px-4 py-1 text-white hover:bg-brand-700" data-testid="ledger-export-download">{t('download')}</a>,
        ]}
      >
        <div className="flex flex-col gap-3">
          <p className="text-sm text-muted">{t('hint')}</p>
          <DatePicker.RangePicker
            value={range} onChange={(v) => setRange(v)} allowEmpty={[true, true]} placeholder={[t('from'), t('to')]} className="w-full" data-testid="ledger-export-range"
          />
          {containerId === undefined ? (
            <Checkbox checked={controlledOnly} onChange={(e) => setControlledOnly(e.target.checked)} data-testid="ledger-export-controlled">{t('controlledOnly')}</Checkbox>
          ) : null}
        </div>
      </Modal>
    </>
  );
}

/** A link drawn as an antd button of the default size, beside real buttons in a toolbar. */
export const LINK_BUTTON = 'inline-flex h-8 items-center rounded-md border border-line bg-white px-[15px] text-sm hover:bg-brand-50';

/** "Print labels" for the containers chosen on the list (at most LABELS_MAX at once), or one container. */
export function PrintLabelsLink({ ids }: { ids: readonly number[] }) {
  const t = useTranslations('inventoryIo.export');
  const chosen = ids.slice(0, LABELS_MAX);
  if (chosen.length === 0) return <Button disabled data-testid="print-labels">{t('printLabels')}</Button>;
  return (
    <Link href={`/account/inventory/labels?ids=${chosen.join(',')}`} className={LINK_BUTTON} data-testid="print-labels">
      {t('printLabels')}
    </Link>
  );
}

/** Scan and import, beside the list's title. */
export function InventoryIoLinks({ canImport }: { canImport: boolean }) {
  const t = useTranslations('inventoryIo.export');
  return (
    <>
      <Link href="/account/inventory/scan" className={LINK_BUTTON} data-testid="inventory-scan-link">{t('scan')}</Link>
      {canImport ? (
        <Link href="/account/inventory/import" className={LINK_BUTTON} data-testid="inventory-import-link">{t('import')}</Link>
      ) : null}
    </>
  );
}
