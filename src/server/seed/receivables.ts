import 'server-only';
import { createHash } from 'node:crypto';
import { asc, eq, like, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { companies, invoicePayments, invoices, orders, staff } from '@/server/db/schema';
import { renderPdf } from '@/server/modules/files/pdf';
import type { FileStore } from '@/server/modules/files/store';
import { centsText, toCents } from '@/server/modules/orders/money';
import { businessDay } from '@/server/business-time';

const SEED_PREFIX = 'invoices/seed/';

/** A demo invoice's PDF: its number, customer and amount, marked as a demo document. */
function invoicePdf(no: string, company: string, amount: string): Buffer {
  return renderPdf({ title: `Invoice ${no} (demo)`, lines: [{ text: `电子发票 ${no}`, size: 16 }, { text: company, gap: 6 }, { text: `¥${amount}`, gap: 6 }, { text: 'Demo document — not a real invoice', gap: 6 }] });
}

/**
 * Demo receivables (ADR 0074): a blue invoice for each of the first placed orders of the demo's customers, issued a
 * few days ago and due after the customer's credit days — one paid in full, one in part, the rest open — so that the
 * receivables page and a customer's tab show figures. None is overdue: the demo's buyers keep ordering without a
 * credit hold. Nothing is written when invoices exist already (a database recorded by finance).
 */
export async function seedReceivables(db: Db): Promise<{ invoices: number; payments: number }> {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(invoices);
  if (Number(existing?.n ?? 0) > 0) return { invoices: 0, payments: 0 };
  const [finance] = await db.select({ id: staff.id }).from(staff).where(eq(staff.loginName, 'finance'));
  const placed = await db.select({ id: orders.id, companyId: orders.companyId, total: orders.total, taxAmount: orders.taxAmount, company: companies.name, creditDays: companies.creditDays })
    .from(orders).innerJoin(companies, eq(companies.id, orders.companyId))
    .where(eq(orders.status, 'placed')).orderBy(asc(orders.id)).limit(6);
  // Dated from today, not from the demo's base date: the demo's buyers keep ordering without an overdue invoice.
  const now = Date.now();
  const daysAgo = (days: number) => new Date(now - days * 86_400_000);
  let made = 0;
  let paidRows = 0;
  for (const [i, o] of placed.entries()) {
    const issued = daysAgo(12 - i);
    const issuedOn = businessDay(issued);
    const dueOn = businessDay(new Date(issued.getTime() + Math.max(o.creditDays, 30) * 86_400_000));
    const invoiceNo = `26442000000${String(3100000 + o.id).padStart(9, '0')}`;
    const total = toCents(o.total);
    const paid = i === 0 ? total : i === 1 ? total / 2n : 0n;
    const pdf = invoicePdf(invoiceNo, o.company, centsText(total));
    const [row] = await db.insert(invoices).values({
      invoiceNo, orderId: o.id, companyId: o.companyId, invoiceType: 'ordinary', issuedOn, dueOn, amount: centsText(total), taxAmount: o.taxAmount,
      paidAmount: centsText(paid), storageKey: `${SEED_PREFIX}${invoiceNo}.pdf`, fileName: `${invoiceNo}.pdf`, mime: 'application/pdf',
      size: pdf.length, sha256: createHash('sha256').update(pdf).digest('hex'),
      staffId: finance?.id ?? null, createdAt: issued,
    }).returning({ id: invoices.id });
    await db.update(orders).set({ invoiceStatus: 'issued' }).where(eq(orders.id, o.id));
    made += 1;
    if (paid > 0n && row) {
      await db.insert(invoicePayments).values({
        invoiceId: row.id, companyId: o.companyId, amount: centsText(paid), receivedOn: businessDay(daysAgo(Math.max(0, 10 - i))),
        reference: `DEMO-${row.id}`, staffId: finance?.id ?? null, createdAt: daysAgo(Math.max(0, 10 - i)),
      });
      paidRows += 1;
    }
  }
  return { invoices: made, payments: paidRows };
}

/** Writes the demo invoices' PDFs that are missing from the store; safe on every start. */
export async function ensureInvoiceSeedFiles(db: Db, store: FileStore): Promise<{ written: number; checked: number }> {
  const rows = await db.select({ storageKey: invoices.storageKey, invoiceNo: invoices.invoiceNo, amount: invoices.amount, company: companies.name })
    .from(invoices).innerJoin(companies, eq(companies.id, invoices.companyId)).where(like(invoices.storageKey, `${SEED_PREFIX}%`));
  let written = 0;
  for (const r of rows) {
    if (await store.exists(r.storageKey)) continue;
    await store.write(r.storageKey, invoicePdf(r.invoiceNo, r.company, r.amount));
    written += 1;
  }
  return { written, checked: rows.length };
}
