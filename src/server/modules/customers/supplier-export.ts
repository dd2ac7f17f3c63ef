import 'server-only';
import type { SupplierDto, SupplierListInput } from '@/contracts/customers';
import type { Lang } from '@/lib/lang';
import type { Db } from '@/server/db/client';
import { serverMessages } from '@/server/messages';
import { keysetPages, streamXlsx } from '@/server/modules/exports/xlsx-stream';
import { listSuppliers } from './suppliers';

/** Suppliers read a page at a time (the list's own cap of 100). */
const SUPPLIER_EXPORT_PAGE = 100;

/** The suppliers of a list's filters, in the list's order, as a streamed Excel workbook (every row). */
export function exportSuppliers(db: Db, input: Omit<SupplierListInput, 'cursor' | 'limit'>, lang: Lang): ReadableStream<Uint8Array> {
  const m = serverMessages(lang).adminSuppliers;
  const join = lang === 'en' ? ', ' : '、';
  return streamXlsx<SupplierDto>({
    name: 'suppliers', sheet: m.title,
    pages: keysetPages((cursor) => listSuppliers(db, { ...input, cursor, limit: SUPPLIER_EXPORT_PAGE })),
    columns: [
      { header: m.name, width: 32, value: (r) => r.name },
      { header: m.brands, width: 30, value: (r) => r.brands.map((b) => (lang === 'en' ? b.nameEn : b.nameZh)).join(join) },
      { header: m.paymentDays, width: 10, value: (r) => r.paymentDays },
      { header: m.paymentTerms, width: 30, value: (r) => r.paymentTerms },
      { header: m.contacts, width: 40, value: (r) => r.contacts.map((c) => [c.name, c.position, c.phone, c.email].filter(Boolean).join(' ')).join('; ') },
      { header: m.files, width: 8, value: (r) => r.files.length },
    ],
  });
}
