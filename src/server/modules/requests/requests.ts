import 'server-only';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import {
  REQUEST_TRANSITIONS, isMailable, type RequestDetailDto, type RequestKind, type RequestListInput, type RequestRowDto, type RequestStatus,
} from '@/contracts/requests';
import type { Lang } from '@/lib/lang';
import { rowsOf, type Db } from '@/server/db/client';
import { escapeLike } from '@/server/db/like';
import { catalogFeedback, contactEnquiries, requestReplies } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { log } from '@/server/log';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';
import { sendMail } from '@/server/modules/mail/mailer';
import { fillTemplate, mailHtml } from '@/server/modules/mail/templates';
import { serverMessages } from '@/server/messages';
import { requestStatusOf, transitionRequest } from './status';

interface UnionRow {
  kind: RequestKind;
  id: number;
  status: string;
  subject: string;
  message: string;
  name: string;
  company: string;
  contact: string;
  stamp: string;
}

/** Both kinds as one relation; `stamp` is the creation time to the microsecond, for the keyset cursor. */
const UNION = sql`(
  select 'search'::text as kind, f.id, f.status, f.search_key as subject, coalesce(f.note, '') as message, ''::text as name, ''::text as company,
    coalesce(f.contact, '') as contact, f.created_at, to_char(f.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as stamp
  from catalog_feedback f
  union all
  select 'enquiry'::text, e.id, e.status, coalesce(e.item_no, ''), e.message, e.name, e.company,
    coalesce(e.email, e.phone, ''), e.created_at, to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
  from contact_enquiries e
) r`;

function encodeCursor(row: UnionRow): string {
  return Buffer.from(JSON.stringify([row.stamp, row.kind, row.id])).toString('base64url');
}

function decodeCursor(cursor: string): [string, RequestKind, number] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 3) {
      const [stamp, kind, id] = value as unknown[];
      if (typeof stamp === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/.test(stamp) && (kind === 'search' || kind === 'enquiry')
        && typeof id === 'number' && Number.isInteger(id) && id > 0 && id <= 2_147_483_647) return [stamp, kind, id];
    }
  } catch { /* refused below */ }
  throw new AppError(400, 'badRequest', [{ field: 'cursor', message: 'requestCursorInvalid' }]);
}

function toRow(r: UnionRow): RequestRowDto {
  return {
    kind: r.kind, id: Number(r.id), status: requestStatusOf(r.status), subject: r.subject, message: r.message, name: r.name, company: r.company,
    contact: r.contact, mailable: isMailable(r.contact), createdAt: r.stamp,
  };
}

/**
 * Both kinds of request in one list: kind and status filters, a search over key or item number,
 * contact, name, company and message, newest or oldest first, one keyset page (creation time, kind, id).
 */
export async function listRequests(db: Db, params: RequestListInput): Promise<{ total: number; items: RequestRowDto[]; nextCursor: string | null }> {
  const filters: SQL[] = [];
  if (params.kind) filters.push(sql`r.kind = ${params.kind}`);
  if (params.status) filters.push(sql`r.status = ${params.status}`);
  if (params.key) {
    const like = `%${escapeLike(params.key)}%`;
    filters.push(sql`(r.subject ilike ${like} or r.contact ilike ${like} or r.name ilike ${like} or r.company ilike ${like} or r.message ilike ${like})`);
  }
  const desc = params.sort === '-createdAt';
  const page = [...filters];
  if (params.cursor) {
    const [stamp, kind, id] = decodeCursor(params.cursor);
    page.push(desc
      ? sql`(r.created_at, r.kind, r.id) < (${stamp}::timestamptz, ${kind}::text, ${id}::int)`
      : sql`(r.created_at, r.kind, r.id) > (${stamp}::timestamptz, ${kind}::text, ${id}::int)`);
  }
  const where = (list: SQL[]) => (list.length ? sql`where ${sql.join(list, sql` and `)}` : sql``);
  const order = desc ? sql`order by r.created_at desc, r.kind desc, r.id desc` : sql`order by r.created_at asc, r.kind asc, r.id asc`;
  const [countResult, pageResult] = await Promise.all([
    db.execute(sql`select count(*)::int as n from ${UNION} ${where(filters)}`),
    db.execute(sql`select r.kind, r.id, r.status, r.subject, r.message, r.name, r.company, r.contact, r.stamp from ${UNION} ${where(page)} ${order} limit ${params.limit + 1}`),
  ]);
  const rows = rowsOf<UnionRow>(pageResult);
  const more = rows.length > params.limit;
  const items = rows.slice(0, params.limit);
  return {
    total: Number(rowsOf<{ n: number }>(countResult)[0]?.n ?? 0),
    items: items.map(toRow),
    nextCursor: more && items.length ? encodeCursor(items[items.length - 1]!) : null,
  };
}

