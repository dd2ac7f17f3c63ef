'use client';

import { useTranslations } from 'next-intl';

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.join(', ') || '—';
  return String(value);
}

/** The changed fields of an audit entry: field, before → after. */
export function ChangeList({ changes, note }: { changes: Record<string, { from: unknown; to: unknown }>; note: Record<string, unknown> | null }) {
  const t = useTranslations('adminAudit');
  const entries = Object.entries(changes);
  return (
    <ul className="m-0 list-none p-0 text-xs">
      {entries.map(([field, c]) => (
        <li key={field} className="break-all">
          <span className="font-medium">{field}</span>: <del className="text-red-600">{show(c.from)}</del> → <ins className="text-green-700 no-underline">{show(c.to)}</ins>
        </li>
      ))}
      {note && Object.entries(note).map(([k, v]) => <li key={k} className="text-slate-500">{t('note')} {k}: {show(v)}</li>)}
    </ul>
  );
}
