import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@/server/db/client';
import { departments, inventoryMinimums, users } from '@/server/db/schema';
import { withMailbox } from '../../../../test/mailbox';
import { demoPeople, grantShelf, putContainer } from '../../../../test/shelf';
import { runInventoryAlerts, sendInventoryAlerts } from './pass';

const env = withMailbox();
// 10:00 in Shanghai on 1 March 2031: the business day is 2031-03-01.
const NOW = new Date('2031-03-01T02:00:00Z');
const DAY = 86_400_000;
let people: Awaited<ReturnType<typeof demoPeople>>;
let c: Record<'soon' | 'past' | 'retest' | 'later' | 'empty' | 'other', { id: number; code: string }>;

beforeAll(async () => {
  const db = env.h.db.db;
  await grantShelf(db);
  people = await demoPeople(db);
  const [product] = rowsOf<{ id: number }>(await db.execute(sql`select id from products order by id limit 1`));
  const a = people.buyerA.companyId;
  // The approver keeps the shelf of the lab's department; the buyer reads English (their latest order was in English).
  const [lab] = await db.insert(departments).values({ companyId: a, name: '有机实验室' }).returning({ id: departments.id });
  await db.update(users).set({ departmentId: lab!.id }).where(eq(users.id, people.approverA.id));
  await db.execute(sql`insert into role_permissions (role_id, permission) select ur.role_id, 'INVENTORY.EDIT' from user_roles ur where ur.user_id = ${people.approverA.id} on conflict do nothing`);
  await db.execute(sql`update orders set lang = 'en' where id = (select max(id) from orders where user_id = ${people.buyerA.id})`);
  const base = { companyId: a, productId: Number(product!.id) };
  c = {
    soon: await putContainer(db, { ...base, ownerId: people.buyerA.id, departmentId: lab!.id, expiresOn: '2031-03-20', name: '即将过期的丙酮' }),
    past: await putContainer(db, { ...base, expiresOn: '2031-02-01', name: '已过期的乙醚' }),
    retest: await putContainer(db, { ...base, ownerId: people.buyerA.id, departmentId: lab!.id, retestOn: '2031-03-10', name: '待复检的甲苯' }),
    later: await putContainer(db, { ...base, ownerId: people.buyerA.id, expiresOn: '2031-06-01', name: '远期的乙醇' }),
    empty: await putContainer(db, { ...base, ownerId: people.buyerA.id, expiresOn: '2031-02-01', state: 'empty', name: '用完的甲醇' }),
    other: await putContainer(db, { companyId: people.buyerB.companyId, ownerId: people.buyerB.id, expiresOn: '2031-03-05', name: '北京的试剂' }),
  };
  await db.insert(inventoryMinimums).values({ companyId: a, productId: Number(product!.id), amount: '10', unit: 'kg' });
});

describe('the daily alert pass', () => {
  it('mails each person once, grouped, in their language: owners, the department’s keepers, else the administrator', async () => {
    const since = env.mailbox.received.length;
    const sent = await sendInventoryAlerts(env.h.db.db, NOW);
    const mails = env.mailbox.received.slice(since);
    expect(sent).toBe(mails.length);
    const to = (login: string) => mails.filter((m) => m.to.includes(login));
    const [buyer] = to('buyer@demo.example.com');
    const [approver] = to('approver@demo.example.com');
    const [admin] = to('admin@demo.example.com');
    expect(to('buyer@demo.example.com')).toHaveLength(1);
    expect(to('approver@demo.example.com')).toHaveLength(1);
    // The owner, in English, with links to the containers' pages; the department's keeper in Chinese.
    const [ordered] = rowsOf<{ n: number }>(await env.h.db.db.execute(sql`select count(*)::int as n from orders where user_id = ${people.buyerA.id}`));
    expect(buyer!.text).toContain(c.soon.code);
    if (ordered!.n > 0) {
      expect(buyer!.subject).toContain('Inventory alerts');
      expect(buyer!.text).toContain('expires on 2031-03-20');
      expect(buyer!.text).toContain('to be retested by 2031-03-10');
      expect(buyer!.text).toContain(`/en/account/inventory/${c.soon.id}`);
      expect(buyer!.text).toContain('below their minimum');
    } else {
      expect(buyer!.text).toContain('将于 2031-03-20 过期');
      expect(buyer!.text).toContain(`/account/inventory/${c.soon.id}`);
    }
    expect(approver!.subject).toContain('库存提醒');
    expect(approver!.text).toContain(c.retest.code);
    expect(approver!.text).not.toContain(c.past.code);
    // No owner, no department: the company administrator.
    expect(admin!.text).toContain(c.past.code);
    expect(admin!.text).toContain('已于 2031-02-01 过期');
    for (const m of mails) {
      expect(m.text).not.toContain(c.later.code);
      expect(m.text).not.toContain(c.empty.code);
    }
    // The other company's container goes to its own people only.
    expect(to('buyer@univ.example.com')[0]!.text).toContain(c.other.code);
    expect(mails.filter((m) => !m.to.includes('buyer@univ.example.com')).every((m) => !m.text.includes(c.other.code))).toBe(true);
    expect(to('buyer@univ.example.com')[0]!.text).not.toContain(c.soon.code);
  });

  it('never mails the same container twice for the same threshold, nor a shortfall twice', async () => {
    expect(await sendInventoryAlerts(env.h.db.db, new Date(NOW.getTime() + DAY))).toBe(0);
    // Three weeks on, the soon-expiring container has expired: one new mail about it, to its owner and keeper.
    const since = env.mailbox.received.length;
    const sent = await sendInventoryAlerts(env.h.db.db, new Date(NOW.getTime() + 21 * DAY));
    const mails = env.mailbox.received.slice(since).filter((m) => !m.to.includes('buyer@univ.example.com'));
    expect(sent).toBe(mails.length + 1);
    expect(mails).toHaveLength(2);
    expect(mails.every((m) => m.text.includes(c.soon.code) && !m.text.includes(c.past.code))).toBe(true);
    const [rows] = rowsOf<{ n: number }>(await env.h.db.db.execute(sql`select count(*)::int as n from inventory_alerts_sent where container_id = ${c.soon.id}`));
    expect(rows?.n).toBe(2);
  });

  it('runs once a day whatever the number of instances: the lease goes to one', async () => {
    const day = new Date(NOW.getTime() + 40 * DAY);
    const [one, two] = await Promise.all([runInventoryAlerts(env.h.db.db, day, 'instance-a'), runInventoryAlerts(env.h.db.db, day, 'instance-b')]);
    expect([one.ran, two.ran].filter(Boolean)).toHaveLength(1);
    // The same day again: held; the next business day: free.
    expect((await runInventoryAlerts(env.h.db.db, new Date(day.getTime() + 3_600_000), 'instance-c')).ran).toBe(false);
    expect((await runInventoryAlerts(env.h.db.db, new Date(day.getTime() + DAY), 'instance-b')).ran).toBe(true);
  });
});
