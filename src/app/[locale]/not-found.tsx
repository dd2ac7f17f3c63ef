import { NotFoundView } from '@/components/storefront/not-found-view';

/**
 * A 404 from a page of the locale outside the route groups, which have their own in their frame
 * (unknown paths land in `(plain)/[...rest]`): the body alone, so that no page carries a second
 * frame in its payload (ADR 0047).
 */
export default NotFoundView;
