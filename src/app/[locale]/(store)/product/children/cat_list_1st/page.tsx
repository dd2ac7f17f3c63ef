import { firstLevelPage } from '../../_lib/category-pages';

const { generateMetadata, Page } = firstLevelPage('/product/children/cat_list_1st');
export { generateMetadata };
export default Page;
