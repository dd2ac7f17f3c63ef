import { secondLevelPage } from '../../_lib/category-pages';

const { generateMetadata, Page } = secondLevelPage('/product/children/cat_list_2nd');
export { generateMetadata };
export default Page;