interface Loaded {
  status: RequestStatus;
  detail: Omit<RequestDetailDto, 'replies' | 'transitions'>;
  /** Where a reply is mailed; null when the request left no e-mail address. */
  mailTo: string | null;
  lang: Lang;
  subjectText: string;
}

async function loadRequest(db: Db, kind: RequestKind, id: number, lock: boolean): Promise<Loaded> {
  const iso = (d: Date) => d.toISOString();
  if (kind === 'search') {
    const q = db.select().from(catalogFeedback).where(eq(catalogFeedback.id, id));
    const [f] = lock ? await q.for('update') : await q;
    if (!f) throw new AppError(404, 'requestNotFound');
    const contact = f.contact ?? '';
    const mailable = isMailable(contact);
    return {
      status: requestStatusOf(f.status),
      mailTo: mailable ? contact.trim() : null,
      lang: f.lang === 'en' ? 'en' : 'zh',
      subjectText: f.searchKey,
      detail: {
        kind, id: f.id, status: requestStatusOf(f.status), subject: f.searchKey, message: f.note ?? '', name: '', company: '', contact, mailable,
        createdAt: iso(f.createdAt), updatedAt: iso(f.updatedAt), searchType: f.searchType, email: mailable ? contact.trim() : null,
        phone: !mailable && contact ? contact : null, itemNo: null, productId: null, lang: f.lang,
      },
    };
  }
  const q = db.select().from(contactEnquiries).where(eq(contactEnquiries.id, id));
  const [e] = lock ? await q.for('update') : await q;
  if (!e) throw new AppError(404, 'requestNotFound');
  const contact = e.email ?? e.phone ?? '';
  return {
    status: requestStatusOf(e.status),
    mailTo: e.email,
    lang: e.lang === 'en' ? 'en' : 'zh',
    subjectText: e.itemNo ?? '',
    detail: {
      kind, id: e.id, status: requestStatusOf(e.status), subject: e.itemNo ?? '', message: e.message, name: e.name, company: e.company, contact,
      mailable: e.email !== null, createdAt: iso(e.createdAt), updatedAt: iso(e.updatedAt), searchType: null, email: e.email, phone: e.phone,
      itemNo: e.itemNo, productId: e.productId, lang: e.lang,
    },
  };
}

const replyKey = (kind: RequestKind, id: number) => (kind === 'search' ? eq(requestReplies.feedbackId, id) : eq(requestReplies.enquiryId, id));

/** One request with its replies and the statuses it may move to. */
export async function getRequest(db: Db, params: { kind: RequestKind; id: number }): Promise<RequestDetailDto> {
  const loaded = await loadRequest(db, params.kind, params.id, false);
  const replies = await db.select().from(requestReplies).where(replyKey(params.kind, params.id)).orderBy(asc(requestReplies.createdAt), asc(requestReplies.id));
  return {
    ...loaded.detail,
    replies: replies.map((r) => ({ id: r.id, body: r.body, mailedTo: r.mailedTo, staffName: r.staffName, createdAt: r.createdAt.toISOString() })),
    transitions: [...REQUEST_TRANSITIONS[loaded.status]].filter((s) => s !== loaded.status),
  };
}

