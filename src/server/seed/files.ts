import 'server-only';
import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import { productDocumentPdf, resourcePdf } from '@/server/modules/files/documents';
import { renderPdf } from '@/server/modules/files/pdf';
import type { FileStore } from '@/server/modules/files/store';
import type { Db } from '@/server/db/client';
import { brands, contentItems, productDocuments, products } from '@/server/db/schema';
import { ensureCompanySeedFiles } from './company-admin';
import { ensureInvoiceSeedFiles } from './receivables';
import { RESOURCES } from './content-resources';
import { ensureContractSeedFiles } from './contracts';
import { ensureCrmSeedFiles } from './crm';
import { ensureImportDemoFile } from './import-demo';

const BATCH = 1000;

/**
 * Writes the PDF of every seeded document (COA, SDS, protocol, downloadable resource) whose file
 * is missing from the store. Deterministic, so a second run writes nothing; safe on every start.
 * Only the rows the seed generated (`generated`): an uploaded document's file is never written here,
 * however it went missing (ADR 0063).
 */
export async function ensureSeedFiles(db: Db, store: FileStore): Promise<{ written: number; checked: number }> {
  let written = 0;
  let checked = 0;
  let after = 0;
  for (;;) {
    const rows = await db
      .select({
        id: productDocuments.id, kind: productDocuments.kind, lang: productDocuments.lang, lotNo: productDocuments.lotNo,
        title: productDocuments.title, issuedAt: productDocuments.issuedAt, filePath: productDocuments.filePath,
        itemNo: products.itemNo, nameZh: products.nameZh, nameEn: products.nameEn, cas: products.cas, formula: products.formula,
        molecularWeight: products.molecularWeight, purity: products.purity, grade: products.grade, gradeZh: products.gradeZh, storage: products.storage,
        ghs: products.ghs, brandZh: brands.nameZh, brandEn: brands.nameEn,
      })
      .from(productDocuments)
      .innerJoin(products, eq(products.id, productDocuments.productId))
      .innerJoin(brands, eq(brands.id, products.brandId))
      .where(and(eq(productDocuments.generated, true), gt(productDocuments.id, after)))
      .orderBy(asc(productDocuments.id))
      .limit(BATCH);
    if (rows.length === 0) break;
    for (const row of rows) {
      checked += 1;
      if (await store.exists(row.filePath)) continue;
      await store.write(row.filePath, renderPdf(productDocumentPdf(row)));
      written += 1;
    }
    after = rows[rows.length - 1]?.id ?? after;
  }
  const resources = await db
    .select({ filePath: contentItems.filePath, titleZh: contentItems.titleZh, titleEn: contentItems.titleEn, bodyZh: contentItems.bodyZh, bodyEn: contentItems.bodyEn, publishedAt: contentItems.publishedAt })
    .from(contentItems)
    .where(and(isNotNull(contentItems.filePath)))
    .orderBy(asc(contentItems.id));
  // Only the seed's own resource files (a resource whose PDF staff uploaded keeps its key, and is never written here).
  const seedKeys = new Set(RESOURCES.map((r) => r.file).filter((k): k is string => typeof k === 'string'));
  for (const r of resources) {
    if (!r.filePath || !seedKeys.has(r.filePath)) continue;
    checked += 1;
    if (await store.exists(r.filePath)) continue;
    await store.write(r.filePath, renderPdf(resourcePdf(r)));
    written += 1;
  }
  const company = await ensureCompanySeedFiles(db, store);
  const crm = await ensureCrmSeedFiles(db, store);
  const imports = await ensureImportDemoFile(db, store);
  const contractScans = await ensureContractSeedFiles(db, store);
  const invoiceFiles = await ensureInvoiceSeedFiles(db, store);
  return {
    written: written + company.written + crm.written + imports.written + contractScans.written + invoiceFiles.written,
    checked: checked + company.checked + crm.checked + imports.checked + contractScans.checked + invoiceFiles.checked,
  };
}
