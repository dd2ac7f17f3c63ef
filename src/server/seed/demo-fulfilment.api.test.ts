import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderInvoicingDto } from '@/contracts/invoices';
import type { OrderAllocationDto } from '@/contracts/orders-allocation';
import type { OrderDeskRowDto } from '@/contracts/orders-admin';
import type { OrderShipmentsDto } from '@/contracts/shipments';
import { fileApiHarness } from '../../../test/api';

/**
 * The demo's orders show the order desk's whole fulfilment (ADR 0074), as the back office reads it: allocated,
 * backordered, partly shipped, shipped, delivered and held for credit, with invoices open, half paid and paid, and a
 * red-letter invoice after a complaint's refund — all made through the modules by the seed.
 */

const h = fileApiHarness();
let admin = '';
let rows: OrderDeskRowDto[] = [];

const get = async <T,>(path: string): Promise<T> => {
  const res = await h.call('GET', path, { token: admin });
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data as T;
};
const inState = (state: string) => rows.filter((r) => r.fulfilment === state);

beforeAll(async () => {
  admin = await h.loginStaff('admin', 'Admin#2026');
  rows = (await get<{ items: OrderDeskRowDto[] }>('/api/admin/orders?limit=200')).items;
});

describe('the demo orders', () => {
  it('are fourteen, nine of them placed: two allocated, three backordered, one partly shipped, one shipped, one delivered, one held', async () => {
    expect(rows).toHaveLength(14);
    const placed = rows.filter((r) => r.status === 'placed');
    expect(placed).toHaveLength(9);
    const count = (state: string) => placed.filter((r) => r.fulfilment === state).length;
    expect(Object.fromEntries(['allocated', 'backordered', 'partly_shipped', 'shipped', 'delivered', 'held'].map((s) => [s, count(s)]))).toEqual({
      allocated: 2, backordered: 3, partly_shipped: 1, shipped: 1, delivered: 1, held: 1,
    });
    // The list filtered by a state answers the same orders.
    for (const state of ['allocated', 'backordered', 'held']) {
      const filtered = (await get<{ items: OrderDeskRowDto[] }>(`/api/admin/orders?fulfilment=${state}&limit=200`)).items;
      expect(filtered.map((r) => r.id).sort()).toEqual(inState(state).map((r) => r.id).sort());
    }
    // Orders not placed keep the approval flow's states.
    expect(rows.filter((r) => r.status !== 'placed').map((r) => r.status).sort()).toEqual(['cancelled', 'passed', 'rejected', 'reviewing', 'reviewing']);
  });

  it('hold the newest order for credit: the demo buyer\'s, because an invoice was overdue when it was placed', async () => {
    const newest = [...rows].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id)[0]!;
    expect(newest).toMatchObject({ status: 'placed', fulfilment: 'held', companyName: '上海示例生物科技有限公司' });
    const allocation = await get<OrderAllocationDto>(`/api/admin/orders/${newest.id}/allocation`);
    expect(allocation).toMatchObject({ fulfilment: 'held', holdReason: 'overdue', can: { release: true } });
    expect(allocation.lines.every((l) => l.lots.length === 0)).toBe(true);
  });

  it('allocate the allocated orders in full and leave the backordered ones short', async () => {
    for (const row of inState('allocated')) {
      const view = await get<OrderAllocationDto>(`/api/admin/orders/${row.id}/allocation`);
      expect(view.lines.every((l) => l.lots.reduce((n, lot) => n + lot.quantity, 0) === l.num), row.orderNo).toBe(true);
      expect((await get<OrderShipmentsDto>(`/api/admin/orders/${row.id}/shipments`)).shipments).toEqual([]);
    }
    for (const row of inState('backordered')) {
      const view = await get<OrderAllocationDto>(`/api/admin/orders/${row.id}/allocation`);
      expect(view.lines.some((l) => l.lots.reduce((n, lot) => n + lot.quantity, 0) < l.num), row.orderNo).toBe(true);
    }
  });

  it('ship through the desk: part of one order, all of another, and one received by the buyer, each on the demo\'s dates', async () => {
    const shipmentsOf = async (state: string) => get<OrderShipmentsDto>(`/api/admin/orders/${inState(state)[0]!.id}/shipments`);
    const partly = await shipmentsOf('partly_shipped');
    expect(partly.shipments.map((s) => s.status)).toEqual(['shipped']);
    expect(partly.shippable.length).toBeGreaterThan(0);
    const shipped = await shipmentsOf('shipped');
    expect(shipped.shipments.map((s) => s.status)).toEqual(['shipped']);
    expect(shipped.shippable).toEqual([]);
    const delivered = await shipmentsOf('delivered');
    expect(delivered.shipments).toEqual([expect.objectContaining({ status: 'delivered', deliveredBy: '李娜' })]);
    for (const s of [...partly.shipments, ...shipped.shipments, ...delivered.shipments]) {
      // Made on the demo's calendar (before its base date, 2026-10-01), numbered on that day.
      expect(s.shippedAt < '2026-10-01', s.shipmentNo).toBe(true);
      expect(s.shipmentNo).toMatch(/^DN260[89]\d{8}$/);
    }
  });

  it('carry invoices on three orders — one paid, one half paid, one open with a red-letter invoice after its complaint\'s refund', async () => {
    const invoiced: { state: string; invoicing: OrderInvoicingDto }[] = [];
    for (const row of rows.filter((r) => r.invoiceStatus !== 'none' && r.invoiceStatus !== 'requested')) {
      invoiced.push({ state: row.fulfilment, invoicing: await get<OrderInvoicingDto>(`/api/admin/orders/${row.id}/invoices`) });
    }
    expect(invoiced).toHaveLength(3);
    const blue = (state: string) => invoiced.find((i) => i.state === state)!.invoicing.invoices.find((v) => v.kind === 'blue')!;
    const paid = blue('delivered');
    expect(paid.paidAmount).toBe(paid.amount);
    const half = blue('shipped');
    expect(Number(half.paidAmount) * 2).toBeCloseTo(Number(half.amount), 2);
    const open = invoiced.find((i) => i.state === 'backordered')!.invoicing;
    expect(open.invoices.find((v) => v.kind === 'blue')!.paidAmount).toBe('0.00');
    const red = open.invoices.find((v) => v.kind === 'red');
    expect(red).toBeDefined();
    expect(open.creditNotes.map((n) => n.creditNo)).toContain(red!.creditNo);
    // The open and half-paid invoices are not yet due: the demo's buyers keep ordering without a credit hold.
    const today = new Date().toISOString().slice(0, 10);
    for (const v of [half, open.invoices.find((i) => i.kind === 'blue')!]) expect(v.dueOn! >= today, v.invoiceNo).toBe(true);
    // A placed order of the demo company asks for an invoice and has none yet (finance's next one to record).
    expect(rows.some((r) => r.status === 'placed' && r.invoiceStatus === 'requested' && r.fulfilment !== 'held' && r.companyName === '上海示例生物科技有限公司')).toBe(true);
  });
});
