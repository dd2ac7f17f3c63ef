import 'server-only';
import { randomBytes } from 'node:crypto';

/** The first-party visitor id: random, opaque, kept 400 days (the most browsers allow); it identifies a browser, not a person. */
export const VISITOR_COOKIE = 'reagent_vid';
export const VISITOR_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 400;
const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/;

export function isVisitorId(value: string | undefined | null): value is string {
  return typeof value === 'string' && VISITOR_ID.test(value);
}

export function newVisitorId(): string {
  return randomBytes(16).toString('base64url');
}

const BOT = /bot|crawl|spider|slurp|bingpreview|facebookexternalhit|embedly|lighthouse|pingdom|uptime|curl|wget|python-requests|go-http-client|httpclient|java\//i;

/** Crawlers and scripts are not visitors. */
export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || BOT.test(userAgent);
}
