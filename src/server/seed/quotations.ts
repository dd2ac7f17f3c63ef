import 'server-only';
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { centsText, netCentsOf, isBelowFloor, type QuotationStateName } from '@/contracts/quotations';
import type { Db } from '@/server/db/client';
import {
  companies, orders, productPacks, products, quotationLines, quotationVersions, quotations, quoteRequestLines, quoteRequests, staff, staffApprovalRequests,
  staffApprovalRules, staffApprovalSteps, users,
} from '@/server/db/schema';
import { nextQuoteNo } from '@/server/modules/quotations/staff';
import { daysBefore } from './random';

const day = (d: Date) => d.toISOString().slice(0, 10);

interface Demo { state: QuotationStateName; company: 'sh' | 'bj'; days: number; discountBp: number; versions: number; comment?: string; error?: string; note: string }

/** Quotations in every state for the two demo customers (ADR 0040), with requests, versions and a pending approval. */
export async function seedQuotations(db: Db): Promise<{ quotations: number }> {
  const all = await db.select({ id: companies.id, owner: companies.ownerStaffId, name: companies.name }).from(companies).where(sql`${companies.crmKind} = 'customer'`).orderBy(asc(companies.id));
  const shanghai = all.find((c) => c.name === '上海示例生物科技有限公司') ?? all[0];
  const beijing = all.find((c) => c.id !== shanghai?.id);
  if (!shanghai || !beijing) return { quotations: 0 };
  const buyers = await db.select({ id: users.id, companyId: users.companyId }).from(users).where(inArray(users.loginName, ['buyer@demo.example.com', 'buyer@univ.example.com']));
  const packs = await db.select({ id: productPacks.id, productId: products.id, itemNo: products.itemNo, nameZh: products.nameZh, nameEn: products.nameEn, size: productPacks.size, price: productPacks.price })
    .from(productPacks).innerJoin(products, eq(products.id, productPacks.productId)).where(and(eq(products.active, true), gt(productPacks.stock, 20))).orderBy(asc(productPacks.id)).limit(6);
  if (packs.length < 3) return { quotations: 0 };
  const [manager] = await db.select({ id: staff.id, teamId: staff.teamId }).from(staff).where(eq(staff.loginName, 'manager'));
  const [rule] = await db.select({ id: staffApprovalRules.id }).from(staffApprovalRules).where(eq(staffApprovalRules.entityType, 'quotation'));
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.companyId, shanghai.id)).orderBy(desc(orders.id)).limit(1);

  const demo: Demo[] = [
    { state: 'requested', company: 'sh', days: 1, discountBp: 0, versions: 0, note: '' },
    { state: 'draft', company: 'sh', days: 2, discountBp: 500, versions: 1, note: '含冷链运费' },
    { state: 'pending_approval', company: 'sh', days: 3, discountBp: 1800, versions: 1, note: '年度框架价，低于底价待审批' },
    { state: 'approved', company: 'sh', days: 4, discountBp: 1600, versions: 1, note: '战略客户特价' },
    { state: 'rejected', company: 'bj', days: 5, discountBp: 2000, versions: 1, note: '' },
    { state: 'sent', company: 'sh', days: 6, discountBp: 800, versions: 1, note: '现货 3 个工作日内发货' },
    { state: 'renegotiation', company: 'sh', days: 9, discountBp: 300, versions: 1, comment: '量大，能否再优惠 5%？', note: '' },
    { state: 'accepted', company: 'sh', days: 10, discountBp: 500, versions: 1, error: 'quotationPriceChanged', note: '' },
    { state: 'declined', company: 'bj', days: 12, discountBp: 200, versions: 1, comment: '课题经费暂未到位', note: '' },
    { state: 'expired', company: 'bj', days: 40, discountBp: 600, versions: 1, note: '' },
    { state: 'converted', company: 'sh', days: 20, discountBp: 1000, versions: 2, note: '第二版按客户要求调整数量' },
    { state: 'sent', company: 'bj', days: 3, discountBp: 1000, versions: 1, note: '高校价' },
  ];
  for (const [i, d] of demo.entries()) {
    const company = d.company === 'sh' ? shanghai : beijing;
    const buyer = buyers.find((b) => b.companyId === company.id);
    const created = daysBefore(d.days, 30 + i);
    const lines = [packs[i % packs.length]!, packs[(i + 1) % packs.length]!, packs[(i + 2) % packs.length]!].slice(0, 2 + (i % 2));
    if (!buyer) continue;
    const [request] = await db.insert(quoteRequests).values({ companyId: company.id, userId: buyer.id, source: i % 2 ? 'product' : 'cart', note: i === 0 ? '课题急用，请尽快报价' : '', createdAt: created })
      .returning({ id: quoteRequests.id });
    if (!request) continue;
    await db.insert(quoteRequestLines).values(lines.map((p, j) => ({ requestId: request.id, productId: p.productId, packId: p.id, num: 2 + j, comment: j === 0 ? '需要随货 COA' : '' })));
    // Numbered by the module's own generator on the quotation's own date (ADR 0067).
    const { id, quoteNo } = await nextQuoteNo(db, created);
    const [q] = await db.insert(quotations).values({
      id, quoteNo, companyId: company.id, userId: buyer.id, requestId: request.id, ownerId: company.owner, state: d.state,
      currentVersion: d.versions, customerComment: d.comment ?? '', conversionError: d.error ? { code: d.error, itemNos: [lines[0]!.itemNo] } : null,
      orderId: d.state === 'converted' ? order?.id ?? null : null, createdAt: created, updatedAt: daysBefore(Math.max(0, d.days - 1)),
    }).returning({ id: quotations.id });
    if (!q) continue;
    let total = 0;
    for (let v = 1; v <= d.versions; v++) {
      const priced = lines.map((p, j) => {
        const list = Math.round(Number(p.price) * 100);
        const net = netCentsOf(list, d.discountBp);
        return { p, list, net, num: 2 + j + (v - 1), below: isBelowFloor(net, list) };
      });
      total = priced.reduce((s, l) => s + l.net * l.num, 0);
      const subtotal = priced.reduce((s, l) => s + l.list * l.num, 0);
      const sent = ['sent', 'accepted', 'declined', 'renegotiation', 'expired', 'converted'].includes(d.state) || v < d.versions;
      // Seeded times follow BASE_DATE, not the clock: open offers stay valid for five months after it, the expired one ran out before it.
      const validUntil = d.state === 'expired' ? day(daysBefore(10)) : day(daysBefore(-150));
      const [version] = await db.insert(quotationVersions).values({
        quotationId: q.id, version: v, discountBp: d.discountBp, validUntil, note: d.note, subtotalCents: subtotal, discountCents: subtotal - total, totalCents: total,
        belowFloor: priced.some((l) => l.below), sentAt: sent ? daysBefore(d.days - 1) : null, sentBy: sent ? company.owner : null, createdAt: created,
      }).returning({ id: quotationVersions.id });
      if (!version) continue;
      await db.insert(quotationLines).values(priced.map((l, j) => ({
        versionId: version.id, seq: j + 1, productId: l.p.productId, packId: l.p.id, itemNo: l.p.itemNo, nameZh: l.p.nameZh, nameEn: l.p.nameEn, size: l.p.size,
        num: l.num, listCents: l.list, unitCents: l.list, netCents: l.net, lineCents: l.net * l.num, comment: j === 0 ? '需要随货 COA' : '',
      })));
    }
    await db.update(quotations).set({ totalCents: total }).where(eq(quotations.id, q.id));
    if (d.state === 'pending_approval' && rule && manager) {
      const [r] = await db.insert(staffApprovalRequests).values({
        entityType: 'quotation', entityId: q.id, ruleId: rule.id, applicantId: manager.id, teamId: manager.teamId, subject: `${quoteNo} ${company.name}`,
        amount: centsText(total), status: 'pending', currentSeq: 1, createdAt: daysBefore(d.days - 1),
      }).returning({ id: staffApprovalRequests.id });
      if (r) await db.insert(staffApprovalSteps).values({ requestId: r.id, seq: 1, approverKind: 'permission', permission: 'QUOTATION.PRICE_OVERRIDE', status: 'pending', activatedAt: daysBefore(d.days - 1) });
    }
  }
  return { quotations: demo.length };
}
