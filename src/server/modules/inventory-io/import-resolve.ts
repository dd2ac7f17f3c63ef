import 'server-only';
import { Readable } from 'node:stream';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { IMPORT_ROWS_MAX, type ImportIssueDto, type ImportPreviewDto } from '@/contracts/inventory-io';
import type { Db } from '@/server/db/client';
import { products, users } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { importFormatOf } from '@/server/modules/catalog-import/jobs';
import { readRows } from '@/server/modules/catalog-import/read-rows';
import { xlsxUploadFault } from '@/server/modules/catalog-import/xlsx-rows';
import { catalogueTraits } from '@/server/modules/inventory/traits';
import { mapStockHeader } from './import-columns';
import { issue, locationText, parseStockRows, type StockRow } from './import-parse';
import { companyLocations, locationPaths } from './location-paths';

/** A row ready to become a container: the file's values with its owner, catalogue match and location. */
export interface ResolvedRow extends StockRow {
  ownerId: number | null;
  ownerName: string;
  departmentId: number | null;
  productId: number | null;
  substanceId: number | null;
  /** The location's id when it exists, else null and `location` names the path the commit creates. */
  locationId: number | null;
}

export interface PreparedImport {
  rows: ResolvedRow[];
  issues: ImportIssueDto[];
  /** Paths (`Building / Room / Cabinet`) that do not exist yet. */
  newLocations: string[];
}

