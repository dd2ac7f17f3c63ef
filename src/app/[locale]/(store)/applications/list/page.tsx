import { listPage } from '../../_lib/content-pages';

const { generateMetadata, Page } = listPage('application');
export { generateMetadata };
export default Page;
