import 'server-only';
import { GHS_PICTOGRAMS, type GhsDto, type GhsPictogram } from '@/contracts/product-detail';
import type { GhsBlock } from '@/server/db/schema';
import type { Lang } from '@/lib/lang';
import { serverMessages } from '@/server/messages';

/** The text of a storage code (`rt`, `2-8c`, `-20c`, `dry-ice`); an unknown code stands for itself. */
export function storageLabel(code: string, lang: Lang): string {
  return (serverMessages(lang).productDetail.storageCode as Record<string, string>)[code] ?? code;
}

export function shippingLabel(code: string, lang: Lang): string {
  return (serverMessages(lang).productDetail.shippingCode as Record<string, string>)[code] ?? code;
}

/**
 * The text of an H or P statement. Combined statements (`H301+H311+H331`) have their own GHS
 * wording where the table holds it; otherwise their parts' texts are joined. Unknown: empty.
 */
export function statementText(code: string, lang: Lang): string {
  const table = serverMessages(lang).ghs.statement as Record<string, string>;
  const own = table[code];
  if (own) return own;
  const parts = code.split('+');
  if (parts.length < 2 || parts.some((p) => !table[p])) return '';
  return parts.map((p) => table[p]).join(lang === 'zh' ? '；' : '; ');
}

function isPictogram(code: string): code is GhsPictogram {
  return (GHS_PICTOGRAMS as readonly string[]).includes(code);
}

/** The stored GHS block with its texts in one language; null when the product is not classified. */
export function ghsDto(block: GhsBlock | null, lang: Lang): GhsDto | null {
  if (!block) return null;
  const t = serverMessages(lang).ghs;
  const pictograms = block.pictograms.filter(isPictogram).map((code) => ({ code, label: (t.pictogram as Record<string, string>)[code] ?? code }));
  if (pictograms.length === 0 && !block.signalWord && block.hazardStatements.length === 0 && block.precautionaryStatements.length === 0) return null;
  return {
    pictograms,
    signalWord: block.signalWord,
    signalWordLabel: block.signalWord ? t[block.signalWord] : null,
    hazardStatements: block.hazardStatements.map((code) => ({ code, text: statementText(code, lang) })),
    precautionaryStatements: block.precautionaryStatements.map((code) => ({ code, text: statementText(code, lang) })),
  };
}
