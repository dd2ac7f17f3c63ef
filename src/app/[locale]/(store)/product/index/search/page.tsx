import { searchList } from '../../_lib/product-pages';

/** Route searchProduct: search results for `searchKey` (and `type`). */
const { generateMetadata, Page } = searchList('/product/index/search', 'searchKey');
export { generateMetadata };
export default Page;
