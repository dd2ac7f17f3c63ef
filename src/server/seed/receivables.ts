import 'server-only';
import { createHash } from 'node:crypto';
import { eq, like, sql } from 'drizzle-orm';
import { invoiceRecordInputSchema } from '@/contracts/invoices';
import { paymentInputSchema } from '@/contracts/receivables';
import { businessDay } from '@/server/business-time';
import { rowsOf, type Db } from '@/server/db/client';
import { companies, invoices, orders } from '@/server/db/schema';
import { renderPdf } from '@/server/modules/files/pdf';
import type { FileStore } from '@/server/modules/files/store';
import { recordStoredInvoice } from '@/server/modules/invoices/record';
import { placeOrder } from '@/server/modules/orders/decide';
import { centsText, toCents } from '@/server/modules/orders/money';
import { recordPayment } from '@/server/modules/receivables/payments';
import { demoStaff } from './fulfilment';
import { actorOf, dateOrderSteps, demoOrder, heldOrderPack, orderDate, type DemoOrders } from './orders';
import { daysBefore } from './random';

const SEED_PREFIX = 'invoices/seed/';

/** A demo invoice's PDF: its number, customer and amount, marked as a demo document. */
function invoicePdf(no: string, company: string, amount: string): Buffer {
  return renderPdf({ title: `Invoice ${no} (demo)`, lines: [{ text: `电子发票 ${no}`, size: 16 }, { text: company, gap: 6 }, { text: `¥${amount}`, gap: 6 }, { text: 'Demo document — not a real invoice', gap: 6 }] });
}

const SEED_PDF_KEY = (invoiceNo: string) => `${SEED_PREFIX}${invoiceNo}.pdf`;

/** The tax in an amount with tax at the order's rate (prices include VAT, ADR 0065), in cents. */
const taxIn = (cents: bigint, rate: string) => {
  const percent = BigInt(Math.round(Number(rate) * 100));
  return (cents * percent * 2n + (10000n + percent)) / ((10000n + percent) * 2n);
};

/**
 * Demo receivables (ADR 0074), recorded through the invoices and receivables modules with demo PDFs the start
 * writes into the store (`ensureInvoiceSeedFiles`):
 * - the delivered order's special invoice, issued on the demo's calendar and past due by the demo's last day, so
 *   that the demo buyer's newest order, placed then, is held for credit (`placeOrder`'s credit rule); the customer
 *   pays it in full afterwards, and finance has not released the order yet;
 * - the shipped order's invoice, half paid, and the university's backordered order's invoice, open, with a
 *   red-letter invoice for its complaint's refund (the complaint's credit note). These two are dated from today,
 *   not from the demo's base date, and due after the customers' credit days: the demo's buyers keep ordering
 *   without an overdue invoice holding them.
 * Nothing is written when invoices exist already (a database recorded by finance).
 */
export async function seedReceivables(tx: Db, demo: DemoOrders | null): Promise<{ invoices: number; payments: number; heldOrders: number }> {
  const none = { invoices: 0, payments: 0, heldOrders: 0 };
  const [existing] = await tx.select({ n: sql<number>`count(*)::int` }).from(invoices);
  if (!demo || Number(existing?.n ?? 0) > 0) return none;
  const finance = await demoStaff(tx, 'finance');
  let made = 0;
  let paid = 0;
  const record = async (orderId: number, issued: Date, opts: { red?: { correctsId: number; complaintId: number; cents: bigint }; at?: Date } = {}) => {
    const [o] = await tx.select({ total: orders.total, taxRate: orders.taxRate, invoiceType: orders.invoiceType, company: companies.name })
      .from(orders).innerJoin(companies, eq(companies.id, orders.companyId)).where(eq(orders.id, orderId));
    if (!o || o.invoiceType === 'none') return null;
    const cents = opts.red?.cents ?? toCents(o.total);
    const invoiceNo = `26442000000${String(3100000 + orderId * 10 + (opts.red ? 1 : 0)).padStart(9, '0')}`;
    const pdf = invoicePdf(invoiceNo, o.company, centsText(cents));
    const input = invoiceRecordInputSchema.parse({
      id: orderId, kind: opts.red ? 'red' : 'blue', invoiceNo, issuedOn: businessDay(issued), invoiceType: o.invoiceType,
      amount: centsText(cents), taxAmount: centsText(taxIn(cents, o.taxRate)),
      ...(opts.red ? { correctsId: opts.red.correctsId, complaintId: opts.red.complaintId } : {}),
    });
    const invoice = await recordStoredInvoice(tx, finance, input, {
      key: SEED_PDF_KEY(invoiceNo), fileName: `${invoiceNo}.pdf`, mime: 'application/pdf', size: pdf.length, sha256: createHash('sha256').update(pdf).digest('hex'),
    }, opts.at ?? issued);
    made += 1;
    return { id: invoice.id, cents };
  };
  const pay = async (invoiceId: number, cents: bigint, received: Date, reference: string) => {
    await recordPayment(tx, finance, invoiceId, paymentInputSchema.parse({ amount: centsText(cents), receivedOn: businessDay(received), reference }));
    paid += 1;
  };

  // The delivered order's invoice, issued fifty days before the demo's last day and due after thirty.
  const first = await record(demo.delivered, daysBefore(50, 600));
  // The demo buyer's newest order, placed while that invoice is overdue: finance's credit rule holds it.
  let held = 0;
  const buyer = await actorOf(tx, 'buyer@demo.example.com');
  const pick = await heldOrderPack(tx);
  if (first && buyer && pick) {
    const at = orderDate(0, 60);
    const order = await demoOrder(tx, buyer, [{ pick, num: 1 }], at, 'seed-held', { poNumber: 'PO-2026-1025' });
    if (order?.status === 'passed') {
      const placed = await placeOrder(tx, buyer, order.id);
      await dateOrderSteps(tx, order.id, at);
      if (placed.hold) held += 1;
    }
    // The customer paid the overdue invoice in full the next morning; finance has not released the order yet.
    await pay(first.id, first.cents, daysBefore(0, -600), 'DEMO-BANK-0930');
  }

  // Dated from today, not from the demo's base date: the demo's buyers keep ordering without an overdue invoice.
  const now = Date.now();
  const ago = (days: number) => new Date(now - days * 86_400_000);
  const second = await record(demo.shipped, ago(12));
  if (second) await pay(second.id, second.cents / 2n, ago(5), 'DEMO-BANK-1102');
  const third = await record(demo.backorderedInvoiced, ago(10));
  if (third) {
    const [note] = rowsOf<{ complaint_id: number; cents: string }>(await tx.execute(sql`
      select k.id as complaint_id, n.amount_cents::text as cents from complaints k join credit_notes n on n.complaint_id = k.id
      where k.order_id = ${demo.backorderedInvoiced} order by n.id limit 1`));
    if (note) {
      const cents = BigInt(note.cents) < third.cents ? BigInt(note.cents) : third.cents;
      await record(demo.backorderedInvoiced, ago(8), { red: { correctsId: third.id, complaintId: Number(note.complaint_id), cents } });
    }
  }
  return { invoices: made, payments: paid, heldOrders: held };
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
