import { categoryList } from '../../_lib/product-pages';

/** Route listProduct: every product, or a leaf category's list (`typeId`, `fatherId`, `classify`). */
const { generateMetadata, Page } = categoryList('/product/index/list');
export { generateMetadata };
export default Page;
