import { promotionHotList } from '../../product/_lib/product-pages';

/** Hot products (the nav bar's "hot products" link, `type=1`). */
const { generateMetadata, Page } = promotionHotList();
export { generateMetadata };
export default Page;
