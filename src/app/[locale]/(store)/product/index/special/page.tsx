import { flagList } from '../../_lib/product-pages';

const { generateMetadata, Page } = flagList('/product/index/special', 'special');
export { generateMetadata };
export default Page;
