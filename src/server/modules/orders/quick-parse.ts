import 'server-only';
import { normaliseCas } from '@/lib/cas';

export const QUICK_ORDER_MAX_LINES = 200;

export type QuickParse =
  | { line: number; input: string; kind: 'item' | 'cas'; key: string; size: string | null; num: number }
  | { line: number; input: string; kind: 'error'; error: 'quantityInvalid' | 'casInvalid' };

const CAS_SHAPE = /^\d{2,7}-\d{2}-\d$/;

/**
 * Quick order lines: "item number or CAS number[, pack size], quantity", separated by tabs (a
 * spreadsheet paste), commas (also the Chinese comma) or spaces. A line without a quantity means one.
 * Blank lines, and lines of separators alone, are skipped; line numbers count every line as typed.
 */
export function parseQuickLines(text: string): QuickParse[] {
  const out: QuickParse[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const input = raw.trim();
    const tokens = input.split(/[\t,，;；\s]+/).filter((t) => t !== '');
    if (tokens.length === 0) return;
    const line = index + 1;
    let num = 1;
    if (tokens.length > 1) {
      const last = tokens[tokens.length - 1]!;
      if (!/^\d{1,4}$/.test(last) || Number(last) < 1) {
        out.push({ line, input, kind: 'error', error: 'quantityInvalid' });
        return;
      }
      num = Number(last);
      tokens.pop();
    }
    const key = tokens[0]!;
    const size = tokens.length > 1 ? tokens.slice(1).join(' ') : null;
    if (CAS_SHAPE.test(key)) {
      const cas = normaliseCas(key);
      if (!cas) out.push({ line, input, kind: 'error', error: 'casInvalid' });
      else out.push({ line, input, kind: 'cas', key: cas, size, num });
      return;
    }
    out.push({ line, input, kind: 'item', key, size, num });
  });
  return out;
}
