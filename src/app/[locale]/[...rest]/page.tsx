import { notFound } from 'next/navigation';

/** Any unmatched path renders the 404 page with status 404. */
export default function CatchAll() {
  notFound();
}
