'use client';

import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Spin, Timeline } from 'antd';
import { useFormatter } from 'next-intl';
import type { ReactNode } from 'react';
import type { AuditEntryDto } from '@/contracts/admin';
import type { ApprovalRequestDto } from '@/contracts/approvals';
import { StepsOf } from '../approvals/approval-parts';

/** A date and time as the record pages show them. */
export function useWhen(): (iso: string) => string {
  const format = useFormatter();
  return (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * The frame of a record page (a complaint, a contract): the back button, the record's title and its
 * state's tag, the error of a failed load, a spinner until the record is there, then the record.
 * `name` gives the test ids: `<name>-record`, `<name>-back`.
 */
export function RecordPage<T>({ name, backLabel, onBack, record, error, title, tag, children }: {
  name: string;
  backLabel: string;
  onBack: () => void;
  record: T | undefined;
  error: Error | null;
  title: (record: T) => string;
  tag: (record: T) => ReactNode;
  children: (record: T) => ReactNode;
}) {
  return (
    <section className="space-y-4 rounded-lg bg-white p-4" data-testid={`${name}-record`}>
      <div className="flex flex-wrap items-center gap-2">
        <Button icon={<ArrowLeftOutlined />} onClick={onBack} data-testid={`${name}-back`}>{backLabel}</Button>
        {record !== undefined && <h1 className="m-0 text-lg font-semibold">{title(record)}</h1>}
        {record !== undefined && tag(record)}
      </div>
      {error && <Alert type="error" title={error.message} />}
      {record === undefined && !error && <Spin />}
      {record !== undefined && children(record)}
    </section>
  );
}

/** A record's approval: its tiers, or the text saying there is none. */
export function ApprovalCard({ title, empty, request, when }: { title: string; empty: string; request: ApprovalRequestDto | null; when: (iso: string) => string }) {
  return (
    <Card size="small" title={title}>
      {request ? <StepsOf request={request} when={when} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />}
    </Card>
  );
}

/** A record's timeline: who did what when, with the facts of each entry worth reading. */
export function AuditTimeline({ title, testId, entries, when, event, facts }: {
  title: string;
  testId: string;
  entries: readonly AuditEntryDto[];
  when: (iso: string) => string;
  event: (entry: AuditEntryDto) => string;
  facts: (entry: AuditEntryDto) => string[];
}) {
  return (
    <Card size="small" title={title}>
      <Timeline data-testid={testId} items={entries.map((e) => ({
        key: e.id,
        content: (
          <div className="text-sm">
            <div><span className="font-medium">{e.actorName}</span> · {event(e)}</div>
            <div className="text-xs text-slate-500">{when(e.createdAt)}</div>
            {facts(e).map((f) => <div key={f} className="text-xs text-slate-700">{f}</div>)}
          </div>
        ),
      }))} />
    </Card>
  );
}
