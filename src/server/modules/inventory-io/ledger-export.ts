import 'server-only';
import { and, asc, eq, gt, gte, isNotNull, lte, type SQL } from 'drizzle-orm';
import type { LedgerExportInput } from '@/contracts/inventory-io';
import type { Lang } from '@/lib/lang';
import type { Db } from '@/server/db/client';
import { inventoryContainers, inventoryLedger } from '@/server/db/schema';
import type { LedgerKind } from '@/server/db/schema/inventory';
import { serverMessages } from '@/server/messages';
import { streamXlsx, type XlsxColumn } from '@/server/modules/exports/xlsx-stream';
import { companyLocations, locationPaths } from './location-paths';

/** Ledger rows read per page while exporting (keyset on the ledger's id). */
export const LEDGER_EXPORT_PAGE = 2000;

export interface LedgerExportRow {
  id: number;
  containerId: number;
  nameZh: string;
  nameEn: string;
  cas: string;
  lotNo: string;
  code: string;
  unit: string;
  happenedOn: string;
  kind: LedgerKind;
  delta: string;
  balance: string;
  actorName: string;
  purpose: string;
  locationId: number | null;
}

/** One page of the company's ledger rows after `afterId`, oldest first, with the filters. */
export async function ledgerPage(db: Db, params: { companyId: number; filters: LedgerExportInput; afterId: number; limit: number }): Promise<LedgerExportRow[]> {
  const { filters } = params;
  const where: SQL[] = [eq(inventoryLedger.companyId, params.companyId), eq(inventoryContainers.companyId, params.companyId), gt(inventoryLedger.id, params.afterId)];
  if (filters.from) where.push(gte(inventoryLedger.happenedOn, filters.from));
  if (filters.to) where.push(lte(inventoryLedger.happenedOn, filters.to));
  if (filters.controlledOnly) where.push(isNotNull(inventoryContainers.controlClass));
  if (filters.containerId !== undefined) where.push(eq(inventoryLedger.containerId, filters.containerId));
  const rows = await db.select({
    id: inventoryLedger.id, containerId: inventoryLedger.containerId, nameZh: inventoryContainers.nameZh, nameEn: inventoryContainers.nameEn,
    cas: inventoryContainers.cas, lotNo: inventoryContainers.lotNo, code: inventoryContainers.code, unit: inventoryContainers.unit,
    happenedOn: inventoryLedger.happenedOn, kind: inventoryLedger.kind, delta: inventoryLedger.delta, balance: inventoryLedger.balance,
    actorName: inventoryLedger.actorName, purpose: inventoryLedger.purpose,
    toLocationId: inventoryLedger.toLocationId, fromLocationId: inventoryLedger.fromLocationId, containerLocationId: inventoryContainers.locationId,
  }).from(inventoryLedger)
    .innerJoin(inventoryContainers, eq(inventoryContainers.id, inventoryLedger.containerId))
    .where(and(...where)).orderBy(asc(inventoryLedger.id)).limit(params.limit);
  // Where the container was after the movement: a move's destination, a receipt's place, else its place now.
  return rows.map(({ toLocationId, fromLocationId, containerLocationId, ...r }) => ({ ...r, locationId: toLocationId ?? fromLocationId ?? containerLocationId }));
}

/** Every page of the filtered ledger, one after another. */
export async function* ledgerPages(db: Db, companyId: number, filters: LedgerExportInput, pageSize = LEDGER_EXPORT_PAGE): AsyncGenerator<LedgerExportRow[]> {
  let afterId = 0;
  for (;;) {
    const rows = await ledgerPage(db, { companyId, filters, afterId, limit: pageSize });
    if (rows.length) yield rows;
    if (rows.length < pageSize) return;
    afterId = rows[rows.length - 1]!.id;
  }
}

/** Quantity in and out of a ledger row: a positive change is in, a negative one out, a move neither. */
export function inOut(delta: string): { in: number | null; out: number | null } {
  const n = Number(delta);
  return { in: n > 0 ? n : null, out: n < 0 ? -n : null };
}

/** The columns of the audit's ledger sheet, in the language asked. */
export function ledgerColumns(lang: Lang, paths: ReadonlyMap<number, string>): XlsxColumn<LedgerExportRow>[] {
  const m = serverMessages(lang).inventoryIo.ledger;
  const QTY = '0.####';
  return [
    { header: m.chemical, width: 30, value: (r) => (lang === 'en' ? r.nameEn || r.nameZh : r.nameZh || r.nameEn) },
    { header: m.cas, width: 13, value: (r) => r.cas },
    { header: m.lot, width: 14, value: (r) => r.lotNo },
    { header: m.code, width: 14, value: (r) => r.code },
    { header: m.date, width: 12, value: (r) => r.happenedOn },
    { header: m.movement, width: 12, value: (r) => m.kinds[r.kind] },
    { header: m.quantityIn, width: 12, format: QTY, value: (r) => inOut(r.delta).in },
    { header: m.quantityOut, width: 12, format: QTY, value: (r) => inOut(r.delta).out },
    { header: m.balance, width: 12, format: QTY, value: (r) => Number(r.balance) },
    { header: m.unit, width: 7, value: (r) => r.unit },
    { header: m.who, width: 14, value: (r) => r.actorName },
    { header: m.purpose, width: 24, value: (r) => r.purpose },
    { header: m.location, width: 30, value: (r) => (r.locationId === null ? '' : paths.get(r.locationId) ?? '') },
  ];
}

/** The company's ledger (filtered) as an Excel workbook, streamed page by page: memory stays flat at any length. */
export async function exportLedger(db: Db, params: { companyId: number; filters: LedgerExportInput; lang: Lang }): Promise<ReadableStream<Uint8Array>> {
  const paths = locationPaths(await companyLocations(db, params.companyId));
  return streamXlsx<LedgerExportRow>({
    name: 'inventory_ledger', sheet: serverMessages(params.lang).inventoryIo.ledger.sheet,
    columns: ledgerColumns(params.lang, paths), pages: ledgerPages(db, params.companyId, params.filters),
  });
}
