/**
 * The Content-Security-Policy of the HTML pages (ADR 0028): scripts only from this origin and the
 * inline scripts that carry this response's nonce (Next.js puts it on its own scripts when it finds
 * it in the request's policy); styles inline too, because antd's CSS-in-JS writes `<style>` elements
 * and style attributes without a nonce; nothing from other origins; no framing by other sites.
 */
export function pageContentSecurityPolicy(options: { nonce: string; dev?: boolean }): string {
  const script = ["'self'", `'nonce-${options.nonce}'`, ...(options.dev ? ["'unsafe-eval'"] : [])];
  return [
    "default-src 'self'",
    `script-src ${script.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${options.dev ? ' ws: wss:' : ''}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/** A fresh nonce: 128 random bits, base64 (Web Crypto, so that it runs in the proxy too). */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text);
}
