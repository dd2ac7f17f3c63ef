import { Check, Copy } from '@/components/ui/icons';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import type { ProductDetailDto } from '@/contracts/product-detail';
import { CopyButton } from './copy-button';
import { Formula } from './formula';

/** One labelled fact of a product or substance page. */
export function FactRow({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="grid grid-cols-[7rem_minmax(0,1fr)] gap-2 py-1.5 sm:grid-cols-[9rem_minmax(0,1fr)]" data-testid={testId}>
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 break-words text-ink">{children}</dd>
    </div>
  );
}

/** Identifiers, chemistry, grade and handling of a product as a definition list. */
export async function ProductFacts({ product: p }: { product: ProductDetailDto }) {
  const t = await getTranslations('productDetail');
  const dash = <span className="text-muted">—</span>;
  return (
    <dl className="divide-y divide-line text-sm" data-testid="product-facts">
      <FactRow label={t('itemNo')} testId="fact-item-no"><span className="font-mono">{p.itemNo}</span></FactRow>
      <FactRow label={t('cas')} testId="fact-cas">{p.cas ? <span className="font-mono">{p.cas}</span> : dash}</FactRow>
      <FactRow label={t('mdl')} testId="fact-mdl">{p.mdl ? <span className="font-mono">{p.mdl}</span> : dash}</FactRow>
      <FactRow label={t('formula')} testId="fact-formula">{p.formula ? <Formula value={p.formula} /> : dash}</FactRow>
      <FactRow label={t('molecularWeight')} testId="fact-mw">{p.molecularWeight ? `${p.molecularWeight} g/mol` : dash}</FactRow>
      <FactRow label={t('smiles')} testId="fact-smiles">
        {p.smiles ? (
          <span className="flex items-start gap-2">
            <code className="min-w-0 select-all break-all rounded bg-gray-50 px-1 font-mono text-sm leading-6 tracking-normal text-ink" data-copy-source data-testid="smiles">{p.smiles}</code>
            <CopyButton text={p.smiles} label={t('copySmiles')} icons={{ copy: <Copy aria-hidden size={13} />, copied: <Check aria-hidden size={13} /> }} />
          </span>
        ) : dash}
      </FactRow>
      <FactRow label={t('purity')}>{p.purity || dash}</FactRow>
      <FactRow label={t('grade')}>{p.grade || dash}</FactRow>
      <FactRow label={t('storage')} testId="fact-storage">{p.storage.label}</FactRow>
      <FactRow label={t('shipping')} testId="fact-shipping">{p.shipping.label}</FactRow>
      {p.synonyms.length > 0 && <FactRow label={t('synonyms')}>{p.synonyms.join('; ')}</FactRow>}
    </dl>
  );
}