async function writeStatus(tx: Db, kind: RequestKind, id: number, status: RequestStatus): Promise<void> {
  const set = { status, updatedAt: new Date() };
  if (kind === 'search') await tx.update(catalogFeedback).set(set).where(eq(catalogFeedback.id, id));
  else await tx.update(contactEnquiries).set(set).where(eq(contactEnquiries.id, id));
}

const auditEntity = (kind: RequestKind) => (kind === 'search' ? 'searchFeedback' : 'enquiry');

/** Moves a request to another status through the transition function; audited in the same transaction. */
export async function setRequestStatus(db: Db, params: { actor: AuditActor; kind: RequestKind; id: number; status: RequestStatus }): Promise<RequestDetailDto> {
  await db.transaction(async (tx) => {
    const loaded = await loadRequest(tx, params.kind, params.id, true);
    if (loaded.status === params.status) return;
    const next = transitionRequest(loaded.status, params.status);
    await writeStatus(tx, params.kind, params.id, next);
    await recordAudit(tx, params.actor, { action: 'status', entity: auditEntity(params.kind), entityId: params.id, before: { status: loaded.status }, after: { status: next } });
  });
  return getRequest(db, params);
}

/**
 * Records a staff reply and marks the request answered (through the transition function; a closed
 * request is refused with 409), audited in the same transaction. After the commit the reply is mailed
 * to the request's e-mail address, in the request's language; a request that left a phone number only
 * keeps the reply unmailed (`mailedTo` null) for staff to call. A failed mail is logged and the reply
 * is marked unmailed.
 */
export async function replyToRequest(
  db: Db,
  params: { actor: AuditActor; kind: RequestKind; id: number; body: string },
): Promise<{ mailedTo: string | null; request: RequestDetailDto }> {
  const { loaded, replyId } = await db.transaction(async (tx) => {
    const loaded = await loadRequest(tx, params.kind, params.id, true);
    const next = transitionRequest(loaded.status, 'answered');
    const [reply] = await tx.insert(requestReplies).values({
      feedbackId: params.kind === 'search' ? params.id : null,
      enquiryId: params.kind === 'enquiry' ? params.id : null,
      body: params.body,
      mailedTo: loaded.mailTo,
      staffId: params.actor.type === 'staff' ? params.actor.id : null,
      staffName: params.actor.name,
    }).returning({ id: requestReplies.id });
    if (!reply) throw new AppError(500);
    await writeStatus(tx, params.kind, params.id, next);
    await recordAudit(tx, params.actor, {
      action: 'reply', entity: auditEntity(params.kind), entityId: params.id,
      before: { status: loaded.status }, after: { status: next }, note: { replyId: reply.id, mailedTo: loaded.mailTo },
    });
    return { loaded, replyId: reply.id };
  });
  let mailedTo = loaded.mailTo;
  if (mailedTo) {
    try {
      const t = serverMessages(loaded.lang).requestMail;
      const values = { name: loaded.detail.name || t.customer, reply: params.body, message: loaded.detail.message || '—', subject: loaded.subjectText || '—' };
      const body = fillTemplate(params.kind === 'search' ? t.replySearchBody : t.replyEnquiryBody, values);
      await sendMail({ to: mailedTo, subject: fillTemplate(t.replySubject, values), text: body, html: mailHtml(body) });
    } catch (error) {
      log('warn', 'requests.reply_mail_failed', { kind: params.kind, id: params.id, error: error instanceof Error ? error.message : String(error) });
      await db.update(requestReplies).set({ mailedTo: null }).where(eq(requestReplies.id, replyId));
      mailedTo = null;
    }
  }
  return { mailedTo, request: await getRequest(db, params) };
}
