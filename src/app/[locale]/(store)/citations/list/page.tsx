import { listPage } from '../../_lib/content-pages';

const { generateMetadata, Page } = listPage('citation');
export { generateMetadata };
export default Page;
