import { listPage } from '../../_lib/content-pages';

const { generateMetadata, Page } = listPage('news');
export { generateMetadata };
export default Page;
