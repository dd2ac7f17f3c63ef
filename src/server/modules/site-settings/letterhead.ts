import 'server-only';
import type { SellerDetails } from '@/contracts/site-settings';
import { labelColon } from '@/lib/label-colon';
import type { Lang } from '@/lib/lang';
import type { Db } from '@/server/db/client';
import { serverMessages } from '@/server/messages';
import type { PdfLetterhead } from '@/server/pdf/document';
import { getSellerDetails } from './queries';

/** The shop's name when the settings name no company (the brand the site shows). */
const FALLBACK_NAME: Record<Lang, string> = { zh: '优试剂 YouReagent', en: 'YouReagent' };

/**
 * The one letterhead of the generated business documents (quotations, credit notes): the seller's name and,
 * each only when set in the site settings, address, phone, e-mail, tax number, bank and account.
 */
export function letterheadOf(seller: SellerDetails, lang: Lang): PdfLetterhead {
  const t = serverMessages(lang).pdfLetterhead;
  const colon = labelColon(lang);
  const pair = (label: string, value: string | null) => (value ? `${label}${colon}${value}` : null);
  const line = (...parts: (string | null)[]) => parts.filter((p): p is string => p !== null).join('    ');
  return {
    name: seller.companyName ?? FALLBACK_NAME[lang],
    lines: [
      line(pair(t.address, seller.address)),
      line(pair(t.phone, seller.phone), pair(t.email, seller.email)),
      line(pair(t.taxNumber, seller.taxNumber)),
      line(pair(t.bank, seller.bankName), pair(t.account, seller.bankAccount)),
    ].filter((l) => l !== ''),
  };
}

/** The letterhead from the current site settings. */
export async function loadLetterhead(db: Db, lang: Lang): Promise<PdfLetterhead> {
  return letterheadOf(await getSellerDetails(db), lang);
}
