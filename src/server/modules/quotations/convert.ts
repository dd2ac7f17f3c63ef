import 'server-only';
import { and, eq } from 'drizzle-orm';
import { centsText, type QuotationAcceptInput } from '@/contracts/quotations';
import type { Db } from '@/server/db/client';
import { addresses, productPacks, products, quotationLines, quotations, users } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';
import type { OrderActor } from '@/server/modules/orders/access';
import { insertOrder, type SubmittedOrder } from '@/server/modules/orders/submit';
import { centsOf } from './pricing';
import { customerSees, loadQuotation } from './queries';
import { transitionQuotation } from './status';
import { currentVersion, factsOf } from './versions';

export type ConversionResult = { ok: true; order: SubmittedOrder } | { ok: false; code: string; itemNos: string[] };

/**
 * Converts an accepted quotation into an order of the accepting buyer, in one transaction with the
 * quotation locked: every line is checked again — the product still sold and the pack still there
 * (`quotationItemsUnavailable`), the list price unchanged since the version was priced
 * (`quotationPriceChanged`). A short stock is no failure: as in the cart (`lineAvailability`), the rest
 * of the line is a backorder within the pack's lead time. A failure is kept on
 * the quotation (still accepted) for the customer and staff to see; success makes the order at the
 * quoted net prices through the order module, so the buyer company's approval rules decide it.
 */
export async function convertQuotation(db: Db, actor: OrderActor & { audit: AuditActor }, id: number, input: Omit<QuotationAcceptInput, 'id'>): Promise<ConversionResult> {
  return db.transaction(async (tx) => {
    const row = await loadQuotation(tx, customerSees(actor), id, true);
    if (row.state !== 'accepted' || row.order_id !== null) throw new AppError(409, 'quotationTransitionInvalid', { from: row.state, to: 'converted' });
    const [buyer] = await tx.select({ id: users.id, monthlyLimit: users.monthlyLimit }).from(users)
      .where(and(eq(users.id, actor.userId), eq(users.companyId, actor.companyId), eq(users.active, true))).for('update');
    if (!buyer) throw new AppError(401);
    const [address] = await tx.select().from(addresses).where(and(eq(addresses.id, input.addressId), eq(addresses.companyId, actor.companyId)));
    if (!address) throw new AppError(400, 'addressNotFound', [{ field: 'addressId', message: 'addressNotFound' }]);
    const version = await currentVersion(tx, id, row.current_version);
    if (!version) throw new AppError(409, 'quotationTransitionInvalid');
    const lines = await tx.select({
      num: quotationLines.num, productId: quotationLines.productId, packId: quotationLines.packId, itemNo: quotationLines.itemNo, nameZh: quotationLines.nameZh,
      nameEn: quotationLines.nameEn, size: quotationLines.size, listCents: quotationLines.listCents, netCents: quotationLines.netCents,
      active: products.active, cas: products.cas, ghs: products.ghs, controlClass: products.controlClass, shipping: products.shipping, price: productPacks.price, stock: productPacks.stock,
      leadTimeDays: productPacks.leadTimeDays, packProduct: productPacks.productId,
    }).from(quotationLines).leftJoin(productPacks, eq(productPacks.id, quotationLines.packId)).leftJoin(products, eq(products.id, quotationLines.productId))
      .where(eq(quotationLines.versionId, version.id)).orderBy(quotationLines.seq);
    const failure = (code: string, bad: typeof lines) => (bad.length ? { code, itemNos: bad.map((l) => l.itemNo) } : null);
    const problem = failure('quotationItemsUnavailable', lines.filter((l) => !l.active || l.price === null || l.packProduct !== l.productId))
      ?? failure('quotationPriceChanged', lines.filter((l) => l.price !== null && centsOf(l.price) !== l.listCents));
    if (problem) {
      await tx.update(quotations).set({ conversionError: problem, updatedAt: new Date() }).where(eq(quotations.id, id));
      await recordAudit(tx, actor.audit, { action: 'convertFailed', entity: 'quotation', entityId: id, companyId: actor.companyId, note: { code: problem.code, itemNos: problem.itemNos } });
      return { ok: false as const, ...problem };
    }
    const order = await insertOrder(tx, actor, {
      buyer, address, quoteNo: row.quote_no,
      input: { ...input, idempotencyKey: `quotation-${id}` },
      lines: lines.map((l) => ({
        num: l.num, productId: l.productId, packId: l.packId, itemNo: l.itemNo, cas: l.cas ?? null, nameZh: l.nameZh, nameEn: l.nameEn, size: l.size,
        price: centsText(l.netCents), listPrice: centsText(l.listCents), ghs: l.ghs ?? null, controlClass: l.controlClass ?? null, shipping: l.shipping ?? 'ambient',
      })),
    });
    await transitionQuotation(tx, {
      id, from: 'accepted', to: 'converted', kind: 'system', actor: actor.audit, facts: await factsOf(tx, id, row.current_version),
      set: { orderId: order.id, conversionError: null },
    });
    return { ok: true as const, order };
  });
}
