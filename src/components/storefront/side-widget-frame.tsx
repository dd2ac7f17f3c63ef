'use client';

import type { ReactNode } from 'react';
import { useStoredValue } from '@/lib/use-stored-value';

const STORAGE_KEY = 'serviceWidget';

interface Props {
  title: ReactNode;
  label: string;
  showLabel: string;
  hideLabel: string;
  showIcon: ReactNode;
  hideIcon: ReactNode;
  /** The panel's contents, rendered on the server. */
  children: ReactNode;
}

/** The floating service panel's show and hide buttons; the visitor's choice is remembered in local storage. */
export function SideWidgetFrame({ title, label, showLabel, hideLabel, showIcon, hideIcon, children }: Props) {
  // null: the visitor has not chosen — open only where it fits beside the 1200 px page, folded elsewhere.
  const [choice, setChoice] = useStoredValue<'shown' | 'hidden' | null>('local', STORAGE_KEY, null);
  const panelVisibility = choice === 'shown' ? 'block' : choice === 'hidden' ? 'hidden' : 'hidden min-[1680px]:block';
  const buttonVisibility = choice === 'shown' ? 'hidden' : choice === 'hidden' ? 'block' : 'block min-[1680px]:hidden';

  return (
    <>
      <button
        type="button"
        onClick={() => setChoice('shown')}
        aria-label={showLabel}
        className={`fixed bottom-24 right-0 z-40 max-md:hidden rounded-l-lg bg-brand-500 p-2 text-white shadow-lg hover:bg-brand-600 ${buttonVisibility}`}
        data-testid="widget-show"
      >
        {showIcon}
      </button>
      <aside aria-label={label} className={`fixed bottom-24 right-2 z-40 max-md:hidden w-52 rounded-lg border border-line bg-white text-sm shadow-xl ${panelVisibility}`} data-testid="side-widget">
        <div className="flex items-center justify-between rounded-t-lg bg-brand-500 px-3 py-2 text-white">
          {title}
          <button type="button" onClick={() => setChoice('hidden')} aria-label={hideLabel} className="rounded p-0.5 hover:bg-brand-600" data-testid="widget-hide">
            {hideIcon}
          </button>
        </div>
        {children}
      </aside>
    </>
  );
}
