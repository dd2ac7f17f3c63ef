import { searchList } from '../_lib/product-pages';

/** The product list; the search bar's target with `sk` and `type`. */
const { generateMetadata, Page } = searchList('/product/list', 'sk');
export { generateMetadata };
export default Page;