/** The rows of an uploaded CSV or XLSX file, the header first; 400 on a file of another kind or past the limits. */
export async function readStockFile(file: { name: string; bytes: Uint8Array }): Promise<{ rowNo: number; cells: string[] }[]> {
  if (file.bytes.length === 0) throw new AppError(400, 'importFileEmpty', [{ field: 'file', message: 'importFileEmpty' }]);
  const format = importFormatOf(file.name, file.bytes.subarray(0, 4096));
  if (!format) throw new AppError(400, 'importFileTypeRefused', [{ field: 'file', message: 'importFileTypeRefused' }]);
  if (format === 'xlsx' && await xlsxUploadFault(file.bytes)) throw new AppError(400, 'importFileOverLimits', [{ field: 'file', message: 'importFileOverLimits' }]);
  const rows: { rowNo: number; cells: string[] }[] = [];
  try {
    for await (const row of readRows(Readable.from([Buffer.from(file.bytes)]), format)) {
      rows.push(row);
      if (rows.length > IMPORT_ROWS_MAX + 1) throw new AppError(400, 'inventoryImportTooManyRows', [{ field: 'file', message: 'inventoryImportTooManyRows' }]);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(400, 'importFileOverLimits', [{ field: 'file', message: 'importFileOverLimits' }]);
  }
  return rows;
}

/**
 * The file checked against the company: owners by login name (users of the company only), the catalogue
 * matched by item number, else by CAS (a product with it, for its substance and control class), and the
 * location paths, those missing listed to be created.
 */
export async function prepareStockImport(db: Db, params: { companyId: number; file: { name: string; bytes: Uint8Array }; today: string }): Promise<PreparedImport> {
  const [head, ...data] = await readStockFile(params.file);
  const header = mapStockHeader(head?.cells ?? []);
  if (!header.has('amount') || !header.has('unit') || (!header.has('name_zh') && !header.has('name_en') && !header.has('item_no'))) {
    return { rows: [], issues: [issue(1, 'file', 'headerMissing')], newLocations: [] };
  }
  const parsed = parseStockRows(header, data, params.today);
  const issues = [...parsed.issues];
  if (parsed.rows.length === 0 && issues.length === 0) issues.push(issue(1, 'file', 'noRows'));

  const logins = [...new Set(parsed.rows.map((r) => r.ownerLogin).filter((l) => l !== ''))];
  const owners = logins.length === 0 ? [] : await db.select({ id: users.id, loginName: users.loginName, name: users.name, departmentId: users.departmentId })
    .from(users).where(and(eq(users.companyId, params.companyId), inArray(users.loginName, logins)));
  const ownerBy = new Map(owners.map((o) => [o.loginName.toLowerCase(), o]));

  const itemNos = [...new Set(parsed.rows.map((r) => r.itemNo).filter((i) => i !== ''))];
  const casList = [...new Set(parsed.rows.map((r) => r.cas).filter((c) => c !== ''))];
  const productCols = { id: products.id, itemNo: products.itemNo, cas: products.cas, nameZh: products.nameZh, nameEn: products.nameEn, substanceId: products.substanceId, controlClass: products.controlClass, ghs: products.ghs };
  const byItem = itemNos.length === 0 ? [] : await db.select(productCols).from(products).where(inArray(products.itemNo, itemNos)).orderBy(asc(products.id));
  const byCas = casList.length === 0 ? [] : await db.select(productCols).from(products).where(inArray(products.cas, casList)).orderBy(asc(products.id));
  const itemMap = new Map(byItem.map((p) => [p.itemNo.toLowerCase(), p]));
  const casMap = new Map<string, (typeof byCas)[number]>();
  for (const p of byCas) if (p.cas && !casMap.has(p.cas)) casMap.set(p.cas, p);

  const paths = locationPaths(await companyLocations(db, params.companyId));
  const idByPath = new Map([...paths].map(([id, path]) => [path.toLowerCase(), id]));
  const newLocations = new Set<string>();

  const rows: ResolvedRow[] = [];
  for (const r of parsed.rows) {
    const owner = r.ownerLogin === '' ? null : ownerBy.get(r.ownerLogin.toLowerCase());
    if (owner === undefined) {
      issues.push(issue(r.row, 'owner', 'unknownOwner'));
      continue;
    }
    const item = r.itemNo === '' ? undefined : itemMap.get(r.itemNo.toLowerCase());
    if (r.itemNo !== '' && !item && r.nameZh === '' && r.nameEn === '') {
      issues.push(issue(r.row, 'item_no', 'unknownItem'));
      continue;
    }
    const match = item ?? (r.cas === '' ? undefined : casMap.get(r.cas));
    const traits = match ? catalogueTraits(match) : null;
    const path = locationText(r.location);
    const locationId = path === '' ? null : idByPath.get(path.toLowerCase()) ?? null;
    if (path !== '' && locationId === null) {
      for (let depth = 1; depth <= r.location.length; depth += 1) {
        const prefix = locationText(r.location.slice(0, depth));
        if (!idByPath.has(prefix.toLowerCase())) newLocations.add(prefix);
      }
    }
    rows.push({
      ...r,
      nameZh: r.nameZh || match?.nameZh || r.nameEn,
      nameEn: r.nameEn || match?.nameEn || r.nameZh,
      cas: r.cas || match?.cas || '',
      itemNo: r.itemNo,
      controlClass: r.controlClass ?? traits?.controlClass ?? null,
      hazardous: r.hazardous ?? traits?.hazardous ?? false,
      ownerId: owner?.id ?? null, ownerName: owner?.name ?? '', departmentId: owner?.departmentId ?? null,
      productId: item?.id ?? null, substanceId: traits?.substanceId ?? null, locationId,
    });
  }
  issues.sort((a, b) => a.row - b.row);
  return { rows, issues, newLocations: [...newLocations].sort() };
}

/** The preview the page shows: the rows as they will be created, every issue, the locations to create. */
export function previewOf(prepared: PreparedImport): ImportPreviewDto {
  const fresh = new Set(prepared.newLocations.map((p) => p.toLowerCase()));
  return {
    rows: prepared.rows.map((r) => ({
      row: r.row, name: r.nameZh === r.nameEn ? r.nameZh : `${r.nameZh} / ${r.nameEn}`, cas: r.cas, itemNo: r.itemNo, lotNo: r.lotNo,
      amount: r.amount, unit: r.unit, receivedOn: r.receivedOn, expiresOn: r.expiresOn, location: locationText(r.location),
      owner: r.ownerName, matched: r.productId !== null || r.substanceId !== null, newLocation: fresh.has(locationText(r.location).toLowerCase()),
    })),
    issues: prepared.issues,
    newLocations: prepared.newLocations,
  };
}
