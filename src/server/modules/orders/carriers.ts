import 'server-only';
import { asc, eq, sql } from 'drizzle-orm';
import type { CarrierDto, CarrierInput } from '@/contracts/shipments';
import type { Db } from '@/server/db/client';
import { carriers, type Carrier } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';

/**
 * The carriers the order desk ships with (ADR 0074): a small settings table — list, add, change,
 * deactivate (a carrier that shipped stays for its shipments' sake and is never deleted).
 */

const columns = {
  id: carriers.id, code: carriers.code, nameZh: carriers.nameZh, nameEn: carriers.nameEn, dangerousGoods: carriers.dangerousGoods, coldChain: carriers.coldChain,
  trackingUrl: carriers.trackingUrl, active: carriers.active, sort: carriers.sort,
  shipments: sql<number>`(select count(*)::int from shipments s where s.carrier_id = "carriers"."id")`,
};

const toDto = (r: Omit<CarrierDto, 'shipments'> & { shipments: number }): CarrierDto => ({ ...r, shipments: Number(r.shipments) });

/** Every carrier, active first, then by their order. */
export async function listCarriers(db: Db): Promise<CarrierDto[]> {
  return (await db.select(columns).from(carriers).orderBy(sql`${carriers.active} desc`, asc(carriers.sort), asc(carriers.id))).map(toDto);
}

async function getCarrier(db: Db, id: number): Promise<CarrierDto> {
  const [row] = await db.select(columns).from(carriers).where(eq(carriers.id, id));
  if (!row) throw new AppError(404, 'carrierNotFound');
  return toDto(row);
}

const fields = (c: CarrierInput | Carrier) => ({
  code: c.code, nameZh: c.nameZh, nameEn: c.nameEn, dangerousGoods: c.dangerousGoods, coldChain: c.coldChain, trackingUrl: c.trackingUrl, active: c.active, sort: c.sort,
});

async function checkCode(tx: Db, code: string, id: number | null): Promise<void> {
  const [taken] = await tx.select({ id: carriers.id }).from(carriers).where(eq(carriers.code, code));
  if (taken && taken.id !== id) throw new AppError(409, 'carrierCodeTaken', [{ field: 'code', message: 'carrierCodeTaken' }]);
}

/** Adds a carrier; audited. */
export async function createCarrier(db: Db, actor: AuditActor, input: CarrierInput): Promise<CarrierDto> {
  const id = await db.transaction(async (tx) => {
    await checkCode(tx, input.code, null);
    const [row] = await tx.insert(carriers).values(fields(input)).returning({ id: carriers.id });
    if (!row) throw new AppError(500);
    await recordAudit(tx, actor, { action: 'create', entity: 'carrier', entityId: row.id, after: fields(input) });
    return row.id;
  });
  return getCarrier(db, id);
}

/** Changes a carrier (names, qualifications, tracking page, order) or (de)activates it; audited. */
export async function updateCarrier(db: Db, actor: AuditActor, id: number, input: CarrierInput): Promise<CarrierDto> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(carriers).where(eq(carriers.id, id)).for('update');
    if (!before) throw new AppError(404, 'carrierNotFound');
    await checkCode(tx, input.code, id);
    await tx.update(carriers).set({ ...fields(input), updatedAt: sql`now()` }).where(eq(carriers.id, id));
    await recordAudit(tx, actor, { action: 'update', entity: 'carrier', entityId: id, before: fields(before), after: fields(input) });
  });
  return getCarrier(db, id);
}
