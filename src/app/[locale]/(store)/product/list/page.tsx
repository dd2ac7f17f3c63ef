import { searchList, type PageProps } from '../_lib/product-pages';
import { isStructureSearch, structureSearchPage } from '../_lib/structure-search-page';

/** The product list; the search bar's target with `sk` and `type` (`type=5`: structure search, ADR 0075). */
const list = searchList('/product/list', 'sk');
const structure = structureSearchPage('/product/list');

export async function generateMetadata(props: PageProps) {
  return isStructureSearch(await props.searchParams) ? structure.generateMetadata(props) : list.generateMetadata(props);
}

export default async function Page(props: PageProps) {
  return isStructureSearch(await props.searchParams) ? structure.Page(props) : list.Page(props);
}
