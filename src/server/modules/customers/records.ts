import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { TIMELINE_SOURCES, type ActivityInput, type ContactInput, type TimelineEventDto, type TimelineSource } from '@/contracts/customers';
import { rowsOf, type Db } from '@/server/db/client';
import { companies, crmActivities, crmContacts } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit } from '@/server/modules/audit/record';
import { acceptUpload, recordUpload, safeFileName, UPLOAD_MAX_BYTES } from '@/server/modules/files/upload';
import type { ScopedStaff } from '@/server/auth/staff-scope';
import { visibleCustomer, type CrmActor } from './access';

const contactFields = (c: { name: string; phone: string; email: string; position: string }) => ({ name: c.name, phone: c.phone, email: c.email, position: c.position });

/** Adds a contact to a customer the member sees; audited on the customer's timeline. */
export async function addContact(db: Db, actor: CrmActor, input: ContactInput): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    await visibleCustomer(tx, actor, input.id, true);
    const [row] = await tx.insert(crmContacts).values({ companyId: input.id, ...contactFields(input) }).returning({ id: crmContacts.id });
    if (!row) throw new Error('Contact was not inserted');
    await recordAudit(tx, actor.audit, { action: 'create', entity: 'customerContact', entityId: row.id, companyId: input.id, after: contactFields(input) });
    return { id: row.id };
  });
}

/** Changes a contact of a customer the member sees. */
export async function updateContact(db: Db, actor: CrmActor, input: ContactInput & { contactId: number }): Promise<void> {
  await db.transaction(async (tx) => {
    await visibleCustomer(tx, actor, input.id, true);
    const [before] = await tx.select().from(crmContacts).where(and(eq(crmContacts.id, input.contactId), eq(crmContacts.companyId, input.id))).for('update');
    if (!before) throw new AppError(404, 'crmContactNotFound');
    await tx.update(crmContacts).set(contactFields(input)).where(eq(crmContacts.id, before.id));
    await recordAudit(tx, actor.audit, { action: 'update', entity: 'customerContact', entityId: before.id, companyId: input.id, before: contactFields(before), after: contactFields(input) });
  });
}

/** Removes a contact of a customer the member sees. */
export async function deleteContact(db: Db, actor: CrmActor, input: { id: number; contactId: number }): Promise<void> {
  await db.transaction(async (tx) => {
    await visibleCustomer(tx, actor, input.id, true);
    const [before] = await tx.delete(crmContacts).where(and(eq(crmContacts.id, input.contactId), eq(crmContacts.companyId, input.id))).returning();
    if (!before) throw new AppError(404, 'crmContactNotFound');
    await recordAudit(tx, actor.audit, { action: 'delete', entity: 'customerContact', entityId: before.id, companyId: input.id, before: contactFields(before) });
  });
}

/** Logs a call, visit or note on a customer the member sees (not in the future). */
export async function addActivity(db: Db, actor: CrmActor, input: ActivityInput): Promise<{ id: number }> {
  const now = new Date();
  const happenedAt = input.happenedAt ? new Date(input.happenedAt) : now;
  if (happenedAt.getTime() > now.getTime() + 60_000 || happenedAt.getUTCFullYear() < 2000) {
    throw new AppError(400, 'validation', [{ field: 'happenedAt', message: 'crmActivityWhenInvalid' }]);
  }
  return db.transaction(async (tx) => {
    await visibleCustomer(tx, actor, input.id);
    const [row] = await tx.insert(crmActivities).values({
      companyId: input.id, kind: input.kind, happenedAt, body: input.body, staffId: actor.staffId, staffName: actor.name,
    }).returning({ id: crmActivities.id });
    if (!row) throw new Error('Activity was not inserted');
    return { id: row.id };
  });
}

/**
 * The audit entities that belong on a customer's timeline (audit rows naming the company). Records
 * added later (quotations, contracts, cases, complaints) join by writing audit rows with the company
 * and adding their entity here.
 */
export const TIMELINE_ENTITIES = ['customer', 'customerContact', 'customerLicence'] as const;

function encodeTimelineCursor(stamp: string, source: string, id: number): string {
  return Buffer.from(JSON.stringify([stamp, source, id])).toString('base64url');
}

const SOURCES = new Set<unknown>(TIMELINE_SOURCES);

function decodeTimelineCursor(cursor: string): [string, string, number] {
  try {
    const v: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(v) && v.length === 3 && typeof v[0] === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/.test(v[0])
      && SOURCES.has(v[1]) && Number.isInteger(v[2]) && (v[2] as number) > 0 && (v[2] as number) <= 2_147_483_647) {
      return [v[0], v[1], v[2] as number];
    }
  } catch { /* refused below */ }
  throw new AppError(400, 'badRequest', [{ field: 'cursor', message: 'requestCursorInvalid' }]);
}

