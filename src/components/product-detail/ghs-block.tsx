import { getTranslations } from 'next-intl/server';
import type { GhsDto } from '@/contracts/product-detail';
import { GhsPictogram } from './ghs-pictogram';

function Statements({ title, items, testId }: { title: string; items: GhsDto['hazardStatements']; testId: string }) {
  if (items.length === 0) return null;
  return (
    <div className="mt-4">
      <h3 className="text-sm font-semibold text-ink">{title}</h3>
      <ul className="mt-1 space-y-1 text-sm" data-testid={testId}>
        {items.map((s) => (
          <li key={s.code} className="flex gap-2">
            <span className="shrink-0 font-mono text-xs leading-5 text-muted">{s.code}</span>
            <span>{s.text}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Pictograms, signal word, H and P statements; a plain note when the product is not classified. */
export async function GhsBlock({ ghs }: { ghs: GhsDto | null }) {
  const t = await getTranslations('ghs');
  return (
    <section aria-labelledby="ghs-heading" className="rounded-lg border border-line bg-white p-4 sm:p-5" data-testid="ghs-block">
      <h2 id="ghs-heading" className="text-lg font-semibold text-ink">{t('title')}</h2>
      {!ghs ? (
        <p className="mt-2 text-sm text-muted" data-testid="ghs-none">{t('none')}</p>
      ) : (
        <>
          <div className="mt-3 flex flex-wrap items-center gap-4">
            {ghs.pictograms.length > 0 && (
              <ul className="flex flex-wrap gap-2" aria-label={t('pictograms')}>
                {ghs.pictograms.map((p) => <li key={p.code}><GhsPictogram code={p.code} label={p.label} /></li>)}
              </ul>
            )}
            {ghs.signalWordLabel && (
              <p className="text-sm">
                <span className="mr-2 text-muted">{t('signalWord')}</span>
                <strong className={ghs.signalWord === 'danger' ? 'text-lg text-red-700' : 'text-lg text-amber-700'} data-testid="ghs-signal-word">{ghs.signalWordLabel}</strong>
              </p>
            )}
          </div>
          <Statements title={t('hazardStatements')} items={ghs.hazardStatements} testId="ghs-h-statements" />
          <Statements title={t('precautionaryStatements')} items={ghs.precautionaryStatements} testId="ghs-p-statements" />
        </>
      )}
    </section>
  );
}
