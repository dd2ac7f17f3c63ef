'use client';

import { ArrowDownOutlined, ArrowUpOutlined, ContainerOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Alert, App, Button, DatePicker, Divider, Drawer, Form, Grid, Input, InputNumber, Select, Space, Spin, Switch, Tooltip, TreeSelect, type FormInstance,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useLocale, useMessages, useTranslations } from 'next-intl';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { AdminCategoryDto } from '@/contracts/catalog-admin';
import {
  CONTROL_CLASSES, ITEM_NO, MDL_NUMBER, PRICE, type AdminProductDto, type StructurePreviewDto,
} from '@/contracts/catalog-admin-products';
import { GHS_PICTOGRAMS, SHIPPING_CODES, STORAGE_CODES, type GhsPictogram as PictogramCode } from '@/contracts/product-detail';
import { isValidCas } from '@/lib/cas';
import { molecularWeightOf } from '@/lib/formula';
import { MAX_SMILES_CHARS } from '@/lib/structure-limits';
import { GhsPictogram } from '@/components/product-detail/ghs-pictogram';
import type { AdminProductLotsDto } from '@/contracts/lots';
import { adminApi, AdminApiError, toQuery } from '../admin-api';
import { BrandSelect } from './brand-select';
import { LinkedItemsPanel } from '../content/linked-items-panel';
import { LotsDrawer } from './lots-drawer';

interface PackValues { id?: number; size: string; price: string | number | null; leadTimeDays: number | null; stock: number | null; referenced?: boolean; hasLots?: boolean }

export interface ProductFormValues {
  itemNo: string; cas: string; mdl: string; nameZh: string; nameEn: string; synonyms: string[];
  formula: string; smiles: string; purity: string; grade: string; gradeZh: string; storage: string; shipping: string;
  pictograms: string[]; signalWord: string; hazardStatements: string[]; precautionaryStatements: string[]; controlClass: string;
  brandId?: number; categoryId?: number; isHot: boolean; isNew: boolean; isSpecial: boolean;
  promo: [Dayjs | null, Dayjs | null] | null; active: boolean; packs: PackValues[];
}

const EMPTY: ProductFormValues = {
  itemNo: '', cas: '', mdl: '', nameZh: '', nameEn: '', synonyms: [], formula: '', smiles: '', purity: '', grade: '', gradeZh: '',
  storage: 'rt', shipping: 'ambient', pictograms: [], signalWord: '', hazardStatements: [], precautionaryStatements: [], controlClass: '',
  isHot: false, isNew: false, isSpecial: false, promo: null, active: true, packs: [{ size: '', price: null, leadTimeDays: 0, stock: 0 }],
};

function toValues(p: AdminProductDto): ProductFormValues {
  return {
    itemNo: p.itemNo, cas: p.cas ?? '', mdl: p.mdl ?? '', nameZh: p.nameZh, nameEn: p.nameEn, synonyms: p.synonyms,
    formula: p.formula ?? '', smiles: p.smiles ?? '', purity: p.purity, grade: p.grade, gradeZh: p.gradeZh, storage: p.storage, shipping: p.shipping,
    pictograms: p.pictograms, signalWord: p.signalWord ?? '', hazardStatements: p.hazardStatements, precautionaryStatements: p.precautionaryStatements,
    controlClass: p.controlClass ?? '', brandId: p.brandId, categoryId: p.categoryId, isHot: p.isHot, isNew: p.isNew, isSpecial: p.isSpecial,
    promo: p.promoStartsAt || p.promoEndsAt ? [p.promoStartsAt ? dayjs(p.promoStartsAt) : null, p.promoEndsAt ? dayjs(p.promoEndsAt) : null] : null,
    active: p.active, packs: p.packs.map((k) => ({ id: k.id, size: k.size, price: k.price, leadTimeDays: k.leadTimeDays, stock: k.stock, referenced: k.referenced, hasLots: k.hasLots })),
  };
}

function toBody(v: ProductFormValues) {
  const { promo, packs, ...rest } = v;
  return {
    ...rest,
    promoStartsAt: promo?.[0] ? promo[0].toISOString() : null,
    promoEndsAt: promo?.[1] ? promo[1].toISOString() : null,
    packs: (packs ?? []).map((k) => ({ id: k.id, size: k.size, price: k.price === null || k.price === '' ? '' : String(k.price), leadTimeDays: k.leadTimeDays ?? 0, stock: k.stock ?? 0 })),
  };
}

