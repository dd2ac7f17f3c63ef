import type { FormInstance } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { AdminCategoryDto } from '@/contracts/catalog-editing';
import { CONTROL_CLASSES, type AdminProductDto } from '@/contracts/catalog-editing-products';
import { GHS_PICTOGRAMS, SHIPPING_CODES, STORAGE_CODES, type GhsPictogram } from '@/contracts/product-detail';
import type { ApiError } from '@/lib/api/client';
import { isOneOf } from '../common/view-filters';

/** The product form's values and how they travel: from the product, to the request, and a refusal's field errors back. */

export interface PackValues { id?: number; size: string; price: string | number | null; listPrice?: string | number | null; leadTimeDays: number | null; stock: number | null; referenced?: boolean; hasLots?: boolean }

export interface ProductFormValues {
  itemNo: string; cas: string; mdl: string; nameZh: string; nameEn: string; synonyms: string[];
  formula: string; smiles: string; purity: string; grade: string; gradeZh: string; density: string; storage: string; shipping: string;
  pictograms: string[]; signalWord: string; hazardStatements: string[]; precautionaryStatements: string[]; controlClass: string;
  brandId?: number; categoryId?: number; isHot: boolean; isNew: boolean; isSpecial: boolean;
  promo: [Dayjs | null, Dayjs | null] | null; active: boolean; packs: PackValues[];
}

const SIGNAL_WORDS = ['danger', 'warning'] as const;

export const EMPTY: ProductFormValues = {
  itemNo: '', cas: '', mdl: '', nameZh: '', nameEn: '', synonyms: [], formula: '', smiles: '', purity: '', grade: '', gradeZh: '', density: '',
  storage: 'rt', shipping: 'ambient', pictograms: [], signalWord: '', hazardStatements: [], precautionaryStatements: [], controlClass: '',
  isHot: false, isNew: false, isSpecial: false, promo: null, active: true, packs: [{ size: '', price: null, listPrice: null, leadTimeDays: 0, stock: 0 }],
};

export function toValues(p: AdminProductDto): ProductFormValues {
  return {
    itemNo: p.itemNo, cas: p.cas ?? '', mdl: p.mdl ?? '', nameZh: p.nameZh, nameEn: p.nameEn, synonyms: p.synonyms,
    formula: p.formula ?? '', smiles: p.smiles ?? '', purity: p.purity, grade: p.grade, gradeZh: p.gradeZh, density: p.density ?? '', storage: p.storage, shipping: p.shipping,
    pictograms: p.pictograms, signalWord: p.signalWord ?? '', hazardStatements: p.hazardStatements, precautionaryStatements: p.precautionaryStatements,
    controlClass: p.controlClass ?? '', brandId: p.brandId, categoryId: p.categoryId, isHot: p.isHot, isNew: p.isNew, isSpecial: p.isSpecial,
    promo: p.promoStartsAt || p.promoEndsAt ? [p.promoStartsAt ? dayjs(p.promoStartsAt) : null, p.promoEndsAt ? dayjs(p.promoEndsAt) : null] : null,
    active: p.active, packs: p.packs.map((k) => ({ id: k.id, size: k.size, price: k.price, listPrice: k.listPrice, leadTimeDays: k.leadTimeDays, stock: k.stock, referenced: k.referenced, hasLots: k.hasLots })),
  };
}

/** The request of the form's values; the pickers offer only the codes the server takes ('' for none is sent as null). */
export function toBody(v: ProductFormValues) {
  const { promo, packs, storage, shipping, pictograms, signalWord, controlClass, brandId, categoryId, ...rest } = v;
  return {
    ...rest,
    storage: isOneOf(STORAGE_CODES, storage) ? storage : 'rt',
    shipping: isOneOf(SHIPPING_CODES, shipping) ? shipping : 'ambient',
    pictograms: pictograms.filter((c): c is GhsPictogram => isOneOf(GHS_PICTOGRAMS, c)),
    signalWord: isOneOf(SIGNAL_WORDS, signalWord) ? signalWord : null,
    controlClass: isOneOf(CONTROL_CLASSES, controlClass) ? controlClass : null,
    // Required by the form; an empty one is the server's to refuse.
    brandId: brandId ?? '',
    categoryId: categoryId ?? '',
    promoStartsAt: promo?.[0] ? promo[0].toISOString() : null,
    promoEndsAt: promo?.[1] ? promo[1].toISOString() : null,
    packs: (packs ?? []).map((k) => ({ id: k.id, size: k.size, price: k.price === null || k.price === '' ? '' : String(k.price),
      listPrice: k.listPrice === null || k.listPrice === undefined || k.listPrice === '' ? null : String(k.listPrice), leadTimeDays: k.leadTimeDays ?? 0, stock: k.stock ?? 0 })),
  };
}

/** `packs.0.price` → ['packs', 0, 'price'], as the form names fields. */
function fieldPath(field: string): (string | number)[] {
  return field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** A refusal's field errors on the form: a pack's on its cell, the promotion window's on the range. */
export function showProductFieldErrors(form: Pick<FormInstance, 'setFields'>, error: ApiError): void {
  form.setFields(error.fields.filter((f) => f.field !== 'sizes').map((f) => ({
    name: f.field === 'promoStartsAt' || f.field === 'promoEndsAt' ? ['promo'] : fieldPath(f.field), errors: [f.message],
  })));
}

export function treeData(nodes: readonly AdminCategoryDto[], lang: string): { value: number; title: string; selectable: boolean; children: ReturnType<typeof treeData> }[] {
  return nodes.map((n) => ({ value: n.id, title: lang === 'en' ? n.nameEn : n.nameZh, selectable: n.leaf, children: treeData(n.children, lang) }));
}
