'use client';

import { useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { usePathname, useRouter } from '@/i18n/client-navigation';
import {
  DEFAULT_THRESHOLD, MAX_THRESHOLD, MIN_THRESHOLD, RECENT_STRUCTURES_KEY, STRUCTURE_MODES, STRUCTURE_PANEL_ID, THRESHOLD_STEP,
  looksLikeMolfile, parseStructureKey, parseStructureMode, parseThreshold, readRecentStructures, rememberStructure,
  structureSearchQuery, type RecentStructure, type StructureMode,
} from '@/lib/structure-query';
import type { StructureEditorHandle } from './structure-editor';

// The canvas editor (react-ocl with openchemlib, about 1 MB) loads only when it is shown: on a wide
// screen when the tab opens, on a phone when the buyer asks to draw.
const StructureEditor = lazy(() => import('./structure-editor'));

/** Screens at least this wide open the canvas editor with the tab; narrower ones paste or pick a recent search. */
const EDITOR_MEDIA = '(min-width: 768px)';

function readRecent(): RecentStructure[] {
  try {
    return readRecentStructures(window.localStorage.getItem(RECENT_STRUCTURES_KEY));
  } catch {
    return [];
  }
}

function keepRecent(list: RecentStructure[]) {
  try {
    window.localStorage.setItem(RECENT_STRUCTURES_KEY, JSON.stringify(list));
  } catch {
    // Storage full or refused (private browsing): the search goes on without being remembered.
  }
}

/**
 * The search bar's structure tab: the canvas editor (wide screens) or a paste field (every screen), the
 * mode (exact, substructure, similarity) and, for similarity, the threshold; recent structure searches
 * kept in this browser. Searching opens `/product/list?type=5&mode=…&sk=<SMILES>` with the drawing's
 * canonical SMILES; a pasted SMILES on a phone goes as pasted (the server reads and canonicalises it), a
 * pasted MOL block is read by openchemlib, loaded for it. Escape closes the panel.
 */
export function StructureSearchPanel({ onClose }: { onClose: () => void }) {
  const t = useTranslations('search.structure');
  const router = useRouter();
  // On a structure search's page the panel opens with its structure, mode and threshold.
  const params = useSearchParams();
  const current = usePathname() === '/product/list' && params.get('type') === '5';
  const startKey = current ? parseStructureKey(params.get('sk') ?? undefined) : '';
  const [mode, setMode] = useState<StructureMode>(parseStructureMode(current ? params.get('mode') : null));
  const [threshold, setThreshold] = useState(parseThreshold((current && params.get('threshold')) || String(DEFAULT_THRESHOLD)));
  const [wide] = useState(() => window.matchMedia(EDITOR_MEDIA).matches);
  const [drawing, setDrawing] = useState(wide);
  const [paste, setPaste] = useState(wide ? '' : startKey);
  const [recent] = useState(readRecent);
  const [error, setError] = useState<'empty' | 'unreadable' | null>(null);
  const [busy, setBusy] = useState(false);
  const editor = useRef<StructureEditorHandle>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const base = useId();

  useEffect(() => heading.current?.focus(), []);

  /** Closes the panel and gives the focus back to the tab. */
  function close() {
    onClose();
    document.querySelector<HTMLElement>('[data-structure-tab]')?.focus();
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
    }
  }

  function go(entry: RecentStructure) {
    keepRecent(rememberStructure(readRecent(), entry));
    router.push({ pathname: '/product/list', query: structureSearchQuery({ key: entry.smiles, mode: entry.mode, threshold: entry.threshold }) });
    onClose();
  }

  async function loadPaste() {
    setError(null);
    if (!paste.trim()) return setError('empty');
    if (!editor.current?.load(paste)) setError('unreadable');
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    let smiles = editor.current?.smiles() ?? '';
    const pasted = paste.trim();
    if (!smiles && pasted) {
      if (looksLikeMolfile(paste) || editor.current) {
        setBusy(true);
        try {
          const { canonicalSmiles } = await import('./structure-text');
          smiles = canonicalSmiles(paste) ?? '';
        } finally {
          setBusy(false);
        }
        if (!smiles) return setError('unreadable');
      } else {
        smiles = parseStructureKey(pasted);
      }
    }
    if (!smiles) return setError('empty');
    go({ smiles, mode, threshold });
  }

  const errorId = `${base}-error`;
  return (
    <section id={STRUCTURE_PANEL_ID} aria-labelledby={`${base}-title`} onKeyDown={onKeyDown} className="container-page pb-4" data-testid="structure-panel">
      <form onSubmit={submit} className="rounded-lg border border-line bg-gray-50 p-3" noValidate>
        <div className="mb-2 flex items-center justify-between gap-2">
          <h2 id={`${base}-title`} ref={heading} tabIndex={-1} className="text-base font-semibold text-ink outline-none">{t('title')}</h2>
          <button type="button" onClick={close} className="h-8 rounded-md px-2 text-sm text-muted hover:text-ink" aria-label={t('close')} data-testid="structure-close">✕</button>
        </div>
        <div className={`grid gap-4 ${drawing ? 'md:grid-cols-[minmax(0,1fr)_18rem]' : ''}`}>
          {drawing && (
            <Suspense fallback={<p className="flex h-[380px] items-center justify-center rounded-md border border-line bg-white text-sm text-muted" role="status">{t('editorLoading')}</p>}>
              <StructureEditor ref={editor} initial={startKey} labels={{ editor: t('editorLabel'), help: t('editorHelp'), clear: t('clear'), undo: t('undo') }} />
            </Suspense>
          )}
          <div className="flex min-w-0 flex-col gap-3">
            {!drawing && (
              <button type="button" onClick={() => setDrawing(true)} className="h-9 self-start rounded-md border border-line bg-white px-3 text-sm hover:border-brand-500" data-testid="structure-draw">{t('draw')}</button>
            )}
            <div className="flex flex-col gap-1">
              <label htmlFor={`${base}-paste`} className="text-sm font-medium text-ink">{t('paste')}</label>
              <textarea
                id={`${base}-paste`}
                value={paste}
                onChange={(e) => setPaste(e.target.value)}
                rows={drawing ? 3 : 2}
                spellCheck={false}
                autoCapitalize="off"
                autoCorrect="off"
                placeholder={t('pastePlaceholder')}
                aria-invalid={error !== null}
                aria-describedby={error ? errorId : undefined}
                className="w-full rounded-md border border-line bg-white px-2 py-1 font-mono text-sm outline-none focus:border-brand-500"
                data-testid="structure-paste"
              />
              {drawing && (
                <button type="button" onClick={loadPaste} className="h-8 self-start rounded-md border border-line bg-white px-3 text-sm hover:border-brand-500" data-testid="structure-load">{t('load')}</button>
              )}
            </div>
            <ModeChoice mode={mode} setMode={setMode} threshold={threshold} setThreshold={setThreshold} thresholdId={`${base}-threshold`} />
            {error && <p id={errorId} role="alert" className="text-sm text-red-700" data-testid="structure-error">{t(error)}</p>}
            <button type="submit" disabled={busy} className="h-10 rounded-md bg-brand-500 px-4 text-sm font-medium text-white hover:bg-brand-600 disabled:opacity-60" data-testid="structure-submit">{t('submit')}</button>
            <RecentSearches recent={recent} go={go} headingId={`${base}-recent`} />
          </div>
        </div>
      </form>
    </section>
  );
}

