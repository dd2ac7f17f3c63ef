import { generateMetadata, ProductDetailPage } from './detail-page';

/** Not cached: prices, stock and the visitor's sign-in state are read on every request. */
export const dynamic = 'force-dynamic';

export { generateMetadata };
export default ProductDetailPage;
