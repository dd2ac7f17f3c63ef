import 'server-only';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Lang } from '@/lib/lang';
import { siteUrl } from '@/lib/seo';
import { businessDay, businessDayStart } from '@/server/business-time';
import { rowsOf, type Db } from '@/server/db/client';
import type { InventoryAlertKind, InventoryAlertThreshold } from '@/server/db/schema';
import { log } from '@/server/log';
import { takeLease } from '@/server/modules/approvals/reminders';
import { sendMail } from '@/server/modules/mail/mailer';
import { fillTemplate, mailHtml } from '@/server/modules/mail/templates';
import { serverMessages } from '@/server/messages';
import { minimumFigures, type MinimumFigure } from './minimums';
import { containerRecipients, languagesOf, minimumRecipients, peopleByIds, shelfKeepers, type Person } from './recipients';

/** How far ahead the pass looks for expiry and retest dates. */
export const ALERT_DAYS = 30;
const LEASE = 'inventory-alerts';
const HOUR_MS = 60 * 60 * 1000;

/** A container due for an alert: its expiry or retest date within 30 days or passed, not yet mailed at that threshold. */
export interface DueContainer {
  id: number; companyId: number; code: string; nameZh: string; nameEn: string; ownerId: number | null; departmentId: number | null;
  kind: InventoryAlertKind; threshold: InventoryAlertThreshold; due: string;
}

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** In-use containers whose expiry or retest date is within `ALERT_DAYS` of `day` (or before it), not yet mailed at their threshold. */
export async function dueContainers(db: Db, day: string): Promise<DueContainer[]> {
  const rows = rowsOf<{ id: number; company_id: number; code: string; name_zh: string; name_en: string; owner_id: number | null; department_id: number | null; kind: InventoryAlertKind; threshold: InventoryAlertThreshold; due: string }>(await db.execute(sql`
    select c.id, c.company_id, c.code, c.name_zh, c.name_en, c.owner_id, c.department_id, k.kind, k.threshold, k.due::text as due
    from inventory_containers c
    cross join lateral (
      select x.kind, x.due, case when x.due < ${day}::date then 'past' else 'soon' end as threshold
      from (values ('expiry', c.expires_on), ('retest', c.retest_on)) as x(kind, due)) k
    where c.state = 'in_use' and k.due is not null and k.due <= ${addDays(day, ALERT_DAYS)}::date
      and not exists (select 1 from inventory_alerts_sent s where s.container_id = c.id and s.kind = k.kind and s.threshold = k.threshold)
    order by c.company_id, k.due, c.id, k.kind`));
  return rows.map((r) => ({
    id: Number(r.id), companyId: Number(r.company_id), code: r.code, nameZh: r.name_zh, nameEn: r.name_en,
    ownerId: r.owner_id === null ? null : Number(r.owner_id), departmentId: r.department_id === null ? null : Number(r.department_id), kind: r.kind, threshold: r.threshold, due: String(r.due).slice(0, 10),
  }));
}

/** One person's mail of the day: their containers and the substances below minimum, grouped. */
export interface AlertDigest { person: Person; containers: DueContainer[]; minimums: MinimumFigure[] }

/** The mail of one digest in the reader's language, each line linking to the container's page (where it is reordered). */
export function alertMail(digest: AlertDigest, lang: Lang): { to: string; subject: string; text: string } {
  const t = serverMessages(lang).inventoryMail;
  const base = `${siteUrl()}${lang === 'en' ? '/en' : ''}/account/inventory`;
  const parts = [fillTemplate(t.greeting, { name: digest.person.name })];
  if (digest.containers.length > 0) {
    parts.push(t.containersLead);
    parts.push(digest.containers.map((c) => fillTemplate(t.containerLine, {
      code: c.code, name: lang === 'en' ? c.nameEn : c.nameZh, state: fillTemplate(t.states[c.kind][c.threshold], { date: c.due }), link: `${base}/${c.id}`,
    })).join('\n'));
  }
  if (digest.minimums.length > 0) {
    parts.push(t.minimumsLead);
    parts.push(digest.minimums.map((m) => fillTemplate(t.minimumLine, {
      name: lang === 'en' ? m.nameEn : m.nameZh, current: m.current ?? '0', amount: m.amount, unit: m.unit,
    })).join('\n'));
    parts.push(fillTemplate(t.minimumsLink, { link: `${base}/minimums` }));
  }
  parts.push(t.signature);
  const count = String(digest.containers.length + digest.minimums.length);
  return { to: digest.person.email, subject: fillTemplate(t.subject, { count }), text: parts.join('\n\n') };
}

/**
 * The alert pass (ADR 0091): containers expiring or due for retest within 30 days, or past it, and substances
 * below their minimum, mailed once per person as one digest in their language. A container is mailed once per
 * kind and threshold (`inventory_alerts_sent`); a shortfall once until the stock is back up (`alerted_at`).
 * Answers the number of mails sent. `runInventoryAlerts` runs it once a business day under a lease.
 */
