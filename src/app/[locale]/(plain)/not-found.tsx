import { NotFoundView } from '@/components/storefront/not-found-view';

/** A 404 below this layout: the body alone, in the layout's own frame. */
export default NotFoundView;
