import type { FormInstance } from 'antd';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { EMPTY, showProductFieldErrors, toBody } from './product-form-values';

describe('the product form request', () => {
  it('sends the picked codes, none as null, prices as text and the promotion window as instants', () => {
    const starts = dayjs('2026-01-02T03:04:05Z');
    const body = toBody({
      ...EMPTY, itemNo: 'A-1', nameZh: '乙醇', nameEn: 'Ethanol', brandId: 3, categoryId: 7, signalWord: 'danger', pictograms: ['GHS02'],
      promo: [starts, null], packs: [{ id: 5, size: '500 mL', price: 38.5, leadTimeDays: null, stock: 10 }, { size: '1 L', price: null, leadTimeDays: 3, stock: null }],
    });
    expect(body).toMatchObject({
      itemNo: 'A-1', brandId: 3, categoryId: 7, storage: 'rt', shipping: 'ambient', signalWord: 'danger', controlClass: null, pictograms: ['GHS02'],
      promoStartsAt: starts.toISOString(), promoEndsAt: null,
      packs: [{ id: 5, size: '500 mL', price: '38.5', leadTimeDays: 0, stock: 10 }, { id: undefined, size: '1 L', price: '', leadTimeDays: 3, stock: 0 }],
    });
    expect(body).not.toHaveProperty('promo');
    expect(toBody(EMPTY)).toMatchObject({ signalWord: null, controlClass: null, brandId: '', categoryId: '' });
  });

  it('puts a refusal’s field errors on the form’s fields: a pack’s on its cell, the window’s on the range', () => {
    const set: Parameters<FormInstance['setFields']>[0][] = [];
    const error = new ApiError(400, 'invalid', [
      { field: 'packs.1.price', message: 'price' }, { field: 'promoEndsAt', message: 'window' }, { field: 'sizes', message: 'sizes' }, { field: 'cas', message: 'cas' },
    ], 400);
    showProductFieldErrors({ setFields: (fields) => { set.push(fields); } }, error);
    expect(set).toEqual([[
      { name: ['packs', 1, 'price'], errors: ['price'] }, { name: ['promo'], errors: ['window'] }, { name: ['cas'], errors: ['cas'] },
    ]]);
  });
});
