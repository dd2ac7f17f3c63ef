export { Link } from './adaptive-link';
export { getPathname, permanentRedirect, redirect, usePathname, useRouter } from './base-navigation';
