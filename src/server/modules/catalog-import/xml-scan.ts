import 'server-only';

/**
 * A small streaming XML scanner for the parts of an XLSX file (ADR 0034): it is fed text in chunks
 * and calls back for each start tag, end tag and piece of text, holding only the unfinished tag or
 * text between chunks. It knows what SpreadsheetML uses — elements, attributes, the predefined and
 * numeric character references, CDATA, comments and processing instructions (skipped) — and no DTD
 * (a DOCTYPE is refused: no entity of a file is ever expanded). Namespace prefixes are dropped from
 * names (`x:c` is `c`).
 */

export class XmlError extends Error {}

export interface XmlHandler {
  open(name: string, tag: string, selfClosing: boolean): void;
  close(name: string): void;
  /** Text (references decoded); only called while `wantText` is true. */
  text(text: string): void;
  wantText: boolean;
}

/** The longest run of text or the longest tag taken between two `<` (references still encoded). */
const MAX_PENDING = 1024 * 1024;

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export function decodeXmlText(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED[ref] ?? whole;
  });
}

/** The value of an attribute of a start tag's text (`tag` as given to `open`), or null. */
export function attribute(tag: string, name: string): string | null {
  for (let at = tag.indexOf(name); at >= 0; at = tag.indexOf(name, at + 1)) {
    const after = at + name.length;
    if (tag.charCodeAt(after) !== 61 /* = */ || at === 0) continue;
    const before = tag.charCodeAt(at - 1);
    // A whole attribute name: preceded by white space (or a prefix's colon: `r:id`).
    if (before === 32 || before === 9 || before === 10 || before === 13 || (before === 58 && name.includes(':'))) {
      const quote = tag.charCodeAt(after + 1);
      if (quote === 34 || quote === 39) {
        const end = tag.indexOf(quote === 34 ? '"' : "'", after + 2);
        if (end < 0) return null;
        return decodeXmlText(tag.slice(after + 2, end));
      }
    }
  }
  return null;
}

/**
 * The name of the tag whose text runs from `from` to `end` in `s`: up to white space or `/`, without
 * its namespace prefix (`x:c` is `c`). Read in place: the tag is not cut out of the text for it.
 */
function nameAt(s: string, from: number, end: number): string {
  let start = from;
  let j = from;
  for (; j < end; j += 1) {
    const c = s.charCodeAt(j);
    if (c === 32 || c === 9 || c === 10 || c === 13 || c === 47) break;
    if (c === 58 /* : */ && start === from) start = j + 1;
  }
  return s.slice(start, j);
}

/** Where the tag whose text starts at `from` ends: its `>` outside quoted attribute values (either quote), or -1 when `s` ends first. */
function tagEnd(s: string, from: number): number {
  let quote = 0;
  for (let j = from, n = s.length; j < n; j += 1) {
    const c = s.charCodeAt(j);
    if (quote !== 0) {
      if (c === quote) quote = 0;
    } else if (c === 62 /* > */) {
      return j;
    } else if (c === 34 || c === 39) {
      quote = c;
    }
  }
  return -1;
}

export class XmlScanner {
  private pending = '';

  constructor(private readonly handler: XmlHandler) {}

  write(chunk: string): void {
    const s = this.pending + chunk;
    const h = this.handler;
    let i = 0;
    const n = s.length;
    while (i < n) {
      const lt = s.indexOf('<', i);
      if (lt < 0) break;
      if (lt > i && h.wantText) h.text(decodeXmlText(s.slice(i, lt)));
      i = lt;
      const next = s.charCodeAt(i + 1);
      if (next === 33 /* ! */) {
        if (s.startsWith('<!--', i)) {
          const end = s.indexOf('-->', i + 4);
          if (end < 0) break;
          i = end + 3;
        } else if (s.startsWith('<![CDATA[', i)) {
          const end = s.indexOf(']]>', i + 9);
          if (end < 0) break;
          if (h.wantText) h.text(s.slice(i + 9, end));
          i = end + 3;
        } else if (n - i < 9) {
          break;
        } else {
          throw new XmlError('xml: a document type declaration is not accepted');
        }
        continue;
      }
      if (next === 63 /* ? */) {
        const end = s.indexOf('?>', i + 2);
        if (end < 0) break;
        i = end + 2;
        continue;
      }
      // A tag: up to the first `>` outside a quoted attribute value.
      const gt = tagEnd(s, i + 1);
      if (gt < 0) break;
      if (next === 47 /* / */) {
        h.close(nameAt(s, i + 2, gt));
      } else {
        const selfClosing = gt > i + 1 && s.charCodeAt(gt - 1) === 47;
        const end = selfClosing ? gt - 1 : gt;
        const name = nameAt(s, i + 1, end);
        h.open(name, s.slice(i + 1, end), selfClosing);
        if (selfClosing) h.close(name);
      }
      i = gt + 1;
    }
    // What is left: text with no `<` after it yet, or an unfinished tag.
    if (i < n && s.charCodeAt(i) !== 60 && h.wantText) {
      // Text is handed on as it comes, but not cut inside a reference (`&amp;`).
      const amp = s.lastIndexOf('&');
      const cut = amp >= i && s.indexOf(';', amp) < 0 ? amp : n;
      if (cut > i) h.text(decodeXmlText(s.slice(i, cut)));
      i = cut;
    } else if (i < n && s.charCodeAt(i) !== 60) {
      i = n;
    }
    this.pending = i < n ? s.slice(i) : '';
    if (this.pending.length > MAX_PENDING) throw new XmlError('xml: a tag or text too long');
  }

  end(): void {
    if (this.pending.trim() !== '') throw new XmlError('xml: unfinished at the end');
  }
}
