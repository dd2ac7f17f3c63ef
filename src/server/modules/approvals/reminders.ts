import 'server-only';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '@/server/db/client';
import { log } from '@/server/log';
import { sendMail } from '@/server/modules/mail/mailer';
import { fillTemplate, mailHtml } from '@/server/modules/mail/templates';
import { serverMessages } from '@/server/messages';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const LEASE = 'approval-reminders';
const INSTANCE = randomUUID();

/**
 * Takes the named lease for `ttlMs` when it is free, expired or already ours: one instance of many
 * sharing a database runs the job. Answers whether this instance holds it.
 */
export async function takeLease(db: Db, name: string, holder: string, ttlMs: number, now = new Date()): Promise<boolean> {
  const until = new Date(now.getTime() + ttlMs);
  const rows = rowsOf<{ holder: string }>(await db.execute(sql`
    insert into job_leases (name, holder, until) values (${name}, ${holder}, ${until.toISOString()}::timestamptz)
    on conflict (name) do update set holder = excluded.holder, until = excluded.until
      where job_leases.until < ${now.toISOString()}::timestamptz or job_leases.holder = excluded.holder
    returning holder`));
  return rows.length === 1;
}

/**
 * The reminder pass: every step pending for more than a day, not reminded in the last day, is mailed
 * to the members it waits for (its named member, or the active holders of its permission in its
 * team, never the applicant) and marked reminded. Answers the number of mails sent. Call it directly
 * in tests; `startApprovalReminders` runs it hourly under a lease.
 */
export async function sendApprovalReminders(db: Db, now = new Date()): Promise<number> {
  const dayAgo = new Date(now.getTime() - DAY_MS).toISOString();
  const due = rowsOf<{ step_id: number; subject: string; applicant: string; activated_at: string | Date; email: string; name: string }>(await db.execute(sql`
    select s.id as step_id, r.subject, a.name as applicant, s.activated_at, m.email, m.name
    from staff_approval_steps s
    join staff_approval_requests r on r.id = s.request_id and r.status = 'pending'
    join staff a on a.id = r.applicant_id
    join staff m on m.active and m.id <> r.applicant_id and m.email <> '' and (
      m.id = s.approver_id
      or (s.approver_kind = 'permission' and (s.team_id is null or m.team_id = s.team_id) and exists (
        select 1 from staff_role_assignments ra join staff_role_permissions rp on rp.role_id = ra.role_id
        where ra.staff_id = m.id and rp.permission = s.permission)))
    where s.status = 'pending' and s.activated_at < ${dayAgo}::timestamptz and (s.reminded_at is null or s.reminded_at < ${dayAgo}::timestamptz)
    order by s.id, m.id`));
  // Staff keep no language of their own: the reminder is written in Chinese, then in English.
  const zh = serverMessages('zh').approvalMail;
  const en = serverMessages('en').approvalMail;
  let sent = 0;
  const steps = new Set<number>();
  for (const row of due) {
    const days = Math.floor((now.getTime() - new Date(row.activated_at).getTime()) / DAY_MS);
    const values = { name: row.name, subject: row.subject, applicant: row.applicant, days: String(days) };
    try {
      const body = `${fillTemplate(zh.reminderBody, values)}\n\n————————\n\n${fillTemplate(en.reminderBody, values)}`;
      const subject = `${fillTemplate(zh.reminderSubject, values)} | ${fillTemplate(en.reminderSubject, values)}`;
      await sendMail({ to: row.email, subject, text: body, html: mailHtml(body) });
      sent += 1;
    } catch (error) {
      log('warn', 'approvals.reminder_failed', { stepId: row.step_id, error: error instanceof Error ? error.message : String(error) });
    }
    steps.add(Number(row.step_id));
  }
  if (steps.size) {
    await db.execute(sql`update staff_approval_steps set reminded_at = ${now.toISOString()}::timestamptz
      where id in (${sql.join([...steps].map((id) => sql`${id}`), sql`, `)})`);
  }
  return sent;
}

const globalJobs = globalThis as unknown as { __approvalReminders?: NodeJS.Timeout };

/** Runs the reminder pass every hour in this process, when this instance holds the lease. */
export function startApprovalReminders(getDb: () => Promise<Db>): void {
  if (globalJobs.__approvalReminders || process.env.APPROVAL_REMINDERS === 'off') return;
  const tick = async () => {
    try {
      const db = await getDb();
      if (await takeLease(db, LEASE, INSTANCE, HOUR_MS - 60_000)) await sendApprovalReminders(db);
    } catch (error) {
      log('warn', 'approvals.reminder_pass_failed', { error: error instanceof Error ? error.message : String(error) });
    }
  };
  globalJobs.__approvalReminders = setInterval(() => void tick(), HOUR_MS);
  globalJobs.__approvalReminders.unref();
}
