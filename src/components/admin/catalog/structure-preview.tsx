'use client';

import { Button, Form, Space, Spin, type FormInstance } from 'antd';
import { useTranslations } from 'next-intl';
import { useApiQuery } from '@/lib/api/query';
import type { ProductFormValues } from './product-form-values';
import { useDebounced } from '@/lib/use-debounced';

/** A live drawing of the typed SMILES, from the server's renderer (ADR 0017), shown through `<img>`; asked 400 ms after the last key. */
export function StructurePreview({ form }: { form: FormInstance<ProductFormValues> }) {
  const t = useTranslations('adminProducts');
  const smiles = (Form.useWatch('smiles', form) ?? '').trim();
  const sent = useDebounced(smiles, 400);
  const preview = useApiQuery('get', '/api/admin/catalog/products/structure-preview', { params: { query: { smiles: sent } } }, { enabled: sent !== '' });
  // The drawing of what is typed now: none yet while it is asked for.
  const answered = sent === smiles && !preview.isPending && !preview.isPlaceholderData;
  const current = !answered ? undefined : preview.error ? null : preview.data;
  // A structure over a cap or too slow to read: the server's message names why.
  const refusal = preview.error?.fields[0]?.message;
  return (
    <div className="flex min-h-[200px] flex-col items-center justify-center rounded border border-dashed border-slate-200 p-2" data-testid="structure-preview">
      {!smiles ? <span className="text-sm text-slate-400">{t('structureEmpty')}</span>
        : current === undefined ? <Spin />
          : current?.valid && current.svg ? (
            <>
              {/* eslint-disable-next-line @next/next/no-img-element */}
              <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(current.svg)}`} alt={t('structureAlt')} className="max-h-[240px] max-w-full" />
              {current.formula && (
                <Space size={4} className="mt-1 text-xs text-slate-500">
                  <span>{t('structureFormula', { formula: current.formula, weight: current.molecularWeight ?? '' })}</span>
                  <Button size="small" type="link" onClick={() => form.setFieldsValue({ formula: current.formula ?? '' })}>{t('useFormula')}</Button>
                </Space>
              )}
            </>
          ) : <span className="text-sm text-red-600" role="alert">{refusal ?? t('smilesInvalid')}</span>}
    </div>
  );
}
