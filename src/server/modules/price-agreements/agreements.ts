import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { AgreementCreateInput, AgreementDetailDto, AgreementUpdateInput } from '@/contracts/price-agreements';
import type { Lang } from '@/lib/lang';
import type { ScopedStaff } from '@/server/auth/staff-scope';
import { numberDaySql } from '@/server/business-time';
import { rowsOf, type Db } from '@/server/db/client';
import { priceAgreements } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { approverOf, openApproval, withdrawApproval } from '@/server/modules/approvals/engine';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';
import { visibleCustomer } from '@/server/modules/customers/access';
import { agreementDetail, loadAgreement, type AgreementRow } from './queries';
import { checkRules, writeRules, type CheckedRule } from './rules';
import { submitTarget, transitionAgreement, type AgreementFacts } from './status';

export type AgreementActor = ScopedStaff & { audit: AuditActor };

/** The next agreement number: PA, the date in the business time zone and the id. */
async function nextAgreementNo(tx: Db): Promise<{ id: number; agreementNo: string }> {
  const [next] = rowsOf<{ id: number; d: string }>(await tx.execute(sql`select nextval(pg_get_serial_sequence('price_agreements', 'id'))::int as id, ${numberDaySql()} as d`));
  if (!next) throw new AppError(500);
  return { id: Number(next.id), agreementNo: `PA${next.d}${String(next.id).padStart(5, '0')}` };
}

/** The facts the transition table reads, from the agreement's rules against today's catalogue prices. */
async function factsNow(tx: Db, id: number): Promise<AgreementFacts> {
  const { rules } = await rulesAsInput(tx, id);
  const checked = rules.length ? await checkRules(tx, rules) : [];
  return { belowFloor: checked.some((r) => r.belowFloor), hasRules: checked.length > 0 };
}

async function rulesAsInput(tx: Db, id: number) {
  const rows = rowsOf<{ kind: CheckedRule['kind']; scope: CheckedRule['scope']; brand_id: number | null; category_id: number | null; pack_id: number | null; discount_bp: number | null; net_cents: string | number | null; min_qty: number }>(
    await tx.execute(sql`select kind, scope, brand_id, category_id, pack_id, discount_bp, net_cents, min_qty from price_agreement_rules where agreement_id = ${id} order by id`));
  const opt = (v: number | string | null) => (v === null ? undefined : Number(v));
  return {
    rules: rows.map((r) => ({
      kind: r.kind, scope: r.scope, brandId: opt(r.brand_id), categoryId: opt(r.category_id), packId: opt(r.pack_id), discountBp: opt(r.discount_bp),
      netCents: opt(r.net_cents), minQty: r.kind === 'break' ? Number(r.min_qty) : undefined,
    })),
  };
}

const summary = (a: { name: string; validFrom: string; validTo: string; note: string }, rules: readonly CheckedRule[]) => ({
  name: a.name, validFrom: a.validFrom, validTo: a.validTo, note: a.note, rules: rules.length, belowFloor: rules.some((r) => r.belowFloor),
});

/**
 * A new draft for a customer the member sees (404 as a customer read otherwise), with its rules checked
 * against the catalogue; owned by the customer's owner (the caller when it has none). Audited.
 */
export async function createAgreement(db: Db, actor: AgreementActor, input: AgreementCreateInput, lang: Lang): Promise<AgreementDetailDto> {
  const rules = await checkRules(db, input.rules);
  const id = await db.transaction(async (tx) => {
    const company = await visibleCustomer(tx, actor, input.companyId);
    const { id, agreementNo } = await nextAgreementNo(tx);
    const belowFloor = rules.some((r) => r.belowFloor);
    await tx.insert(priceAgreements).values({
      id, agreementNo, companyId: company.id, name: input.name, validFrom: input.validFrom, validTo: input.validTo, note: input.note,
      state: 'draft', belowFloor, ownerId: company.ownerStaffId ?? actor.staffId, createdBy: actor.staffId,
    });
    await writeRules(tx, id, rules);
    await recordAudit(tx, actor.audit, { action: 'create', entity: 'price_agreement', entityId: id, companyId: company.id, after: { agreementNo, state: 'draft', ...summary(input, rules) } });
    return id;
  });
  return agreementDetail(db, actor, id, lang);
}

