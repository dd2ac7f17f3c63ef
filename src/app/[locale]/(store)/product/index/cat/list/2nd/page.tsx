import { secondLevelPage } from '../../../../_lib/category-pages';

/** Route list2ndCategory (`catId`). */
const { generateMetadata, Page } = secondLevelPage('/product/index/cat/list/2nd');
export { generateMetadata };
export default Page;
