import 'server-only';
import { decodeHTML } from 'entities';
import sanitizeHtml from 'sanitize-html';

/**
 * The one gate for rich text from the database: a fixed allow-list of tags and attributes,
 * http(s)/mailto/tel links only (no javascript: or data:), no event handlers, styles, scripts,
 * SVG or frames. External links open in a new tab without an opener.
 */
const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code', 'ul', 'ol', 'li', 'dl', 'dt', 'dd',
    'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'small', 'mark', 'span', 'a', 'img', 'figure', 'figcaption',
    'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'svg', 'math', 'iframe', 'object', 'embed', 'template'],
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      const external = /^https?:\/\//i.test(href);
      return {
        tagName,
        attribs: external ? { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' } : { ...attribs, target: '', rel: '' },
      };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
  exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href && !frame.text.trim(),
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, RICH_TEXT).replace(/ (target|rel)=""/g, '');
}

const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** Decodes entities until nothing changes (bounded): `&amp;lt;` is `<` to a client that decodes twice. */
function decodeFully(text: string): string {
  let value = text;
  for (let round = 0; round < 8; round++) {
    const next = decodeHTML(value);
    if (next === value) break;
    value = next;
  }
  return value;
}

/**
 * Plain text for comments and names, safe however a client renders it: entities are decoded
 * first (encoded, double-encoded and mixed payloads become the markup they hide), then every
 * tag is removed. What is left has no `<` that could open a tag (it becomes the full-width
 * `＜`) and no entity a second decoding could turn into one.
 */
export function toPlainText(text: string): string {
  const decoded = decodeFully(text.replace(CONTROL_CHARACTERS, ''));
  const stripped = sanitizeHtml(decoded, { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard', nonTextTags: ['script', 'style', 'textarea', 'noscript', 'svg', 'math', 'iframe', 'template'] });
  // sanitize-html escapes the text it keeps; the stored form is the text itself.
  let plain = decodeHTML(stripped).replace(CONTROL_CHARACTERS, '').replace(/<(?=[\p{L}/!?])/gu, '＜').trim();
  if (decodeHTML(plain) !== plain) plain = plain.replace(/&/g, '＆');
  return plain;
}
