import { getTranslations } from 'next-intl/server';

/** The label of an example item (the seeded citations, which name real journals): visible, and said to be an example. */
export async function ExampleLabel({ example }: { example: boolean }) {
  if (!example) return null;
  const t = await getTranslations('content');
  return (
    <span className="inline-flex shrink-0 items-center rounded border border-amber-300 bg-amber-50 px-1.5 text-xs font-normal not-italic text-amber-800" title={t('exampleNote')} data-testid="example-label">
      {t('exampleLabel')}<span className="sr-only">: {t('exampleNote')}</span>
    </span>
  );
}
