import 'server-only';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { SupplierDto, SupplierInput, SupplierListInput } from '@/contracts/customers';
import type { Db } from '@/server/db/client';
import { escapeLike } from '@/server/db/like';
import { brands, supplierBrands, supplierContacts, supplierFiles, suppliers } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';
import { acceptUpload, recordUpload, safeFileName, UPLOAD_MAX_BYTES } from '@/server/modules/files/upload';

function encodeCursor(value: string, id: number): string {
  return Buffer.from(JSON.stringify([value, id])).toString('base64url');
}

function decodeCursor(cursor: string, byName: boolean): { value: string; id: number } {
  try {
    const v: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && v[0].length <= 200 && Number.isInteger(v[1]) && (v[1] as number) > 0 && (v[1] as number) <= 2_147_483_647
      && (byName || !Number.isNaN(Date.parse(v[0])))) return { value: v[0], id: v[1] as number };
  } catch { /* refused below */ }
  throw new AppError(400, 'badRequest', [{ field: 'cursor', message: 'requestCursorInvalid' }]);
}

const STAMP = sql<string>`to_char("suppliers"."created_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

async function withDetails(db: Db, rows: { id: number; name: string; paymentDays: number; paymentTerms: string; stamp: string }[]): Promise<SupplierDto[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [brandRows, contactRows, fileRows] = await Promise.all([
    db.select({ supplierId: supplierBrands.supplierId, id: brands.id, nameZh: brands.nameZh, nameEn: brands.nameEn })
      .from(supplierBrands).innerJoin(brands, eq(brands.id, supplierBrands.brandId)).where(inArray(supplierBrands.supplierId, ids)).orderBy(asc(brands.nameEn)),
    db.select().from(supplierContacts).where(inArray(supplierContacts.supplierId, ids)).orderBy(asc(supplierContacts.id)),
    db.select().from(supplierFiles).where(inArray(supplierFiles.supplierId, ids)).orderBy(desc(supplierFiles.id)),
  ]);
  return rows.map((r) => ({
    id: r.id, name: r.name, paymentDays: r.paymentDays, paymentTerms: r.paymentTerms, createdAt: r.stamp,
    brands: brandRows.filter((b) => b.supplierId === r.id).map(({ id, nameZh, nameEn }) => ({ id, nameZh, nameEn })),
    contacts: contactRows.filter((c) => c.supplierId === r.id).map(({ id, name, phone, email, position }) => ({ id, name, phone, email, position })),
    files: fileRows.filter((f) => f.supplierId === r.id).map((f) => ({ id: f.id, fileName: f.fileName, mime: f.mime, size: f.size, staffName: f.staffName, createdAt: f.createdAt.toISOString() })),
  }));
}

const rowColumns = { id: suppliers.id, name: suppliers.name, paymentDays: suppliers.paymentDays, paymentTerms: suppliers.paymentTerms, stamp: STAMP };

/** Suppliers: search, brand filter, sort by name or newest, keyset pages. */
export async function listSuppliers(db: Db, input: SupplierListInput): Promise<{ total: number; items: SupplierDto[]; nextCursor: string | null }> {
  const parts: SQL[] = [sql`true`];
  if (input.key) {
    const like = `%${escapeLike(input.key)}%`;
    parts.push(sql`("suppliers"."name" ilike ${like} or "suppliers"."payment_terms" ilike ${like}
      or exists (select 1 from supplier_contacts k where k.supplier_id = "suppliers"."id" and (k.name ilike ${like} or k.phone ilike ${like} or k.email ilike ${like})))`);
  }
  if (input.brandId) parts.push(sql`exists (select 1 from supplier_brands b where b.supplier_id = "suppliers"."id" and b.brand_id = ${input.brandId})`);
  const where = sql.join(parts, sql` and `);
  const byName = input.sort !== '-createdAt';
  const descending = input.sort.startsWith('-');
  const page = [where];
  if (input.cursor) {
    const c = decodeCursor(input.cursor, byName);
    const column = byName ? sql`"suppliers"."name"` : sql`"suppliers"."created_at"`;
    const value = byName ? sql`${c.value}::text` : sql`${c.value}::timestamptz`;
    page.push(descending ? sql`(${column}, "suppliers"."id") < (${value}, ${c.id})` : sql`(${column}, "suppliers"."id") > (${value}, ${c.id})`);
  }
  const order = byName
    ? (descending ? [desc(suppliers.name), desc(suppliers.id)] : [asc(suppliers.name), asc(suppliers.id)])
    : [desc(suppliers.createdAt), desc(suppliers.id)];
  const [rows, [count]] = await Promise.all([
    db.select(rowColumns).from(suppliers).where(and(...page)).orderBy(...order).limit(input.limit + 1),
    db.select({ n: sql<number>`count(*)::int` }).from(suppliers).where(where),
  ]);
  const more = rows.length > input.limit;
  const items = await withDetails(db, rows.slice(0, input.limit));
  const last = items[items.length - 1];
  return { total: Number(count?.n ?? 0), items, nextCursor: more && last ? encodeCursor(byName ? last.name : last.createdAt, last.id) : null };
}

export async function getSupplier(db: Db, id: number): Promise<SupplierDto> {
  const [dto] = await withDetails(db, await db.select(rowColumns).from(suppliers).where(eq(suppliers.id, id)));
  if (!dto) throw new AppError(404, 'crmSupplierNotFound');
  return dto;
}

/** The brands a supplier may supply, for the form. */
export async function supplierBrandOptions(db: Db) {
  return db.select({ id: brands.id, nameZh: brands.nameZh, nameEn: brands.nameEn }).from(brands).orderBy(asc(brands.nameEn)).limit(1000);
}

const auditFields = (s: { name: string; paymentDays: number; paymentTerms: string }, brandIds: readonly number[], contacts: readonly { name: string }[]) => ({
  name: s.name, paymentDays: s.paymentDays, paymentTerms: s.paymentTerms, brands: [...brandIds].sort((a, b) => a - b), contacts: contacts.map((c) => c.name),
});

async function writeChildren(tx: Db, id: number, input: SupplierInput): Promise<void> {
  if (input.brandIds.length) {
    const found = await tx.select({ id: brands.id }).from(brands).where(inArray(brands.id, input.brandIds));
    if (found.length !== input.brandIds.length) throw new AppError(400, 'validation', [{ field: 'brandIds', message: 'crmBrandUnknown' }]);
  }
  await tx.delete(supplierBrands).where(eq(supplierBrands.supplierId, id));
  await tx.delete(supplierContacts).where(eq(supplierContacts.supplierId, id));
  if (input.brandIds.length) await tx.insert(supplierBrands).values(input.brandIds.map((brandId) => ({ supplierId: id, brandId })));
  if (input.contacts.length) await tx.insert(supplierContacts).values(input.contacts.map((c) => ({ supplierId: id, ...c })));
}

async function nameTaken(tx: Db, name: string, id: number | null): Promise<void> {
  const [taken] = await tx.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.name, name));
  if (taken && taken.id !== id) throw new AppError(409, 'crmSupplierNameTaken', [{ field: 'name', message: 'crmSupplierNameTaken' }]);
}

/** Adds a supplier with its brands and contacts, in one transaction with its audit row. */
export async function createSupplier(db: Db, actor: AuditActor, input: SupplierInput): Promise<SupplierDto> {
  const id = await db.transaction(async (tx) => {
    await nameTaken(tx, input.name, null);
    const [row] = await tx.insert(suppliers).values({ name: input.name, paymentDays: input.paymentDays, paymentTerms: input.paymentTerms }).returning({ id: suppliers.id });
    if (!row) throw new Error('Supplier was not inserted');
    await writeChildren(tx, row.id, input);
    await recordAudit(tx, actor, { action: 'create', entity: 'supplier', entityId: row.id, after: auditFields(input, input.brandIds, input.contacts) });
    return row.id;
  });
  return getSupplier(db, id);
}

/** Replaces a supplier's fields, brands and contacts; audited. */
export async function updateSupplier(db: Db, actor: AuditActor, id: number, input: SupplierInput): Promise<SupplierDto> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(suppliers).where(eq(suppliers.id, id)).for('update');
    if (!before) throw new AppError(404, 'crmSupplierNotFound');
    await nameTaken(tx, input.name, id);
    const beforeBrands = (await tx.select({ id: supplierBrands.brandId }).from(supplierBrands).where(eq(supplierBrands.supplierId, id))).map((b) => b.id);
    const beforeContacts = await tx.select({ name: supplierContacts.name }).from(supplierContacts).where(eq(supplierContacts.supplierId, id)).orderBy(asc(supplierContacts.id));
    await tx.update(suppliers).set({ name: input.name, paymentDays: input.paymentDays, paymentTerms: input.paymentTerms, updatedAt: new Date() }).where(eq(suppliers.id, id));
    await writeChildren(tx, id, input);
    await recordAudit(tx, actor, { action: 'update', entity: 'supplier', entityId: id, before: auditFields(before, beforeBrands, beforeContacts), after: auditFields(input, input.brandIds, input.contacts) });
  });
  return getSupplier(db, id);
}

/** Deletes a supplier with its brands, contacts and attachment rows (the files module keeps no deletes: the bytes stay, unreachable). */
export async function deleteSupplier(db: Db, actor: AuditActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(suppliers).where(eq(suppliers.id, id)).for('update');
    if (!before) throw new AppError(404, 'crmSupplierNotFound');
    await tx.delete(suppliers).where(eq(suppliers.id, id));
    await recordAudit(tx, actor, { action: 'delete', entity: 'supplier', entityId: id, before: { name: before.name } });
  });
}

/** Keeps an attachment (PNG, JPEG, WebP or PDF, by its bytes) for a supplier; audited. */
export async function addSupplierFile(db: Db, actor: AuditActor, id: number, file: { name: string; bytes: Uint8Array }): Promise<SupplierDto> {
  const [exists] = await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.id, id));
  if (!exists) throw new AppError(404, 'crmSupplierNotFound');
  const upload = await acceptUpload(file.bytes, {
    accept: 'document', maxBytes: UPLOAD_MAX_BYTES, tooLarge: 'tooLarge', place: (name) => `suppliers/${id}/${name}`,
  });
  const fileName = safeFileName(file.name, upload.type);
  await recordUpload(upload, () => db.transaction(async (tx) => {
    const [row] = await tx.insert(supplierFiles).values({
      supplierId: id, storageKey: upload.key, fileName, mime: upload.contentType, size: upload.size, staffName: actor.name,
    }).returning({ id: supplierFiles.id });
    await recordAudit(tx, actor, { action: 'update', entity: 'supplier', entityId: id, note: { fileAdded: fileName, fileId: row?.id ?? 0 } });
  }));
  return getSupplier(db, id);
}

export async function supplierFile(db: Db, id: number, fileId: number) {
  const [row] = await db.select().from(supplierFiles).where(and(eq(supplierFiles.id, fileId), eq(supplierFiles.supplierId, id)));
  return row ?? null;
}

/** Removes an attachment's row; audited. */
export async function deleteSupplierFile(db: Db, actor: AuditActor, id: number, fileId: number): Promise<SupplierDto> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(supplierFiles).where(and(eq(supplierFiles.id, fileId), eq(supplierFiles.supplierId, id))).returning();
    if (!row) throw new AppError(404, 'fileNotFound');
    await recordAudit(tx, actor, { action: 'update', entity: 'supplier', entityId: id, note: { fileRemoved: row.fileName } });
  });
  return getSupplier(db, id);
}
