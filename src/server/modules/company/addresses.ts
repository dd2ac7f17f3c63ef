import 'server-only';
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { AddressAddInput, AddressDto, AddressUpdateInput } from '@/contracts/company';
import type { Db } from '@/server/db/client';
import { addresses, companies } from '@/server/db/schema';
import { recordAudit } from '@/server/modules/audit/record';
import { notFound, type CompanyActor } from './context';

const columns = {
  id: addresses.id, receiver: addresses.receiver, phone: addresses.phone, region: addresses.region,
  detail: addresses.detail, isDefault: addresses.isDefault,
};

/** The company's address book, the default first (checkout reads it). */
export async function listAddresses(db: Db, companyId: number): Promise<AddressDto[]> {
  return db.select(columns).from(addresses).where(eq(addresses.companyId, companyId)).orderBy(desc(addresses.isDefault), asc(addresses.id));
}

/** Address writes of one company run one after another: the company row is their lock. */
async function lockBook(tx: Db, companyId: number): Promise<void> {
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
}

/** Makes exactly one address the default: `id`, or the oldest one when `id` is null. */
async function settleDefault(tx: Db, companyId: number, id: number | null): Promise<void> {
  const target = id ?? (await tx.select({ id: addresses.id }).from(addresses).where(eq(addresses.companyId, companyId)).orderBy(asc(addresses.id)).limit(1))[0]?.id;
  if (target === undefined) return;
  await tx.update(addresses).set({ isDefault: false }).where(and(eq(addresses.companyId, companyId), ne(addresses.id, target), eq(addresses.isDefault, true)));
  await tx.update(addresses).set({ isDefault: true }).where(and(eq(addresses.companyId, companyId), eq(addresses.id, target)));
}

async function currentDefault(tx: Db, companyId: number): Promise<number | null> {
  const [row] = await tx.select({ id: addresses.id }).from(addresses).where(and(eq(addresses.companyId, companyId), eq(addresses.isDefault, true))).limit(1);
  return row?.id ?? null;
}

async function getAddress(db: Db, companyId: number, id: number): Promise<AddressDto> {
  const [row] = await db.select(columns).from(addresses).where(and(eq(addresses.id, id), eq(addresses.companyId, companyId)));
  if (!row) throw notFound('addressNotFound');
  return row;
}

export async function addAddress(db: Db, actor: CompanyActor, input: AddressAddInput): Promise<AddressDto> {
  const id = await db.transaction(async (tx) => {
    await lockBook(tx, actor.companyId);
    const [row] = await tx.insert(addresses)
      .values({ companyId: actor.companyId, userId: actor.userId, receiver: input.receiver, phone: input.phone, region: input.region, detail: input.detail, isDefault: false })
      .returning({ id: addresses.id });
    if (!row) throw new Error('Address was not inserted');
    const existingDefault = await currentDefault(tx, actor.companyId);
    if (input.isDefault || existingDefault === null) await settleDefault(tx, actor.companyId, row.id);
    await recordAudit(tx, actor.audit, {
      action: 'create', entity: 'address', entityId: row.id, companyId: actor.companyId,
      after: { receiver: input.receiver, phone: input.phone, region: input.region, detail: input.detail, isDefault: input.isDefault || existingDefault === null },
    });
    return row.id;
  });
  return getAddress(db, actor.companyId, id);
}

/** Edits an address; making it the default unsets the previous one, unsetting the default passes it on. */
export async function updateAddress(db: Db, actor: CompanyActor, input: AddressUpdateInput): Promise<AddressDto> {
  await db.transaction(async (tx) => {
    await lockBook(tx, actor.companyId);
    const [before] = await tx.select(columns).from(addresses).where(and(eq(addresses.id, input.id), eq(addresses.companyId, actor.companyId)));
    if (!before) throw notFound('addressNotFound');
    const patch = { receiver: input.receiver, phone: input.phone, region: input.region, detail: input.detail };
    const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    if (Object.keys(set).length > 0) await tx.update(addresses).set(set).where(and(eq(addresses.id, input.id), eq(addresses.companyId, actor.companyId)));
    if (input.isDefault === true && !before.isDefault) await settleDefault(tx, actor.companyId, input.id);
    if (input.isDefault === false && before.isDefault) {
      const [other] = await tx.select({ id: addresses.id }).from(addresses)
        .where(and(eq(addresses.companyId, actor.companyId), ne(addresses.id, input.id))).orderBy(asc(addresses.id)).limit(1);
      if (other) await settleDefault(tx, actor.companyId, other.id);
    }
    const after = await getAddress(tx, actor.companyId, input.id);
    await recordAudit(tx, actor.audit, { action: 'update', entity: 'address', entityId: input.id, companyId: actor.companyId, before, after: { ...after, id: undefined } });
  });
  return getAddress(db, actor.companyId, input.id);
}

/** Deletes addresses; when the default goes, the oldest remaining one becomes the default. */
export async function deleteAddresses(db: Db, actor: CompanyActor, ids: readonly number[]): Promise<number> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    await lockBook(tx, actor.companyId);
    const rows = await tx.select(columns).from(addresses).where(and(eq(addresses.companyId, actor.companyId), inArray(addresses.id, unique)));
    if (rows.length !== unique.length) throw notFound('addressNotFound');
    await tx.delete(addresses).where(and(eq(addresses.companyId, actor.companyId), inArray(addresses.id, unique)));
    for (const row of rows) {
      const { id, ...before } = row;
      await recordAudit(tx, actor.audit, { action: 'delete', entity: 'address', entityId: id, companyId: actor.companyId, before });
    }
    if ((await currentDefault(tx, actor.companyId)) === null) await settleDefault(tx, actor.companyId, null);
    return rows.length;
  });
}