/** The agreement locked for a change that only a draft takes (409 otherwise). */
async function lockedDraft(tx: Db, actor: AgreementActor, id: number): Promise<AgreementRow> {
  const row = await loadAgreement(tx, actor, id, true);
  if (row.state !== 'draft') throw new AppError(409, 'agreementNotDraft');
  return row;
}

const dayText = (v: string | Date) => (typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10));

/** A draft's name, period, note and rules (replaced as a whole, in one transaction). Audited. */
export async function updateAgreement(db: Db, actor: AgreementActor, input: AgreementUpdateInput, lang: Lang): Promise<AgreementDetailDto> {
  const rules = await checkRules(db, input.rules);
  await replaceDraft(db, actor, input.id, rules, input);
  return agreementDetail(db, actor, input.id, lang);
}

/** Writes a draft's rules (and, when given, its header) in one transaction, with the audit row. */
export async function replaceDraft(db: Db, actor: AgreementActor, id: number, rules: readonly CheckedRule[], header?: { name: string; validFrom: string; validTo: string; note: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockedDraft(tx, actor, id);
    const before = { name: row.name, validFrom: dayText(row.valid_from), validTo: dayText(row.valid_to), note: row.note };
    const after = header ?? before;
    if (after.validFrom > after.validTo) throw new AppError(400, 'validation', [{ field: 'validTo', message: 'agreementPeriodInvalid' }]);
    const belowFloor = rules.some((r) => r.belowFloor);
    await tx.update(priceAgreements).set({ ...after, belowFloor, updatedAt: new Date() }).where(eq(priceAgreements.id, id));
    await writeRules(tx, id, rules);
    await recordAudit(tx, actor.audit, {
      action: 'update', entity: 'price_agreement', entityId: id, companyId: Number(row.company_id),
      before: { ...before, rules: Number(row.rule_count), belowFloor: row.below_floor }, after: summary(after, rules),
      note: { rules: rules.length, ...(header ? {} : { imported: true }) },
    });
  });
}

/**
 * Submits a draft: below the floor (its rules against today's catalogue prices) it goes to the approval
 * engine (pending_approval, a request opened in the same transaction), otherwise it becomes active.
 */
export async function submitAgreement(db: Db, actor: AgreementActor, id: number, comment: string, lang: Lang): Promise<AgreementDetailDto> {
  await db.transaction(async (tx) => {
    const row = await lockedDraft(tx, actor, id);
    const facts = await factsNow(tx, id);
    const to = submitTarget(facts);
    await transitionAgreement(tx, { id, companyId: Number(row.company_id), from: row.state, to, kind: 'staff', actor: actor.audit, facts, comment });
    if (to === 'pending_approval') {
      const me = await approverOf(tx, actor);
      await openApproval(tx, {
        actor: actor.audit, entityType: 'price_agreement', entityId: id, applicantId: actor.staffId, teamId: me.teamId,
        amount: '0.00', category: null, subject: `${row.agreement_no} ${row.company_name}`,
      });
    }
  });
  return agreementDetail(db, actor, id, lang);
}

/** Withdraws an agreement waiting for approval (its request withdrawn too) or an active one: it no longer prices. */
export async function withdrawAgreement(db: Db, actor: AgreementActor, id: number, comment: string, lang: Lang): Promise<AgreementDetailDto> {
  await db.transaction(async (tx) => {
    const row = await loadAgreement(tx, actor, id, true);
    await transitionAgreement(tx, {
      id, companyId: Number(row.company_id), from: row.state, to: 'withdrawn', kind: 'staff', actor: actor.audit,
      facts: { belowFloor: row.below_floor, hasRules: Number(row.rule_count) > 0 }, comment,
    });
    if (row.state === 'pending_approval') await withdrawApproval(tx, actor.audit, 'price_agreement', id);
  });
  return agreementDetail(db, actor, id, lang);
}

/** Deletes a draft with its rules (only a draft: a submitted agreement keeps its history). Audited. */
export async function deleteAgreement(db: Db, actor: AgreementActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockedDraft(tx, actor, id);
    await tx.delete(priceAgreements).where(eq(priceAgreements.id, id));
    await recordAudit(tx, actor.audit, { action: 'delete', entity: 'price_agreement', entityId: id, companyId: Number(row.company_id), before: { agreementNo: row.agreement_no, state: row.state } });
  });
}
