import { flagList } from '../../_lib/product-pages';

const { generateMetadata, Page } = flagList('/product/index/hot', 'hot');
export { generateMetadata };
export default Page;