function ModeChoice({ mode, setMode, threshold, setThreshold, thresholdId }: {
  mode: StructureMode; setMode: (m: StructureMode) => void; threshold: number; setThreshold: (t: number) => void; thresholdId: string;
}) {
  const t = useTranslations('search.structure');
  return (
    <>
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium text-ink">{t('mode')}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {STRUCTURE_MODES.map((m) => (
            <label key={m} className="flex items-center gap-1.5 text-sm">
              <input type="radio" name="structure-mode" value={m} checked={mode === m} onChange={() => setMode(m)} data-testid={`structure-mode-${m}`} />
              {t(`modes.${m}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {mode === 'sim' && (
        <div className="flex flex-col gap-1">
          <label htmlFor={thresholdId} className="text-sm font-medium text-ink">{t('threshold')}</label>
          <div className="flex items-center gap-2">
            <input
              id={thresholdId}
              type="range"
              min={MIN_THRESHOLD}
              max={MAX_THRESHOLD}
              step={THRESHOLD_STEP}
              value={threshold}
              onChange={(e) => setThreshold(parseThreshold(e.target.value))}
              className="min-w-0 flex-1 accent-brand-500"
              data-testid="structure-threshold"
            />
            <output htmlFor={thresholdId} className="w-10 text-right font-mono text-sm">{threshold.toFixed(2)}</output>
          </div>
        </div>
      )}
    </>
  );
}

function RecentSearches({ recent, go, headingId }: { recent: RecentStructure[]; go: (entry: RecentStructure) => void; headingId: string }) {
  const t = useTranslations('search.structure');
  if (recent.length === 0) return null;
  return (
    <nav aria-labelledby={headingId} className="flex flex-col gap-1">
      <h3 id={headingId} className="text-sm font-medium text-ink">{t('recent')}</h3>
      <ul className="flex flex-col gap-1" data-testid="structure-recent">
        {recent.map((r) => (
          <li key={`${r.mode}:${r.smiles}`}>
            <button type="button" onClick={() => go(r)} className="w-full truncate rounded border border-line bg-white px-2 py-1 text-left text-sm hover:border-brand-500">
              {t('recentItem', { mode: t(`modes.${r.mode}`), smiles: r.smiles })}{r.mode === 'sim' ? ` ≥ ${r.threshold.toFixed(2)}` : ''}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
