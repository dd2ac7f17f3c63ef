import { notFound } from 'next/navigation';

/** /404 shows the not-found page with status 404. */
export default function NotFoundRoute() {
  notFound();
}
