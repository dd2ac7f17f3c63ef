import 'server-only';
import type { Context } from 'hono';
import {
  IMPORT_MAX_BYTES, importCommitSchema, importPreviewSchema, importTemplateInputSchema, labelLookupInputSchema, labelLookupSchema, labelsInputSchema, labelsSchema, ledgerExportInputSchema,
} from '@/contracts/inventory-io';
import { clientInfo } from '@/server/http/cookies';
import { businessToday } from '@/server/business-time';
import { AppError } from '@/server/errors';
import type { AppEnv } from '@/server/http/context';
import { createRouter } from '@/server/http/router';
import { auditActorOf } from '@/server/modules/audit/record';
import { assertInventory, type InventoryActor } from '@/server/modules/inventory/containers';
import { XLSX_TYPE, xlsxExport } from '@/server/modules/exports/xlsx-routes';
import { commitStockImport } from './import-commit';
import { prepareStockImport, previewOf } from './import-resolve';
import { stockImportTemplate } from './import-template';
import { findByLabel, loadLabels } from './labels';
import { exportLedger } from './ledger-export';

/**
 * The shelf's labels, ledger export and stock import (ADR 0090), beside the shelf's own routes under
 * the same base. Every query is scoped by the caller's company; another company's container answers 404.
 */
export const inventoryIoAppRouter = createRouter('/api/app/inventory');

const tags = ['inventory'];
const UPLOAD = { maxBytes: IMPORT_MAX_BYTES, typeRefused: 'importFileTypeRefused', tooLarge: 'importFileTooLarge' };

/** The caller, allowed `action` by the shelf's one rule (`inventoryDecision`, ADR 0089). */
function allowed(c: Context<AppEnv>, action: 'view' | 'add'): InventoryActor {
  const actor = c.get('actor');
  if (actor.kind !== 'user') throw new AppError(401);
  const me: InventoryActor = { userId: actor.userId, companyId: actor.companyId, name: actor.name, permissions: actor.permissions, audit: auditActorOf(actor, clientInfo(c).ip) };
  assertInventory(me, action);
  return me;
}
const companyOf = (c: Context<AppEnv>) => allowed(c, 'view');

// GET /api/app/inventory/labels?ids=1,2 — the labels of some containers, each with the QR code of its page (SVG)
inventoryIoAppRouter.endpoint(
  {
    method: 'get', path: '/labels', tags, summary: 'Labels of containers with the QR code (SVG) of each container’s page', input: labelsInputSchema, output: labelsSchema,
    audience: 'user', permissions: ['INVENTORY.VIEW'], description: 'All or nothing: an id that is not a container of the caller’s company answers 404 `containerNotFound`.',
  },
  async ({ ids }, c) => ({ items: await loadLabels(c.get('db'), { companyId: companyOf(c).companyId, ids }) }),
);

// GET /api/app/inventory/labels/find?label=C0000012 — the container a scanned or typed label names
inventoryIoAppRouter.endpoint(
  {
    method: 'get', path: '/labels/find', tags, summary: 'Find the container a label names (its code, or the address in its QR code)', input: labelLookupInputSchema, output: labelLookupSchema,
    audience: 'user', permissions: ['INVENTORY.VIEW'], description: 'A label of another company, or none, answers 404 `containerNotFound`.',
  },
  async ({ label }, c) => findByLabel(c.get('db'), { companyId: companyOf(c).companyId, text: label }),
);

// GET /api/app/inventory/ledger/export — the ledger in the audit's format (controlled chemicals only unless asked), streamed
xlsxExport(inventoryIoAppRouter, {
  path: '/ledger/export', summary: 'Export the inventory ledger (controlled chemicals by default) as an Excel workbook', tags,
  description: 'Streamed: chemical, CAS, lot, label code, date, movement, quantity in and out, balance, unit, who, purpose, location, oldest first.',
  input: ledgerExportInputSchema, audience: 'user', permissions: ['INVENTORY.VIEW'], file: 'inventory-ledger',
}, (filters, c) => exportLedger(c.get('db'), { companyId: companyOf(c).companyId, filters, lang: c.get('lang') }));

// GET /api/app/inventory/import/template — the stock import template (headers in both languages, an example, a guide)
inventoryIoAppRouter.endpoint(
  { method: 'get', path: '/import/template', tags, summary: 'Download the stock import template', input: importTemplateInputSchema, file: [XLSX_TYPE], audience: 'user', permissions: ['INVENTORY.VIEW', 'INVENTORY.EDIT'] },
  async (_input, c) => {
    allowed(c, 'add');
    return { body: await stockImportTemplate(c.get('lang')), type: XLSX_TYPE, name: 'inventory-import-template.xlsx' };
  },
);

// POST /api/app/inventory/import/preview — multipart `file`: every row checked, nothing written
inventoryIoAppRouter.endpoint(
  {
    method: 'post', path: '/import/preview', tags, summary: 'Check a stock import file and preview its containers (nothing is written)', upload: UPLOAD, output: importPreviewSchema,
    audience: 'user', permissions: ['INVENTORY.VIEW', 'INVENTORY.EDIT'], description: `CSV or XLSX, at most ${IMPORT_MAX_BYTES / 1024} KiB and 2,000 rows; each issue names its row and column in both languages.`,
  },
  async ({ file }, c) => previewOf(await prepareStockImport(c.get('db'), { companyId: allowed(c, 'add').companyId, file: { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }, today: businessToday() })),
);

// POST /api/app/inventory/import/commit — multipart `file`: checked again, then every container created in one transaction
inventoryIoAppRouter.endpoint(
  {
    method: 'post', path: '/import/commit', tags, summary: 'Import a stock file: containers with their received ledger rows, in one transaction', upload: UPLOAD, output: importCommitSchema,
    audience: 'user', permissions: ['INVENTORY.VIEW', 'INVENTORY.EDIT'], description: 'A file with any issue answers 400 `inventoryImportHasIssues` and writes nothing.',
  },
  async ({ file }, c) => {
    const me = allowed(c, 'add');
    const prepared = await prepareStockImport(c.get('db'), { companyId: me.companyId, file: { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }, today: businessToday() });
    return commitStockImport(c.get('db'), { companyId: me.companyId, prepared, userId: me.userId, actorName: me.name, audit: me.audit });
  },
);