interface TimelineRow {
  source: TimelineSource; id: number; stamp: string; kind: string; entity: string | null; body: string; actor_name: string;
  data: { changes?: TimelineEventDto['changes'] } | null; number: string | null; amount: string | null;
}

/**
 * A customer's activities, audited changes, and its own orders, quotations and complaints (each by its stored
 * number, when it was made), newest first, one keyset page (time, source, id) of one union query. The customer
 * is one the member sees (`visibleCustomer`), and every branch reads that company's rows only.
 */
export async function customerTimeline(db: Db, actor: ScopedStaff, input: { id: number; cursor?: string; limit: number }): Promise<{ items: TimelineEventDto[]; nextCursor: string | null }> {
  await visibleCustomer(db, actor, input.id);
  const entities = sql.join(TIMELINE_ENTITIES.map((e) => sql`${e}`), sql`, `);
  const after = input.cursor ? (() => {
    const [stamp, source, id] = decodeTimelineCursor(input.cursor);
    return sql`where (e.at, e.source, e.id) < (${stamp}::timestamptz, ${source}::text, ${id}::int)`;
  })() : sql``;
  const rows = rowsOf<TimelineRow>(await db.execute(sql`
    select e.source, e.id, to_char(e.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as stamp, e.kind, e.entity, e.body, e.actor_name, e.data,
      e.number, e.amount
    from (
      select 'activity'::text as source, a.id, a.happened_at as at, a.kind, null::text as entity, a.body, a.staff_name as actor_name, null::jsonb as data,
        null::text as number, null::text as amount
      from crm_activities a where a.company_id = ${input.id}
      union all
      select 'audit'::text, l.id, l.created_at, l.action, l.entity, ''::text, l.actor_name, l.data, null::text, null::text
      from audit_log l where l.company_id = ${input.id} and l.entity in (${entities})
      union all
      select 'order'::text, o.id, o.created_at, o.status, 'order'::text, ''::text, coalesce(u.name, ''), null::jsonb, o.order_no, o.total::text
      from orders o left join users u on u.id = o.user_id where o.company_id = ${input.id}
      union all
      select 'quotation'::text, q.id, q.created_at, q.state, 'quotation'::text, ''::text, coalesce(st.name, ''), null::jsonb, q.quote_no,
        (q.total_cents / 100.0)::numeric(16, 2)::text
      from quotations q left join staff st on st.id = q.owner_id where q.company_id = ${input.id}
      union all
      select 'complaint'::text, k.id, k.created_at, k.status, 'complaint'::text, ''::text, k.filed_by_name, null::jsonb, k.complaint_no,
        (k.applied_refund_cents / 100.0)::numeric(16, 2)::text
      from complaints k where k.company_id = ${input.id}
    ) e
    ${after}
    order by e.at desc, e.source desc, e.id desc
    limit ${input.limit + 1}`));
  const more = rows.length > input.limit;
  const page = rows.slice(0, input.limit);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => ({
      source: r.source, id: Number(r.id), at: r.stamp, kind: r.kind, entity: r.entity, body: r.body, actorName: r.actor_name,
      changes: r.source === 'audit' ? (r.data?.changes ?? {}) : null, number: r.number, amount: r.amount,
    })),
    nextCursor: more && last ? encodeTimelineCursor(last.stamp, last.source, Number(last.id)) : null,
  };
}

/**
 * Stores the business licence staff upload for a customer they see (PNG, JPEG, WebP or PDF, decided
 * by the bytes; images re-encoded) through the files module, in place of the one before; audited.
 */
export async function storeLicenceFile(db: Db, actor: CrmActor, id: number, file: { name: string; bytes: Uint8Array }): Promise<{ fileName: string }> {
  await visibleCustomer(db, actor, id);
  const upload = await acceptUpload(file.bytes, {
    accept: 'document', maxBytes: UPLOAD_MAX_BYTES, tooLarge: 'tooLarge', place: (name) => `crm/${id}/licence/${name}`,
  });
  const fileName = safeFileName(file.name, upload.type);
  await recordUpload(upload, () => db.transaction(async (tx) => {
    const before = await visibleCustomer(tx, actor, id, true);
    await tx.update(companies).set({ licenceKey: upload.key, licenceFileName: fileName, licenceMime: upload.contentType, updatedAt: new Date() }).where(eq(companies.id, id));
    await recordAudit(tx, actor.audit, { action: 'update', entity: 'customerLicence', entityId: id, companyId: id, before: { fileName: before.licenceFileName }, after: { fileName } });
  }));
  return { fileName };
}

/** The licence file of a customer the member sees, or null. */
export async function licenceFileOf(db: Db, actor: ScopedStaff, id: number): Promise<{ key: string; fileName: string; mime: string } | null> {
  const row = await visibleCustomer(db, actor, id);
  return row.licenceKey && row.licenceFileName && row.licenceMime ? { key: row.licenceKey, fileName: row.licenceFileName, mime: row.licenceMime } : null;
}
