import { firstLevelPage } from '../../../../_lib/category-pages';

/** Route list1stCategory. */
const { generateMetadata, Page } = firstLevelPage('/product/index/cat/list/1st');
export { generateMetadata };
export default Page;
