import { describe, expect, it } from 'vitest';
import { categoryHref } from './category-links';

describe('categoryHref', () => {
  it('sends a leaf to the product list with typeId, fatherId and classify', () => {
    expect(categoryHref({ id: 42, classify: '有机试剂', superiorId: 7, leaf: true })).toEqual({
      pathname: '/product/index/list', query: { typeId: '42', fatherId: '7', classify: '有机试剂' },
    });
  });

  it('sends a category with children to the second-level page with catId', () => {
    expect(categoryHref({ id: 7, classify: 'Reagents', superiorId: null, leaf: false })).toEqual({
      pathname: '/product/children/cat_list_2nd', query: { catId: '7' },
    });
  });

  it('gives a first-level leaf the father 0', () => {
    expect(categoryHref({ id: 3, classify: 'Misc', superiorId: null, leaf: true }).query.fatherId).toBe('0');
  });
});
