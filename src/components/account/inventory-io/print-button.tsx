'use client';

/** Opens the browser's print dialog (the page's print styles show only the labels). */
export function PrintButton({ label }: { label: string }) {
  return (
    <button type="button" onClick={() => window.print()} className="rounded bg-brand-600 px-3 py-1.5 text-sm text-white hover:bg-brand-700 focus-visible:outline focus-visible:outline-2" data-testid="labels-print">
      {label}
    </button>
  );
}
