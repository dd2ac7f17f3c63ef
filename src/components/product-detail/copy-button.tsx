'use client';

import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';

/** Copies a text (the SMILES) to the clipboard and says so for two seconds; the icons are server-rendered. */
export function CopyButton({ text, label, icons }: { text: string; label: string; icons: { copy: ReactNode; copied: ReactNode } }) {
  const t = useTranslations('productDetail');
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // Without clipboard access (an insecure origin), select the text for a manual copy instead.
      const node = document.querySelector('[data-copy-source]');
      if (node) window.getSelection()?.selectAllChildren(node);
      return;
    }
    setCopied(true);
    window.setTimeout(() => setCopied(false), 2000);
  }
  return (
    <button type="button" onClick={() => void copy()} aria-label={label} className="inline-flex shrink-0 items-center gap-1 rounded border border-line px-2 py-0.5 text-xs text-brand-600 hover:border-brand-500" data-testid="copy-smiles">
      {copied ? icons.copied : icons.copy}
      <span aria-live="polite">{copied ? t('copied') : t('copy')}</span>
    </button>
  );
}
