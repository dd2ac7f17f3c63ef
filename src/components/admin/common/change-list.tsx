'use client';

import { useTranslations } from 'next-intl';
import { AUDIT_STATE_FIELDS } from '@/contracts/audit-vocabulary';
import type { ComplaintCategoryName } from '@/contracts/complaints';

const STATE_FIELDS = new Set<string>(AUDIT_STATE_FIELDS);

/** The labels of the audit log's vocabulary (fields, states, actions, entities), each falling back to its code. */
export function useAuditLabels() {
  const t = useTranslations('adminAudit');
  const label = (group: 'fields' | 'states' | 'actions' | 'entities', code: string) => (t.has(`${group}.${code}`) ? t(`${group}.${code}`) : code);
  return {
    field: (code: string) => label('fields', code),
    state: (code: string) => label('states', code),
    action: (code: string) => label('actions', code),
    entity: (code: string) => label('entities', code),
  };
}

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? '✓' : '✗';
  if (Array.isArray(value)) return value.join(', ') || '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The fields whose values are codes of the order desk's vocabulary (ADR 0074), each with the messages that name
 * them: an order's fulfilment and hold reason, a shipment's state, an invoice's kind and type.
 */
function useCodeNames(): (field: string, code: string) => string | null {
  const states = useTranslations('adminAllocation.states');
  const holds = useTranslations('adminAllocation.holdReason');
  const shipments = useTranslations('adminShipments.status');
  const kinds = useTranslations('adminInvoices.kinds');
  const types = useTranslations('adminInvoices.types');
  const groups: Record<string, { has: (key: string) => boolean; name: (key: string) => string }> = {
    fulfilment: { has: (k) => states.has(k as 'held'), name: (k) => states(k as 'held') },
    holdReason: { has: (k) => holds.has(k as 'overdue'), name: (k) => holds(k as 'overdue') },
    shipmentStatus: { has: (k) => shipments.has(k as 'shipped'), name: (k) => shipments(k as 'shipped') },
    kind: { has: (k) => kinds.has(k as 'blue'), name: (k) => kinds(k as 'blue') },
    invoiceType: { has: (k) => types.has(k as 'special'), name: (k) => types(k as 'special') },
  };
  return (field, code) => {
    const group = groups[field];
    return group?.has(code) ? group.name(code) : null;
  };
}

/**
 * The changed fields of an audit entry by their labels: field, before → after (states by their labels too, and a
 * complaint's category, an order's fulfilment, a shipment's state, an invoice's kind or type — codes — by their names).
 */
export function ChangeList({ changes, note }: { changes: Record<string, { from: unknown; to: unknown }>; note: Record<string, unknown> | null }) {
  const labels = useAuditLabels();
  const categories = useTranslations('complaintCategories');
  const named = useCodeNames();
  const value = (field: string, v: unknown) => {
    if (typeof v !== 'string') return show(v);
    if (STATE_FIELDS.has(field)) return labels.state(v);
    if (field === 'category' && categories.has(v as ComplaintCategoryName)) return categories(v as ComplaintCategoryName);
    return named(field, v) ?? show(v);
  };
  const entries = Object.entries(changes);
  return (
    <ul className="m-0 list-none p-0 text-xs">
      {entries.map(([field, c]) => (
        <li key={field} className="break-all" data-testid="audit-change">
          <span className="font-medium">{labels.field(field)}</span>: <del className="text-red-600">{value(field, c.from)}</del> → <ins className="text-green-700 no-underline">{value(field, c.to)}</ins>
        </li>
      ))}
      {note && Object.entries(note).map(([k, v]) => <li key={k} className="break-all text-slate-500" data-testid="audit-note">{labels.field(k)}: {value(k, v)}</li>)}
    </ul>
  );
}
