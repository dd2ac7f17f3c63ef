/** What a category link needs (a `CategoryNode` fits). */
export interface CategoryLinkTarget {
  id: number;
  classify: string;
  superiorId: number | null;
  leaf: boolean;
}

export type CategoryHref = { pathname: '/product/index/list' | '/product/children/cat_list_2nd'; query: Record<string, string> };

/**
 * Where a category goes (docs/requirements/storefront.md#product-menu): a leaf to the product list with
 * `typeId`, `fatherId` and `classify`; a category with children to the second-level page with `catId`.
 */
export function categoryHref(node: CategoryLinkTarget): CategoryHref {
  if (node.leaf) {
    return { pathname: '/product/index/list', query: { typeId: String(node.id), fatherId: String(node.superiorId ?? 0), classify: node.classify } };
  }
  return { pathname: '/product/children/cat_list_2nd', query: { catId: String(node.id) } };
}