/** `packs.0.price` → ['packs', 0, 'price'], as the form names fields. */
function fieldPath(field: string): (string | number)[] {
  return field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

function treeData(nodes: readonly AdminCategoryDto[], lang: string): { value: number; title: string; selectable: boolean; children: ReturnType<typeof treeData> }[] {
  return nodes.map((n) => ({ value: n.id, title: lang === 'en' ? n.nameEn : n.nameZh, selectable: n.leaf, children: treeData(n.children, lang) }));
}

/** The GHS and code names of the message files, which the form's pickers show. */
function useCodeNames() {
  return useMessages() as unknown as {
    ghs: { pictogram: Record<string, string>; statement: Record<string, string> };
    productDetail: { storageCode: Record<string, string>; shippingCode: Record<string, string> };
  };
}

/** Numbers, formula (with its molecular weight) and SMILES, beside the structure preview. */
function ChemistryFields({ form }: { form: FormInstance<ProductFormValues> }) {
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
function StorageFields() {
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
function GhsFields() {
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
function PromotionFields() {
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

/** The drawer that adds or edits a product with its packs (ADR 0030). `productId` null: a new one. Mount it anew for each opening. */
export function ProductFormDrawer({ productId, categories, onClose, onSaved }: {
  productId: number | null; categories: AdminCategoryDto[]; onClose: () => void; onSaved: () => void;
}) {
  const t = useTranslations('adminProducts');
  const tl = useTranslations('adminLots');
  const tk = useTranslations('adminLinks');
  const locale = useLocale();
  const { message } = App.useApp();
  const [form] = Form.useForm<ProductFormValues>();
  const [loaded, setLoaded] = useState<{ product: AdminProductDto | null; error: string | null } | null>(null);
  const [saving, setSaving] = useState(false);
  const [lotsOpen, setLotsOpen] = useState(false);
  const wide = Grid.useBreakpoint().md === true;
  const loading = productId !== null && loaded === null;
  const error = loaded?.error ?? null;

  // The drawer is mounted for one product (the list gives it a key per opening): load it once.
  useEffect(() => {
    if (productId === null) return;
    let live = true;
    adminApi<AdminProductDto>('GET', `/api/admin/catalog/products/${productId}`).then(
      (p) => { if (live) { setLoaded({ product: p, error: null }); form.setFieldsValue(toValues(p)); } },
      (e: unknown) => { if (live) setLoaded({ product: null, error: e instanceof Error ? e.message : String(e) }); },
    );
    return () => { live = false; };
  }, [productId, form]);

  const save = async (values: ProductFormValues) => {
    setSaving(true);
    try {
      const body = toBody({ ...EMPTY, ...values });
      if (productId === null) await adminApi('POST', '/api/admin/catalog/products', body);
      else await adminApi('PUT', `/api/admin/catalog/products/${productId}`, body);
      void message.success(productId === null ? t('created') : t('saved'));
      onSaved();
    } catch (e) {
      void message.error(e instanceof Error ? e.message : String(e));
      if (e instanceof AdminApiError) {
        form.setFields(e.fields.filter((f) => f.field !== 'sizes').map((f) => ({
          name: (f.field === 'promoStartsAt' || f.field === 'promoEndsAt' ? ['promo'] : fieldPath(f.field)) as never, errors: [f.message],
        })));
      }
    } finally {
      setSaving(false);
    }
  };

  // Lots saved in their drawer: the packs with lots show their derived stock, read-only.
  const lotsChanged = useCallback((lots: AdminProductLotsDto) => {
    const packs = (form.getFieldValue('packs') as PackValues[] | undefined) ?? [];
    form.setFieldValue('packs', packs.map((k) => {
      const found = lots.packs.find((p) => p.packId === k.id);
      return found ? { ...k, stock: found.stock, hasLots: found.lots.length > 0 || k.hasLots === true } : k;
    }));
  }, [form]);

  const tooLong = (max: number) => ({ max, message: t('tooLong', { max }) });

  return (
    <Drawer open onClose={onClose} width={wide ? 1000 : '100%'} destroyOnHidden forceRender
      title={productId === null ? t('addTitle') : t('editTitle', { itemNo: loaded?.product?.itemNo ?? '' })}
      extra={(
        <Space>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()} data-testid="product-save">{t('save')}</Button>
        </Space>
      )}>
      {error && <Alert type="error" title={error} className="mb-3" />}
      <Spin spinning={loading}>
        <Form form={form} layout="vertical" initialValues={EMPTY} onFinish={save} scrollToFirstError data-testid="product-form">
          <Divider titlePlacement="start">{t('sectionBasic')}</Divider>
          <div className="grid gap-x-3 sm:grid-cols-2">
            <Form.Item name="nameZh" label={t('nameZh')} rules={[{ required: true, whitespace: true, message: t('nameRequired') }, tooLong(200)]}><Input /></Form.Item>
            <Form.Item name="nameEn" label={t('nameEn')} rules={[{ required: true, whitespace: true, message: t('nameRequired') }, tooLong(200)]}><Input /></Form.Item>
            {loaded?.product?.pinyin && (
              <p className="col-span-full -mt-3 mb-3 text-xs text-slate-500" data-testid="product-pinyin">
                {t('pinyinIs', { pinyin: loaded.product.pinyin, initials: loaded.product.pinyinInitials })}
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
            <Form.Item name="purity" label={t('purity')} rules={[tooLong(40)]}><Input placeholder="≥99%" /></Form.Item>
            <div className="grid grid-cols-2 gap-x-3">
              <Form.Item name="gradeZh" label={t('gradeZh')} rules={[tooLong(60)]}><Input placeholder="分析纯" /></Form.Item>
              <Form.Item name="grade" label={t('grade')} rules={[tooLong(60)]}><Input placeholder="AR" /></Form.Item>
            </div>
          </div>

          <ChemistryFields form={form} />

          <StorageFields />

          <GhsFields />

          <Divider titlePlacement="start">{t('sectionPacks')}</Divider>
          <PacksField />
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <Button icon={<ContainerOutlined />} disabled={!loaded?.product} onClick={() => setLotsOpen(true)} data-testid="lots-open">{tl('manage')}</Button>
            {productId === null && <span className="text-xs text-slate-500">{tl('saveFirst')}</span>}
          </div>

          <PromotionFields />
        </Form>
        <Divider titlePlacement="start">{tk('title')}</Divider>
        <LinkedItemsPanel owner="product" id={loaded?.product?.id ?? null} />
      </Spin>
      {lotsOpen && loaded?.product && (
        <LotsDrawer productId={loaded.product.id} itemNo={loaded.product.itemNo} onClose={() => setLotsOpen(false)} onChange={lotsChanged} />
      )}
    </Drawer>
  );
}

/** The packs of the product: an editable table, rows added, removed and moved; referenced packs cannot be removed. */
function PacksField() {
  const t = useTranslations('adminProducts');
  return (
    <Form.List name="packs">
      {(fields, { add, remove, move }) => (
        <div data-testid="packs-field">
          <div className="hidden grid-cols-[2fr_1.4fr_1fr_1fr_auto] gap-2 px-1 text-xs text-slate-500 sm:grid">
            <span>{t('packSize')}</span><span>{t('packPrice')}</span><span>{t('packLeadTime')}</span><span>{t('packStock')}</span><span className="w-[104px]">{t('actions')}</span>
          </div>
          {fields.map((field, index) => (
            <PackRow key={field.key} name={field.name} index={index} count={fields.length}
              onUp={() => move(index, index - 1)} onDown={() => move(index, index + 1)} onRemove={() => remove(field.name)} />
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ size: '', price: null, leadTimeDays: 0, stock: 0 })} data-testid="pack-add">{t('packAdd')}</Button>
        </div>
      )}
    </Form.List>
  );
}

function PackRow({ name, index, count, onUp, onDown, onRemove }: { name: number; index: number; count: number; onUp: () => void; onDown: () => void; onRemove: () => void }) {
  const t = useTranslations('adminProducts');
  const tl = useTranslations('adminLots');
  const form = Form.useFormInstance<ProductFormValues>();
  const referenced = Form.useWatch(['packs', name, 'referenced'], form) === true;
  const hasLots = Form.useWatch(['packs', name, 'hasLots'], { form, preserve: true }) === true;
  const label = (text: string) => `${text} ${index + 1}`;
  return (
    <div className="mb-2 grid grid-cols-2 items-start gap-2 rounded border border-slate-100 p-2 sm:grid-cols-[2fr_1.4fr_1fr_1fr_auto] sm:border-0 sm:p-0" data-testid="pack-row">
      <Form.Item name={[name, 'id']} hidden><Input /></Form.Item>
      <Form.Item name={[name, 'size']} className="col-span-2 mb-0 sm:col-span-1" rules={[{ required: true, whitespace: true, message: t('packSizeRequired') }, { max: 40, message: t('tooLong', { max: 40 }) }]}>
        <Input placeholder={t('packSizePlaceholder')} aria-label={label(t('packSize'))} />
      </Form.Item>
      <Form.Item name={[name, 'price']} className="mb-0"
        rules={[{ validator: async (_r, v: unknown) => { if (v === null || v === undefined || v === '' || !PRICE.test(String(v))) throw new Error(t('packPriceInvalid')); } }]}>
        <InputNumber min={0} max={9_999_999_999.99} precision={2} stringMode prefix="¥" style={{ width: '100%' }} aria-label={label(t('packPrice'))} />
      </Form.Item>
      <Form.Item name={[name, 'leadTimeDays']} className="mb-0" rules={[{ type: 'integer', min: 0, max: 365, message: t('packNumberInvalid') }]}>
        <InputNumber min={0} max={365} precision={0} style={{ width: '100%' }} aria-label={label(t('packLeadTime'))} suffix={t('days')} />
      </Form.Item>
      <Tooltip title={hasLots ? tl('stockReadOnly') : undefined}>
        <Form.Item name={[name, 'stock']} className="mb-0" rules={[{ type: 'integer', min: 0, max: 1_000_000, message: t('packNumberInvalid') }]}>
          <InputNumber min={0} max={1_000_000} precision={0} style={{ width: '100%' }} aria-label={label(t('packStock'))} disabled={hasLots} data-testid="pack-stock" />
        </Form.Item>
      </Tooltip>
      <Space size={2} className="col-span-2 sm:col-span-1">
        <Button size="small" icon={<ArrowUpOutlined />} disabled={index === 0} onClick={onUp} aria-label={label(t('moveUp'))} />
        <Button size="small" icon={<ArrowDownOutlined />} disabled={index === count - 1} onClick={onDown} aria-label={label(t('moveDown'))} />
        <Tooltip title={referenced ? t('packReferenced') : undefined}>
          <Button size="small" danger icon={<DeleteOutlined />} disabled={referenced} onClick={onRemove} aria-label={label(t('packRemove'))} />
        </Tooltip>
      </Space>
    </div>
  );
}

/** A live drawing of the typed SMILES, from the server's renderer (ADR 0017), shown through `<img>`. */
function StructurePreview({ form }: { form: ReturnType<typeof Form.useForm<ProductFormValues>>[0] }) {
  const t = useTranslations('adminProducts');
  const smiles = (Form.useWatch('smiles', form) ?? '').trim();
  const [preview, setPreview] = useState<{ smiles: string; data: StructurePreviewDto | null; refusal?: string } | null>(null);
  useEffect(() => {
    if (!smiles) return;
    let live = true;
    const timer = setTimeout(() => {
      adminApi<StructurePreviewDto>('GET', `/api/admin/catalog/products/structure-preview${toQuery({ smiles })}`).then(
        (data) => { if (live) setPreview({ smiles, data }); },
        // A structure over a cap or too slow to read: the server's message names why.
        (error: unknown) => { if (live) setPreview({ smiles, data: null, refusal: error instanceof AdminApiError ? error.fields[0]?.message : undefined }); },
      );
    }, 400);
    return () => { live = false; clearTimeout(timer); };
  }, [smiles]);
  const current = preview?.smiles === smiles ? preview.data : undefined;
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
          ) : <span className="text-sm text-red-600" role="alert">{preview?.refusal ?? t('smilesInvalid')}</span>}
    </div>
  );
}
