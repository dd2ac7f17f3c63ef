import { listPage } from '../../_lib/content-pages';

const { generateMetadata, Page } = listPage('support');
export { generateMetadata };
export default Page;
