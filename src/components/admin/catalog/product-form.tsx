'use client';

import { ContainerOutlined, FilePdfOutlined } from '@ant-design/icons';
import { Alert, Button, Divider, Drawer, Form, Grid, Space, Spin } from 'antd';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import type { AdminCategoryDto } from '@/contracts/catalog-editing';
import type { AdminProductDto } from '@/contracts/catalog-editing-products';
import type { AdminProductLotsDto } from '@/contracts/lots';
import { ApiError } from '@/lib/api/client';
import { useApiMutation, useApiQuery } from '@/lib/api/query';
import { LinkedItemsPanel } from '../content/linked-items-panel';
import { DocumentsDrawer } from './documents-drawer';
import { LotsDrawer } from './lots-drawer';
import { BasicFields, ChemistryFields, GhsFields, PromotionFields, StorageFields } from './product-form-fields';
import { EMPTY, showProductFieldErrors, toBody, toValues, type PackValues, type ProductFormValues } from './product-form-values';
import { PacksField } from './product-packs-field';

/**
 * The product of the drawer (none for a new one), put on the form once, when its answer is fresh: a
 * later answer (a lot's change loads the product again) leaves what is being typed alone.
 */
function useProduct(productId: number | null, form: ReturnType<typeof Form.useForm<ProductFormValues>>[0]) {
  const query = useApiQuery('get', '/api/admin/catalog/products/{id}', { params: { path: { id: productId ?? 0 } } }, { enabled: productId !== null });
  // The answer the form was filled from: kept, so that a later one changes nothing.
  const [product, setProduct] = useState<AdminProductDto | undefined>(undefined);
  if (product === undefined && query.data !== undefined && !query.isFetching) setProduct(query.data);
  useEffect(() => {
    if (product) form.setFieldsValue(toValues(product));
  }, [product, form]);
  return { product, loading: productId !== null && product === undefined && !query.error, error: query.error };
}

/** Saving the form: a new product, or the product's changes (its packs, and so their lots, included). */
function useProductSave(productId: number | null, form: ReturnType<typeof Form.useForm<ProductFormValues>>[0], onSaved: () => void) {
  const t = useTranslations('adminProducts');
  const create = useApiMutation('post', '/api/admin/catalog/products', { invalidates: ['/api/admin/catalog/products'], success: t('created') });
  const update = useApiMutation('put', '/api/admin/catalog/products/{id}', {
    invalidates: ['/api/admin/catalog/products', '/api/admin/catalog/products/{id}', '/api/admin/catalog/products/{id}/lots'], success: t('saved'),
  });
  const save = async (values: ProductFormValues) => {
    const body = toBody({ ...EMPTY, ...values });
    try {
      if (productId === null) await create.mutateAsync({ body });
      else await update.mutateAsync({ params: { path: { id: productId } }, body });
      onSaved();
    } catch (e) {
      // The message is shown; the field errors go on their fields.
      if (e instanceof ApiError) showProductFieldErrors(form, e);
    }
  };
  return { save, saving: create.isPending || update.isPending };
}

/** The drawer that adds or edits a product with its packs (ADR 0030). `productId` null: a new one. Mount it anew for each opening. */
export function ProductFormDrawer({ productId, categories, onClose, onSaved }: {
  productId: number | null; categories: AdminCategoryDto[]; onClose: () => void; onSaved: () => void;
}) {
  const t = useTranslations('adminProducts');
  const tl = useTranslations('adminLots');
  const tk = useTranslations('adminLinks');
  const [form] = Form.useForm<ProductFormValues>();
  const { product, loading, error } = useProduct(productId, form);
  const { save, saving } = useProductSave(productId, form, onSaved);
  const [lotsOpen, setLotsOpen] = useState(false);
  const [documentsOpen, setDocumentsOpen] = useState(false);
  const td = useTranslations('adminDocuments');
  const wide = Grid.useBreakpoint().md === true;

  // Lots saved in their drawer: the packs with lots show their derived stock, read-only.
  const lotsChanged = useCallback((lots: AdminProductLotsDto) => {
    const packs = (form.getFieldValue('packs') as PackValues[] | undefined) ?? [];
    form.setFieldValue('packs', packs.map((k) => {
      const found = lots.packs.find((p) => p.packId === k.id);
      return found ? { ...k, stock: found.stock, hasLots: found.lots.length > 0 || k.hasLots === true } : k;
    }));
  }, [form]);

  return (
    <Drawer open onClose={onClose} width={wide ? 1000 : '100%'} destroyOnHidden forceRender
      title={productId === null ? t('addTitle') : t('editTitle', { itemNo: product?.itemNo ?? '' })}
      extra={(
        <Space>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()} data-testid="product-save">{t('save')}</Button>
        </Space>
      )}>
      {error && <Alert type="error" title={error.message} className="mb-3" />}
      <Spin spinning={loading}>
        <Form form={form} layout="vertical" initialValues={EMPTY} onFinish={save} scrollToFirstError data-testid="product-form">
          <BasicFields product={product} categories={categories} />

          <ChemistryFields form={form} />

          <StorageFields />

          <GhsFields />

          <Divider titlePlacement="start">{t('sectionPacks')}</Divider>
          <PacksField />
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <Button icon={<ContainerOutlined />} disabled={!product} onClick={() => setLotsOpen(true)} data-testid="lots-open">{tl('manage')}</Button>
            <Button icon={<FilePdfOutlined />} disabled={!product} onClick={() => setDocumentsOpen(true)} data-testid="documents-open">{td('manage')}</Button>
            {productId === null && <span className="text-xs text-slate-500">{tl('saveFirst')}</span>}
          </div>

          <PromotionFields />
        </Form>
        <Divider titlePlacement="start">{tk('title')}</Divider>
        <LinkedItemsPanel owner="product" id={product?.id ?? null} />
      </Spin>
      {lotsOpen && product && (
        <LotsDrawer productId={product.id} itemNo={product.itemNo} onClose={() => setLotsOpen(false)} onChange={lotsChanged} />
      )}
      {documentsOpen && product && (
        <DocumentsDrawer productId={product.id} itemNo={product.itemNo} onClose={() => setDocumentsOpen(false)} />
      )}
    </Drawer>
  );
}
