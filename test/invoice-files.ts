import { crc32 } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/server/db/client';

/** A small PDF as the tax platform's files start and end (`%PDF-` … `%%EOF`). */
export function invoicePdf(label = 'invoice'): Uint8Array {
  return new TextEncoder().encode(`%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n% ${label}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
}

/** A ZIP archive (stored, not compressed) of the named entries. */
export function zipOf(entries: Record<string, string>): Uint8Array {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name, 'utf8');
    const data = Buffer.from(text, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0); local.writeUInt16LE(20, 4); local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18); local.writeUInt32LE(data.length, 22); local.writeUInt16LE(nameBytes.length, 26);
    const head = Buffer.alloc(46);
    head.writeUInt32LE(0x02014b50, 0); head.writeUInt16LE(20, 4); head.writeUInt16LE(20, 6); head.writeUInt32LE(crc, 16);
    head.writeUInt32LE(data.length, 20); head.writeUInt32LE(data.length, 24); head.writeUInt16LE(nameBytes.length, 28); head.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    central.push(head, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0); end.writeUInt16LE(Object.keys(entries).length, 8); end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12); end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

/** An OFD document (GB/T 33190): a ZIP whose root holds OFD.xml. */
export function invoiceOfd(): Uint8Array {
  return zipOf({ 'OFD.xml': '<?xml version="1.0" encoding="UTF-8"?><ofd:OFD xmlns:ofd="http://www.ofdspec.org/2016" Version="1.1"/>', 'Doc_0/Document.xml': '<ofd:Document/>' });
}

/**
 * An invoice of an order as finance's recording leaves it (blue unless said; inserted directly, for tests about what
 * follows an invoice: receivables, ageing, credit holds, money limits). Answers its id.
 */
export async function issuedInvoice(db: Db, orderId: number, v: {
  invoiceNo: string; amount: string; issuedOn: string; dueOn: string | null; taxAmount?: string; paid?: string; kind?: 'blue' | 'red'; corrects?: number;
}): Promise<number> {
  const [row] = rowsOf<{ id: number }>(await db.execute(sql`insert into invoices (invoice_no, order_id, company_id, kind, invoice_type, corrects_id,
      issued_on, due_on, amount, tax_amount, paid_amount, storage_key, file_name, mime, size, sha256)
    select ${v.invoiceNo}, o.id, o.company_id, ${v.kind ?? 'blue'}, 'ordinary', ${v.corrects ?? null}, ${v.issuedOn}, ${v.dueOn},
      ${v.amount}, ${v.taxAmount ?? '0'}, ${v.paid ?? '0'}, 'invoices/test.pdf', 'test.pdf', 'application/pdf', 1, ${'0'.repeat(64)}
    from orders o where o.id = ${orderId} returning id`));
  if (!row) throw new Error(`order ${orderId} not found`);
  return Number(row.id);
}