export async function sendInventoryAlerts(db: Db, now = new Date()): Promise<number> {
  const day = businessDay(now);
  const containers = await dueContainers(db, day);
  const minimumCompanies = rowsOf<{ company_id: number }>(await db.execute(sql`select distinct company_id from inventory_minimums`)).map((r) => Number(r.company_id));
  const figures = new Map<number, MinimumFigure[]>();
  for (const companyId of minimumCompanies) figures.set(companyId, await minimumFigures(db, companyId));
  const shortfalls = [...figures.entries()].flatMap(([companyId, list]) => list.filter((m) => m.below && m.alertedAt === null).map((m) => ({ companyId, m })));
  const recovered = [...figures.values()].flat().filter((m) => !m.below && m.alertedAt !== null).map((m) => m.id);
  if (recovered.length > 0) await db.execute(sql`update inventory_minimums set alerted_at = null where id in (${sql.join(recovered.map((id) => sql`${id}`), sql`, `)})`);
  if (containers.length === 0 && shortfalls.length === 0) return 0;

  const companies = [...new Set([...containers.map((c) => c.companyId), ...shortfalls.map((s) => s.companyId)])];
  const [{ keepers, admins }, owners] = await Promise.all([
    shelfKeepers(db, companies),
    peopleByIds(db, [...new Set(containers.flatMap((c) => (c.ownerId === null ? [] : [c.ownerId])))]),
  ]);
  const digests = new Map<number, AlertDigest>();
  const digestOf = (p: Person) => digests.get(p.id) ?? digests.set(p.id, { person: p, containers: [], minimums: [] }).get(p.id)!;
  for (const c of containers) for (const p of containerRecipients(c, owners, keepers, admins)) digestOf(p).containers.push(c);
  for (const s of shortfalls) for (const p of minimumRecipients(s.companyId, keepers, admins)) digestOf(p).minimums.push(s.m);
  const langs = await languagesOf(db, [...digests.keys()]);

  let sent = 0;
  for (const digest of digests.values()) {
    try {
      const mail = alertMail(digest, langs.get(digest.person.id) ?? 'zh');
      await sendMail({ ...mail, html: mailHtml(mail.text) });
      sent += 1;
    } catch (error) {
      log('warn', 'inventory.alert_failed', { userId: digest.person.id, error: error instanceof Error ? error.message : String(error) });
    }
  }
  await db.transaction(async (tx) => {
    if (containers.length > 0) {
      await tx.execute(sql`insert into inventory_alerts_sent (company_id, container_id, kind, threshold, day) values
        ${sql.join(containers.map((c) => sql`(${c.companyId}, ${c.id}, ${c.kind}, ${c.threshold}, ${day}::date)`), sql`, `)}
        on conflict (container_id, kind, threshold) do nothing`);
    }
    if (shortfalls.length > 0) {
      await tx.execute(sql`update inventory_minimums set alerted_at = ${now.toISOString()}::timestamptz
        where id in (${sql.join(shortfalls.map((s) => sql`${s.m.id}`), sql`, `)})`);
    }
  });
  return sent;
}

/**
 * Runs the pass when this caller takes the day's lease: the lease lasts until the next business day starts,
 * and each call names a holder of its own, so that one pass a day runs, whichever instance ticks first.
 * Answers whether this call ran it, and the mails it sent.
 */
export async function runInventoryAlerts(db: Db, now = new Date(), holder: string = randomUUID()): Promise<{ ran: boolean; mails: number }> {
  const tomorrow = businessDayStart(addDays(businessDay(now), 1));
  if (!(await takeLease(db, LEASE, holder, Math.max(60_000, tomorrow.getTime() - now.getTime()), now))) return { ran: false, mails: 0 };
  return { ran: true, mails: await sendInventoryAlerts(db, now) };
}

const globalJobs = globalThis as unknown as { __inventoryAlerts?: NodeJS.Timeout };

/**
 * Ticks when the process starts and then every hour; the day's first tick of any instance runs the pass, so a
 * server started in the morning mails that day's alerts at once, not an hour later (INVENTORY_ALERTS=off: never).
 */
export function startInventoryAlerts(getDb: () => Promise<Db>): void {
  if (globalJobs.__inventoryAlerts || process.env.INVENTORY_ALERTS === 'off') return;
  const tick = async () => {
    try {
      await runInventoryAlerts(await getDb());
    } catch (error) {
      log('warn', 'inventory.alert_pass_failed', { error: error instanceof Error ? error.message : String(error) });
    }
  };
  globalJobs.__inventoryAlerts = setInterval(() => void tick(), HOUR_MS);
  globalJobs.__inventoryAlerts.unref();
  void tick();
}
