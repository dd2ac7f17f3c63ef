import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { AgreementDetailDto, AgreementListInput, AgreementRowDto, AgreementStateName } from '@/contracts/price-agreements';
import type { Lang } from '@/lib/lang';
import type { ScopedStaff } from '@/server/auth/staff-scope';
import { businessNowSql } from '@/server/business-time';
import { rowsOf, type Db } from '@/server/db/client';
import { keysetList, stampOf, type KeysetList } from '@/server/db/keyset';
import { escapeLike } from '@/server/db/like';
import { companies } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { customerVisibleTo } from '@/server/modules/customers/access';
import { loadRules } from './rules';
import { stateEvents } from '@/server/modules/audit/state-events';

export interface AgreementRow {
  id: number; agreement_no: string; company_id: number; company_name: string; name: string; valid_from: string | Date; valid_to: string | Date;
  state: AgreementStateName; below_floor: boolean; owner_id: number | null; owner_name: string | null; rule_count: number; note: string; stamp: string;
}

const SELECT = sql`select a.id, a.agreement_no, a.company_id, c.name as company_name, a.name, a.valid_from, a.valid_to, a.state, a.below_floor,
  a.owner_id, s.name as owner_name, (select count(*)::int from price_agreement_rules r where r.agreement_id = a.id) as rule_count, a.note,
  ${stampOf(sql`a.created_at`)} as stamp
  from price_agreements a join companies c on c.id = a.company_id left join staff s on s.id = a.owner_id`;

/**
 * Staff see the agreements of the customers they see (the CRM's rule, `customerVisibleTo`: their own
 * customers, their team's, the managed teams', every one with CRM.VIEW_ALL) — in the query.
 */
export const staffSeesAgreement = (actor: ScopedStaff): SQL => sql`a.company_id in (select ${companies.id} from ${companies} where ${customerVisibleTo(actor)})`;

const day = (v: string | Date) => (typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10));

export function toAgreementRow(r: AgreementRow): AgreementRowDto {
  return {
    id: Number(r.id), agreementNo: r.agreement_no, companyId: Number(r.company_id), companyName: r.company_name, name: r.name,
    validFrom: day(r.valid_from), validTo: day(r.valid_to), state: r.state, belowFloor: r.below_floor,
    ownerId: r.owner_id === null ? null : Number(r.owner_id), ownerName: r.owner_name, ruleCount: Number(r.rule_count), createdAt: r.stamp,
  };
}

function listFilters(scope: SQL, input: Omit<AgreementListInput, 'cursor' | 'limit' | 'sort'>): SQL[] {
  const filters = [scope];
  if (input.state) filters.push(sql`a.state = ${input.state}`);
  if (input.companyId) filters.push(sql`a.company_id = ${input.companyId}`);
  if (input.expiringDays !== undefined) {
    const today = sql`(${businessNowSql()})::date`;
    filters.push(sql`a.state = 'active' and a.valid_to >= ${today} and a.valid_to <= ${today} + ${input.expiringDays}::int`);
  }
  if (input.key) {
    const like = `%${escapeLike(input.key)}%`;
    filters.push(sql`(a.agreement_no ilike ${like} or c.name ilike ${like} or a.name ilike ${like})`);
  }
  return filters;
}

/** The last day as a number (`20261231.00`), the keyset's "amount" sort: by the end of validity, then the id. */
const VALID_TO_KEY = sql`(to_char(a.valid_to, 'YYYYMMDD')::numeric)`;

/** One keyset page of the agreements the member sees: by creation time, or by the last day of validity. */
export function listAgreements(db: Db, actor: ScopedStaff, input: AgreementListInput): Promise<KeysetList<AgreementRowDto>> {
  return keysetList(db, input, {
    select: SELECT, from: sql`from price_agreements a join companies c on c.id = a.company_id`, filters: listFilters(staffSeesAgreement(actor), input),
    id: sql`a.id`, createdAt: sql`a.created_at`,
    amount: { sort: 'validTo', column: VALID_TO_KEY, of: (row) => `${row.validTo.replaceAll('-', '')}.00` }, toItem: toAgreementRow,
  });
}

/** One agreement the member sees, optionally locked for a change; 404 when it is not there or not visible. */
export async function loadAgreement(db: Db, actor: ScopedStaff, id: number, lock = false): Promise<AgreementRow> {
  if (lock) await db.execute(sql`select id from price_agreements where id = ${id} for update`);
  const [row] = rowsOf<AgreementRow>(await db.execute(sql`${SELECT} where a.id = ${id} and ${staffSeesAgreement(actor)}`));
  if (!row) throw new AppError(404, 'agreementNotFound');
  return row;
}

function loadEvents(db: Db, id: number): Promise<AgreementDetailDto['events']> {
  return stateEvents(db, 'price_agreement', id);
}

/** The whole record: the agreement, its rules, its latest approval request and its history. */
export async function agreementDetail(db: Db, actor: ScopedStaff, id: number, lang: Lang): Promise<AgreementDetailDto> {
  const row = await loadAgreement(db, actor, id);
  const [rules, events, approval] = await Promise.all([
    loadRules(db, id, lang), loadEvents(db, id),
    db.execute(sql`select id, status from staff_approval_requests where entity_type = 'price_agreement' and entity_id = ${id} order by id desc limit 1`),
  ]);
  const [request] = rowsOf<{ id: number; status: string }>(approval);
  return { ...toAgreementRow(row), note: row.note, rules, events, approvalRequestId: request ? Number(request.id) : null, approvalStatus: request?.status ?? null };
}
