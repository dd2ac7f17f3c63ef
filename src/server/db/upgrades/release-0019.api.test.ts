import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { insertLabCatalogue, releaseMigrations, removeRelease } from '../../../../test/releases';
import { createEmptyTestDatabase } from '../../../../test/test-db';
import { rowsOf } from '../client';
import { runMigrations } from '../migrate';

// Each test migrates a whole database from nothing (some twice or three times over): a minute or more on a
// busy two-core machine, beyond the suite's 30-second budget per test.
vi.setConfig({ testTimeout: 180_000 });

describe('upgrading a database of the release before 0019', () => {
  it('splits the refunds of earlier complaints over their lines, replaces the seeded report links with random ones, and then keeps the cap', async () => {
    const older = releaseMigrations(18);
    const shop = await createEmptyTestDatabase();
    try {
      await runMigrations(shop, older);
      const run = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await shop.db.execute(text));
      await insertLabCatalogue(shop.db, 108);
      await shop.db.execute(sql`insert into staff (id, login_name, password_hash, name) values (1, 'sales', 'x', 'S')`);
      await shop.db.execute(sql`
        insert into orders (id, order_no, company_id, user_id, status, idempotency_key, receiver, phone, region, address_detail, subtotal, total, line_count)
        values (1, 'S1', 1, 1, 'placed', 'k1', 'r', 'p', 'x', 'y', 424, 424, 2)`);
      await shop.db.execute(sql`
        insert into order_items (id, order_id, company_id, product_id, pack_id, item_no, name_zh, name_en, size, unit_price, num, line_total)
        values (1, 1, 1, 1, 1, 'A1', '甲', 'A', '1g', 108, 3, 324), (2, 1, 1, 1, 1, 'A1', '甲', 'A', '5g', 50, 2, 100)`);
      // Complaints as that release wrote them: one over both lines, and the probe's line carried beyond its amount.
      await shop.db.execute(sql`
        insert into complaints (id, complaint_no, company_id, order_id, description, applied_refund_cents, status)
        values (1, 'CP1', 1, 1, '两行', 35000, 'reviewing'), (2, 'CP2', 1, 1, '一行', 32400, 'reviewing'), (3, 'CP3', 1, 1, '一行', 32400, 'reviewing')`);
      await shop.db.execute(sql`insert into complaint_lines (complaint_id, order_item_id, quantity) values (1, 1, 3), (1, 2, 1), (2, 1, 3), (3, 1, 3)`);
      await shop.db.execute(sql`
        insert into testing_cases (id, case_no, owner_id, customer_name, samples, test_fee, service_fee, invoice_type, status, report_key, report_token)
        values (1, 'TS2026110100004', 1, 'C', 's', 1, 1.15, 'ordinary', 'test_finished', 'cases/seed/TS2026110100004.pdf', 'seedTS2026110100004reportxxxxxxx'),
               (2, 'TS2026110100005', 1, 'C', 's', 1, 1.15, 'ordinary', 'resolved', 'cases/seed/TS2026110100005.pdf', 'seedTS2026110100005reportxxxxxxx'),
               (3, 'TS2026110100006', 1, 'C', 's', 1, 1.15, 'ordinary', 'resolved', 'cases/3/report.pdf', 'Qm9vdHN0cmFwcGVkIHJhbmRvbSB0b2tl')`);

      await runMigrations(shop);
      await runMigrations(shop);

      // Parts in order of the order line, each up to the value complained about, adding up to the applied refund.
      const parts = await run<{ complaint_id: number; order_item_id: number; refund_cents: number }>(sql`
        select complaint_id, order_item_id, refund_cents from complaint_lines order by complaint_id, order_item_id`);
      expect(parts.map((p) => [Number(p.complaint_id), Number(p.order_item_id), Number(p.refund_cents)])).toEqual([[1, 1, 32400], [1, 2, 2600], [2, 1, 32400], [3, 1, 32400]]);
      // Seeded report links are random now (32 base64url characters, each different); a real one is kept.
      const tokens = await run<{ id: number; report_token: string }>(sql`select id, report_token from testing_cases order by id`);
      expect(tokens[2]?.report_token).toBe('Qm9vdHN0cmFwcGVkIHJhbmRvbSB0b2tl');
      for (const t of tokens.slice(0, 2)) {
        expect(t.report_token).toMatch(/^[A-Za-z0-9_-]{32}$/);
        expect(t.report_token).not.toMatch(/seed|report/);
      }
      expect(tokens[0]?.report_token).not.toBe(tokens[1]?.report_token);
      // Money in cents holds what the API accepts.
      await shop.db.transaction(async (tx) => {
        await tx.execute(sql`update complaints set status = 'rejected', review_failure_reason = '重复', applied_refund_cents = 9999999999 where id = 3`);
        await tx.execute(sql`update complaint_lines set refund_cents = 9999999999 where complaint_id = 3`);
      });
      await shop.db.execute(sql`update contracts set amount_cents = 9999999999`);
      expect(await run<{ cents: string }>(sql`select applied_refund_cents::text as cents from complaints where id = 3`)).toEqual([{ cents: '9999999999' }]);
      // The line carried beyond its amount before the upgrade: closing its complaints works, a new claim on it does not.
      await shop.db.execute(sql`update complaints set status = 'resolved' where id = 2`);
      await expect(shop.db.execute(sql`update complaints set status = 'reviewing' where id = 3`)).rejects.toThrow();
      await expect(shop.db.transaction(async (tx) => {
        await tx.execute(sql`insert into complaints (id, complaint_no, company_id, order_id, description, applied_refund_cents) values (4, 'CP4', 1, 1, '再来', 100)`);
        await tx.execute(sql`insert into complaint_lines (complaint_id, order_item_id, quantity, refund_cents) values (4, 1, 1, 100)`);
      })).rejects.toThrow();
      const [n] = await run<{ n: number }>(sql`select count(*)::int as n from complaints`);
      expect(Number(n?.n)).toBe(3);
    } finally {
      await shop.destroy();
      removeRelease(older);
    }
  });
});
