import { detailPage } from '../../_lib/content-pages';

/** Not cached: every request reads the item (and counts a view). */
export const dynamic = 'force-dynamic';

const { generateMetadata, Page } = detailPage('news');
export { generateMetadata };
export default Page;
