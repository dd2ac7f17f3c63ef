import { sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MyComplaintDto } from '@/contracts/complaints';
import { fileApiHarness } from '../../../../test/api';
import { complaintHarness } from '../../../../test/complaints';

const h = fileApiHarness();
const t = complaintHarness(() => h);

const SELLER = '示例试剂（上海）有限公司';
const TAX_NO = '91310000TEST00001X';

beforeAll(async () => {
  await t.login();
  await h.db.db.execute(sql`delete from web_settings where type in (13, 14, 15, 16)`);
  await h.db.db.execute(sql`insert into web_settings (type, content, label_zh, label_en, sort) values
    (13, ${SELLER}, '公司名称', 'Company name', 130), (14, ${TAX_NO}, '纳税人识别号', 'Tax number', 140),
    (15, '示例银行上海分行', '开户银行', 'Bank', 150), (16, '6222 0000 1111', '银行账号', 'Bank account', 160)`);
});

afterEach(() => {
  vi.useRealTimers();
});

async function pdfText(res: Response): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(await res.arrayBuffer()));
  return (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, '');
}

/** A complaint filed at `at` (the server's clock), approved by finance: its credit note issued. */
async function approvedComplaint(at: string): Promise<MyComplaintDto> {
  const order = await t.placedOrder('buyer@demo.example.com');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(at));
  const c = await t.file('buyer', { orderId: order.id, lines: [{ itemId: order.itemId, quantity: order.num }], description: '到货破损', appliedRefund: '1.20' });
  vi.useRealTimers();
  await t.move('sales', c.id, { to: 'approving', approvedRefund: '1.20' });
  const step = (await t.detail('finance', c.id)).approval?.steps.find((s) => s.status === 'pending');
  expect((await t.call('finance', 'POST', `/api/admin/approvals/steps/${step!.id}/decision`, { decision: 'approve', comment: '同意' })).status).toBe(200);
  return c;
}

describe('business numbers and the credit note', () => {
  it('a complaint filed at 16:30 UTC on 1 December is numbered with the Beijing day, 2 December', async () => {
    const c = await approvedComplaint('2026-12-01T16:30:00Z');
    expect(c.complaintNo).toMatch(/^CP20261202\d{5}$/);
  });

  it('is a PDF in the language asked for, with the seller of the site settings and the Beijing date', async () => {
    const c = await approvedComplaint('2026-11-30T10:00:00Z');
    const note = (await t.detail('sales', c.id)).creditNote!;
    // Issued at 16:30 UTC on 1 December: 2 December in Beijing.
    await h.db.db.execute(sql`update credit_notes set created_at = '2026-12-01T16:30:00Z' where id = ${note.id}`);

    const zh = await h.app.request(`/api/admin/complaints/${c.id}/credit-note?lang=zh&download=1`, { headers: { authorization: t.tokens.sales!, cookie: 'NEXT_LOCALE=en' } });
    expect(zh.status).toBe(200);
    expect(zh.headers.get('content-type')).toBe('application/pdf');
    expect(zh.headers.get('content-disposition')).toContain(`${note.creditNo}.pdf`);
    const zhText = await pdfText(zh);
    expect(zhText).toContain('红字凭证');
    expect(zhText).not.toContain('Creditnote');
    expect(zhText).toContain(SELLER);
    expect(zhText).toContain(TAX_NO);
    expect(zhText).toContain('示例银行上海分行');
    expect(zhText).toContain('2026-12-02');
    expect(zhText).toContain(note.creditNo);

    const en = await h.app.request(`/api/app/complaints/${c.id}/credit-note?lang=en`, { headers: { authorization: t.tokens.buyer! } });
    expect(en.status).toBe(200);
    const enText = await pdfText(en);
    expect(enText).toContain('Creditnote');
    expect(enText).toContain('Taxnumber');
    expect(enText).toContain(TAX_NO);
    expect(enText).toContain('2026-12-02');

    expect((await h.app.request(`/api/admin/complaints/${c.id}/credit-note?lang=fr`, { headers: { authorization: t.tokens.sales! } })).status).toBe(400);
    expect((await h.app.request(`/api/app/complaints/${c.id}/credit-note?lang=zh`, { headers: { authorization: t.tokens.univ! } })).status).toBe(404);
  });
});
