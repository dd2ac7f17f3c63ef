'use client';

import { DatePicker, Divider, Form, Input, Select, Switch, TreeSelect, type FormInstance } from 'antd';
import { useLocale, useMessages, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import type { AdminCategoryDto } from '@/contracts/catalog-editing';
import { CONTROL_CLASSES, ITEM_NO, MDL_NUMBER, type AdminProductDto } from '@/contracts/catalog-editing-products';
import { GHS_PICTOGRAMS, SHIPPING_CODES, STORAGE_CODES, type GhsPictogram as PictogramCode } from '@/contracts/product-detail';
import { isValidCas } from '@/lib/cas';
import { molecularWeightOf } from '@/lib/formula';
import { MAX_SMILES_CHARS } from '@/lib/structure-limits';
import { GhsPictogram } from '@/components/product-detail/ghs-pictogram';
import { BrandSelect } from './brand-select';
import { treeData, type ProductFormValues } from './product-form-values';
import { StructurePreview } from './structure-preview';

/** The sections of the product form, each a group of fields. */

/** Names, item number, synonyms, brand, category, purity and grade; the pinyin the server derived, once saved. */
export function BasicFields({ product, categories }: { product: AdminProductDto | undefined; categories: readonly AdminCategoryDto[] }) {
  const t = useTranslations('adminProducts');
  const locale = useLocale();
  const tooLong = (max: number) => ({ max, message: t('tooLong', { max }) });
  return (
    <>
      <Divider titlePlacement="start">{t('sectionBasic')}</Divider>
      <div className="grid gap-x-3 sm:grid-cols-2">
        <Form.Item name="nameZh" label={t('nameZh')} rules={[{ required: true, whitespace: true, message: t('nameRequired') }, tooLong(200)]}><Input /></Form.Item>
        <Form.Item name="nameEn" label={t('nameEn')} rules={[{ required: true, whitespace: true, message: t('nameRequired') }, tooLong(200)]}><Input /></Form.Item>
        {product?.pinyin && (
          <p className="col-span-full -mt-3 mb-3 text-xs text-slate-500" data-testid="product-pinyin">
            {t('pinyinIs', { pinyin: product.pinyin, initials: product.pinyinInitials })}
          </p>
        )}
        <Form.Item name="itemNo" label={t('itemNo')} normalize={(v: string) => v.toUpperCase()}
          rules={[{ required: true, message: t('itemNoInvalid') }, { pattern: ITEM_NO, message: t('itemNoInvalid') }]}><Input /></Form.Item>
        <Form.Item name="synonyms" label={t('synonyms')} extra={t('synonymsHelp')}>
          <Select mode="tags" open={false} tokenSeparators={[';', '；']} aria-label={t('synonyms')} />
        </Form.Item>
        <Form.Item name="brandId" label={t('brand')} rules={[{ required: true, message: t('brandRequired') }]}>
          <BrandSelect source="catalog" ariaLabel={t('brand')} testId="product-brand" />
        </Form.Item>
        <Form.Item name="categoryId" label={t('category')} extra={t('categoryHelp')} rules={[{ required: true, message: t('categoryRequired') }]}>
          <TreeSelect treeData={treeData(categories, locale)} showSearch treeNodeFilterProp="title" aria-label={t('category')} treeDefaultExpandAll={false} />
        </Form.Item>
        <div className="grid grid-cols-2 gap-x-3">
          <Form.Item name="purity" label={t('purity')} rules={[tooLong(40)]}><Input placeholder="≥99%" /></Form.Item>
          <Form.Item name="density" label={t('density')} tooltip={t('densityHelp')}><Input placeholder="0.789" inputMode="decimal" data-testid="product-density" /></Form.Item>
        </div>
        <div className="grid grid-cols-2 gap-x-3">
          <Form.Item name="gradeZh" label={t('gradeZh')} rules={[tooLong(60)]}><Input placeholder="分析纯" /></Form.Item>
          <Form.Item name="grade" label={t('grade')} rules={[tooLong(60)]}><Input placeholder="AR" /></Form.Item>
        </div>
      </div>
    </>
  );
}

/** The GHS and code names of the message files, which the form's pickers show. */
function useCodeNames() {
  return useMessages() as unknown as {
    ghs: { pictogram: Record<string, string>; statement: Record<string, string> };
    productDetail: { storageCode: Record<string, string>; shippingCode: Record<string, string> };
  };
}

/** Numbers, formula (with its molecular weight) and SMILES, beside the structure preview. */
export function ChemistryFields({ form }: { form: FormInstance<ProductFormValues> }) {
  const t = useTranslations('adminProducts');
  const tooLong = (max: number) => ({ max, message: t('tooLong', { max }) });
  const formula = Form.useWatch('formula', form) ?? '';
  const weight = formula.trim() ? molecularWeightOf(formula) : null;
  return (
    <>
      <Divider titlePlacement="start">{t('sectionChemistry')}</Divider>
      <div className="grid gap-x-3 sm:grid-cols-2">
        <div>
          <Form.Item name="cas" label={t('cas')} rules={[{ validator: async (_r, v: string) => { if (v && v.trim() && !isValidCas(v)) throw new Error(t('casInvalid')); } }]}>
            <Input placeholder="64-17-5" />
          </Form.Item>
          <Form.Item name="mdl" label={t('mdl')} normalize={(v: string) => v.toUpperCase()}
            rules={[{ validator: async (_r, v: string) => { if (v && v.trim() && !MDL_NUMBER.test(v.trim())) throw new Error(t('mdlInvalid')); } }]}>
            <Input placeholder="MFCD00000000" />
          </Form.Item>
          <Form.Item name="formula" label={t('formula')}
            extra={weight ? t('molecularWeightIs', { weight }) : t('formulaHelp')}
            rules={[{ validator: async (_r, v: string) => { if (v && v.trim() && !molecularWeightOf(v)) throw new Error(t('formulaInvalid')); } }]}>
            <Input placeholder="C2H6O" data-testid="product-formula" />
          </Form.Item>
          <Form.Item name="smiles" label="SMILES" rules={[tooLong(MAX_SMILES_CHARS)]}>
            <Input.TextArea rows={2} placeholder="CCO" className="font-mono" />
          </Form.Item>
        </div>
        <StructurePreview form={form} />
      </div>
    </>
  );
}

/** Storage, shipping and control class. */
export function StorageFields() {
  const t = useTranslations('adminProducts');
  const messages = useCodeNames();
  return (
    <>
      <Divider titlePlacement="start">{t('sectionStorage')}</Divider>
      <div className="grid gap-x-3 sm:grid-cols-3">
        <Form.Item name="storage" label={t('storage')}>
          <Select aria-label={t('storage')} options={STORAGE_CODES.map((c) => ({ value: c, label: messages.productDetail.storageCode[c] ?? c }))} />
        </Form.Item>
        <Form.Item name="shipping" label={t('shipping')}>
          <Select aria-label={t('shipping')} options={SHIPPING_CODES.map((c) => ({ value: c, label: messages.productDetail.shippingCode[c] ?? c }))} />
        </Form.Item>
        <Form.Item name="controlClass" label={t('controlClass')}>
          <Select aria-label={t('controlClass')} options={[{ value: '', label: t('controlNone') }, ...CONTROL_CLASSES.map((c) => ({ value: c, label: t(`control.${c}`) }))]} />
        </Form.Item>
      </div>
    </>
  );
}

/** The GHS pictograms, signal word and the H and P statements. */
export function GhsFields() {
  const t = useTranslations('adminProducts');
  const messages = useCodeNames();
  const statements = useMemo(() => Object.entries(messages.ghs.statement).map(([code, text]) => ({ value: code, label: `${code} ${text}` })), [messages]);
  const hazardOptions = statements.filter((s) => s.value.startsWith('H') || s.value.startsWith('EUH'));
  const precautionOptions = statements.filter((s) => s.value.startsWith('P'));
  return (
    <>
      <Divider titlePlacement="start">{t('sectionGhs')}</Divider>
      <div className="grid gap-x-3 sm:grid-cols-2">
        <Form.Item name="pictograms" label={t('pictograms')}>
          <Select mode="multiple" aria-label={t('pictograms')} optionFilterProp="label"
            options={GHS_PICTOGRAMS.map((c) => ({ value: c, label: `${c} ${messages.ghs.pictogram[c] ?? ''}` }))}
            optionRender={(o) => (
              <span className="flex items-center gap-2">
                <GhsPictogram code={o.value as PictogramCode} label={messages.ghs.pictogram[String(o.value)] ?? ''} size={22} />{o.label}
              </span>
            )} />
        </Form.Item>
        <Form.Item name="signalWord" label={t('signalWord')}>
          <Select aria-label={t('signalWord')} options={[{ value: '', label: t('signalNone') }, { value: 'danger', label: t('signalDanger') }, { value: 'warning', label: t('signalWarning') }]} />
        </Form.Item>
        <Form.Item name="hazardStatements" label={t('hazardStatements')}>
          <Select mode="multiple" aria-label={t('hazardStatements')} optionFilterProp="label" options={hazardOptions} placeholder={t('statementsHelp')} />
        </Form.Item>
        <Form.Item name="precautionaryStatements" label={t('precautionaryStatements')}>
          <Select mode="multiple" aria-label={t('precautionaryStatements')} optionFilterProp="label" options={precautionOptions} placeholder={t('statementsHelp')} />
        </Form.Item>
      </div>
    </>
  );
}

/** State, flags and the flags' promotion window. */
export function PromotionFields() {
  const t = useTranslations('adminProducts');
  return (
    <>
      <Divider titlePlacement="start">{t('sectionPromotion')}</Divider>
      <div className="grid gap-x-3 sm:grid-cols-4">
        <Form.Item name="active" label={t('active')} valuePropName="checked"><Switch aria-label={t('active')} /></Form.Item>
        <Form.Item name="isHot" label={t('hot')} valuePropName="checked"><Switch aria-label={t('hot')} /></Form.Item>
        <Form.Item name="isNew" label={t('new')} valuePropName="checked"><Switch aria-label={t('new')} /></Form.Item>
        <Form.Item name="isSpecial" label={t('special')} valuePropName="checked"><Switch aria-label={t('special')} /></Form.Item>
      </div>
      <Form.Item name="promo" label={t('promoWindow')} extra={t('promoHelp')}>
        <DatePicker.RangePicker showTime allowEmpty={[true, true]} aria-label={t('promoWindow')} placeholder={[t('promoStart'), t('promoEnd')]} style={{ maxWidth: '100%' }} />
      </Form.Item>
    </>
  );
}
