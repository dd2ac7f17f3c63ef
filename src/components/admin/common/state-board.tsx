'use client';

import type { ReactNode } from 'react';

/**
 * A board of records grouped by state (cases, complaints, …): one column per state; dragging a card
 * to another column calls `onDrop`, which goes through the entity's own transition call — a refused
 * move is the server's to explain, and the reloaded list puts the card back. Enter on a card opens it.
 */
export function StateBoard<S extends string, T extends { id: number; status: S }>({ states, items, testId, header, card, label, onOpen, onDrop }: {
  states: readonly S[];
  items: readonly T[];
  /** The board's test id; columns are `board-column-<state>`, cards `board-card-<id>`. */
  testId: string;
  header: (state: S) => ReactNode;
  card: (item: T) => ReactNode;
  label: (item: T) => string;
  onOpen: (item: T) => void;
  onDrop: (id: number, from: S, to: S) => void;
}) {
  return (
    <div className="flex gap-3 overflow-x-auto pb-2" data-testid={testId}>
      {states.map((s) => {
        const column = items.filter((c) => c.status === s);
        return (
          <div key={s} className="w-64 shrink-0 rounded bg-slate-50 p-2" data-testid={`board-column-${s}`}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => {
              const [id, from] = e.dataTransfer.getData('text/plain').split(':');
              if (id && from && from !== s) onDrop(Number(id), from as S, s);
            }}>
            <div className="mb-2 flex items-center justify-between text-sm font-medium">{header(s)}<span className="text-slate-500">{column.length}</span></div>
            <div className="min-h-16 space-y-2">
              {column.map((c) => (
                <div key={c.id} draggable tabIndex={0} role="button" aria-label={label(c)} data-testid={`board-card-${c.id}`}
                  onDragStart={(e) => e.dataTransfer.setData('text/plain', `${c.id}:${c.status}`)}
                  onClick={() => onOpen(c)} onKeyDown={(e) => { if (e.key === 'Enter') onOpen(c); }}
                  className="cursor-grab rounded border border-slate-200 bg-white p-2 text-sm shadow-sm">
                  {card(c)}
                </div>
              ))}
            </div>
          </div>
        );
      })}
    </div>
  );
}
