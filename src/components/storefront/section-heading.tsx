import type { ReactNode } from 'react';

export function SectionHeading({ title, action, id }: { title: string; action?: ReactNode; id?: string }) {
  return (
    <div className="mb-4 flex items-end justify-between border-b border-line pb-2">
      <h2 id={id} className="text-lg font-semibold text-ink">{title}</h2>
      {action}
    </div>
  );
}
