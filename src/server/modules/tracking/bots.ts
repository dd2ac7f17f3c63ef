import 'server-only';

const BOT = /bot|crawl|spider|slurp|bingpreview|facebookexternalhit|embedly|lighthouse|pingdom|uptime|curl|wget|python-requests|go-http-client|httpclient|java\//i;

/** Crawlers and scripts are not visitors. */
export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || BOT.test(userAgent);
}
