'use client';

import { TriangleAlert } from 'lucide-react';
import { useId, useRef } from 'react';
import { useModal } from './use-modal';

interface Props {
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  /** Also Escape. */
  onCancel: () => void;
  testId?: string;
}

/** A small modal question with two answers (role alertdialog); render it only while it is open. */
export function ConfirmDialog({ title, text, confirmLabel, cancelLabel, onConfirm, onCancel, testId }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();
  useModal(ref, true, onCancel, confirmRef);
  return (
    <div className="fixed inset-0 z-[1050] flex items-center justify-center bg-black/45 p-4">
      <div ref={ref} role="alertdialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={textId} data-testid={testId} className="w-full max-w-sm rounded-lg bg-white p-5 shadow-xl">
        <h2 id={titleId} className="flex items-center gap-2 text-base font-semibold text-ink">
          <TriangleAlert aria-hidden size={18} className="text-amber-500" />
          {title}
        </h2>
        <p id={textId} className="mt-2 text-sm text-muted">{text}</p>
        <div className="mt-5 flex justify-end gap-2">
          <button type="button" onClick={onCancel} className="h-8 rounded border border-line px-4 text-sm hover:bg-gray-50">{cancelLabel}</button>
          <button ref={confirmRef} type="button" onClick={onConfirm} className="h-8 rounded bg-brand-500 px-4 text-sm text-white hover:bg-brand-600">{confirmLabel}</button>
        </div>
      </div>
    </div>
  );
}
