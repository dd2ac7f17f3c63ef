import { flagList } from '../../_lib/product-pages';

const { generateMetadata, Page } = flagList('/product/index/new', 'new');
export { generateMetadata };
export default Page;
