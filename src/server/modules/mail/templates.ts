import 'server-only';

/** `{name}` fields of a template filled from `params`; unknown names stay as written. */
export function fillTemplate(template: string, params: Record<string, string> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * The HTML part of a plain-text mail: its paragraphs escaped, optionally led by one large line
 * (a code); links are written out as text so that the message reads the same in both parts.
 */
export function mailHtml(body: string, lead?: string): string {
  const paragraphs = body
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 12px">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
  const big = lead ? `<p style="font-size:28px;font-weight:600;letter-spacing:6px;margin:16px 0">${escapeHtml(lead)}</p>` : '';
  return `<!doctype html><html><body style="font:14px/1.6 -apple-system,'PingFang SC','Microsoft YaHei',Arial,sans-serif;color:#1f2937">${big}${paragraphs}</body></html>`;
}
