import 'server-only';
import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { asc, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { AdminProductListInput } from '@/contracts/catalog-editing-products';
import type { Lang } from '@/lib/lang';
import { escapeFormula } from '@/lib/spreadsheet-cell';
import type { Db } from '@/server/db/client';
import { brands, categories, productPacks, products } from '@/server/db/schema';
import { log } from '@/server/log';
import { serverMessages } from '@/server/messages';
import { listAdminProducts } from '@/server/modules/catalog/admin-product-list';
import { loadLookups } from './apply-batch';
import { columnLabel, IMPORT_COLUMNS } from './columns';

/** Products read per page of the list while exporting. */
const PAGE = 100;

/**
 * The products of a list's filters as an Excel workbook (ADR 0034), streamed: the list is walked a
 * keyset page at a time (the same filters and engine as the back-office list) and each page's rows go
 * to the zip stream before the next is read, so memory does not grow with the list. The columns are
 * the import's (one row per pack), so an export edited and imported again updates the catalogue. Every
 * text cell is escaped against formula injection (escapeFormula).
 */
export function exportProducts(db: Db, input: Omit<AdminProductListInput, 'cursor' | 'limit'>, lang: Lang): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  const m = serverMessages(lang).adminImports;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(m.exportSheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = IMPORT_COLUMNS.map((c) => ({ key: c, width: c.startsWith('name') ? 28 : 14 }));
  const text = (v: string | null) => escapeFormula(v ?? '');

  async function write(): Promise<void> {
    const head = sheet.addRow(IMPORT_COLUMNS.map((c) => columnLabel(c, lang)));
    head.font = { bold: true };
    head.commit();
    const lookups = await loadLookups(db);
    const categoryNames = new Map<number, string>();
    let cursor: string | undefined;
    do {
      const page = await listAdminProducts(db, { ...input, cursor, limit: PAGE });
      cursor = page.nextCursor ?? undefined;
      const ids = page.items.map((p) => p.id);
      if (ids.length === 0) break;
      const [rows, packs] = await Promise.all([
        db.select({
          id: products.id, itemNo: products.itemNo, nameZh: products.nameZh, nameEn: products.nameEn, brand: brands.code, categoryId: products.categoryId,
          categoryZh: categories.nameZh, categoryEn: categories.nameEn, cas: products.cas, formula: products.formula, smiles: products.smiles, purity: products.purity, grade: products.grade, active: products.active,
        }).from(products).innerJoin(brands, eq(brands.id, products.brandId)).innerJoin(categories, eq(categories.id, products.categoryId)).where(inArray(products.id, ids)),
        db.select().from(productPacks).where(inArray(productPacks.productId, ids)).orderBy(asc(productPacks.productId), asc(productPacks.sort), asc(productPacks.id)),
      ]);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const packsOf = new Map<number, (typeof packs)[number][]>();
      for (const k of packs) packsOf.set(k.productId, [...(packsOf.get(k.productId) ?? []), k]);
      for (const id of ids) {
        const p = byId.get(id);
        if (!p) continue;
        let category = categoryNames.get(p.categoryId);
        if (category === undefined) {
          // The name when it finds this very category again on import; the id otherwise.
          const name = lang === 'en' ? p.categoryEn : p.categoryZh;
          const found = lookups.category(name);
          category = 'id' in found && found.id === p.categoryId ? name : String(p.categoryId);
          categoryNames.set(p.categoryId, category);
        }
        const base = [text(p.itemNo), text(p.nameZh), text(p.nameEn), text(p.brand), text(category), text(p.cas), text(p.formula), text(p.smiles), text(p.purity), text(p.grade), p.active ? 1 : 0];
        const list = packsOf.get(id) ?? [];
        if (list.length === 0) sheet.addRow([...base, '', '', '', '']).commit();
        for (const k of list) sheet.addRow([...base, text(k.size), Number(k.price), k.leadTimeDays, k.stock]).commit();
      }
      // Let the zip stream drain before the next page (the client reads at its own pace).
      if (out.writableNeedDrain) await once(out, 'drain');
    } while (cursor);
    sheet.commit();
    await workbook.commit();
  }

  write().catch((error: unknown) => {
    log('error', 'catalog.export_failed', { message: error instanceof Error ? error.message : String(error) });
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}
