import 'server-only';
import type { Context } from 'hono';
import { z } from 'zod';
import { idParamSchema } from '@/contracts/admin';
import { adminCategorySchema } from '@/contracts/catalog-editing';
import { adminContentBrandInputSchema, adminContentBrandSchema } from '@/contracts/content-editing';
import {
  agreementCreateSchema, agreementDetailSchema, agreementImportSchema, agreementListInputSchema, agreementListSchema, agreementMoveSchema, agreementUpdateInputSchema,
} from '@/contracts/price-agreements';
import type { Permission } from '@/server/auth/permissions';
import { clientInfo } from '@/server/http/cookies';
import type { AppEnv } from '@/server/http/context';
import { createRouter } from '@/server/http/router';
import { staffOf } from '@/server/modules/approvals/routes';
import { auditActorOf } from '@/server/modules/audit/record';
import { XLSX_TYPE, xlsxExport } from '@/server/modules/exports/xlsx-routes';
import { businessToday } from '@/server/business-time';
import { searchCatalogue } from '@/server/modules/quotations/catalogue';
import { listAdminCategoryTree } from '@/server/modules/catalog/admin-categories';
import { findContentBrands } from '@/server/modules/content/admin-items';
import { createAgreement, deleteAgreement, submitAgreement, updateAgreement, withdrawAgreement } from './agreements';
import { AGREEMENT_SHEET_MAX_BYTES, exportAgreementRules, importAgreementRules } from './excel';
import { exportAgreements } from './export';
import { agreementDetail, listAgreements } from './queries';

/** Company price agreements in the back-office (ADR 0084): PRICE.EDIT, scoped by the CRM's customers in the query. */
export const priceAgreementsAdminRouter = createRouter('/api/admin/price-agreements');

const tags = ['admin: price agreements'];
const guard: { audience: 'staff'; permissions: Permission[] } = { audience: 'staff', permissions: ['PRICE.EDIT'] };
const withAudit = (c: Context<AppEnv>) => ({ ...staffOf(c), audit: auditActorOf(c.get('actor'), clientInfo(c).ip) });

// GET /api/admin/price-agreements — search, company, state and "expiring within N days" filters, sort (created or last day), keyset pages
priceAgreementsAdminRouter.endpoint(
  { method: 'get', path: '', tags, summary: 'Price agreements the caller may see', input: agreementListInputSchema, output: agreementListSchema, ...guard },
  async (input, c) => listAgreements(c.get('db'), staffOf(c), input),
);

// GET /api/admin/price-agreements/export — the list (e.g. the report of agreements expiring within 30 days) as an Excel workbook
xlsxExport(priceAgreementsAdminRouter, {
  tags, ...guard, input: agreementListInputSchema.omit({ cursor: true, limit: true }), file: 'price-agreements',
  summary: 'Export the agreement list as an Excel workbook (.xlsx, streamed, every row)',
}, async (input, c) => exportAgreements(c.get('db'), staffOf(c), input, c.get('lang')));

const pickSchema = z.object({
  productId: z.number(), itemNo: z.string(), cas: z.string().nullable(), name: z.string(), brandName: z.string(),
  packs: z.array(z.object({ packId: z.number(), size: z.string(), listCents: z.number(), stock: z.number(), leadTimeDays: z.number() })),
});

// GET /api/admin/price-agreements/catalogue — products and packs for net and break rules, by the storefront's search
priceAgreementsAdminRouter.endpoint(
  { method: 'get', path: '/catalogue', tags, summary: 'Catalogue search for pack rules', input: z.object({ key: z.string().trim().min(1).max(50) }), output: z.array(pickSchema), ...guard },
  async (input, c) => searchCatalogue(c.get('db'), input.key, c.get('lang')),
);

// GET /api/admin/price-agreements/brands?key=&id= — brands for brand discounts (the searchable select), at most 20
priceAgreementsAdminRouter.endpoint(
  { method: 'get', path: '/brands', tags, summary: 'Brands for discount rules', input: adminContentBrandInputSchema, output: z.array(adminContentBrandSchema), ...guard },
  async (input, c) => findContentBrands(c.get('db'), input),
);

// GET /api/admin/price-agreements/categories — the category tree for category discounts
priceAgreementsAdminRouter.endpoint(
  { method: 'get', path: '/categories', tags, summary: 'The category tree for discount rules', output: z.array(adminCategorySchema), ...guard },
  async (_input, c) => listAdminCategoryTree(c.get('db')),
);

// GET /api/admin/price-agreements/:id — the record: rules, approval, history
priceAgreementsAdminRouter.endpoint(
  { method: 'get', path: '/:id', tags, summary: 'One agreement with its rules and history', input: idParamSchema, output: agreementDetailSchema, ...guard },
  async (input, c) => agreementDetail(c.get('db'), staffOf(c), input.id, c.get('lang')),
);

// POST /api/admin/price-agreements — a new draft for a customer, with its rules
priceAgreementsAdminRouter.endpoint(
  { method: 'post', path: '', tags, summary: 'New agreement draft for a customer', input: agreementCreateSchema, output: agreementDetailSchema, ...guard },
  async (input, c) => createAgreement(c.get('db'), withAudit(c), input, c.get('lang')),
);

// PUT /api/admin/price-agreements/:id — a draft's name, period, note and rules (replaced as a whole)
priceAgreementsAdminRouter.endpoint(
  { method: 'put', path: '/:id', tags, summary: 'Save an agreement draft', input: agreementUpdateInputSchema, output: agreementDetailSchema, ...guard },
  async (input, c) => updateAgreement(c.get('db'), withAudit(c), input, c.get('lang')),
);

// POST /api/admin/price-agreements/:id/submit — active at or above the floor, to approval below it
priceAgreementsAdminRouter.endpoint(
  { method: 'post', path: '/:id/submit', tags, summary: 'Submit a draft', input: agreementMoveSchema, output: agreementDetailSchema, ...guard },
  async (input, c) => submitAgreement(c.get('db'), withAudit(c), input.id, input.comment, c.get('lang')),
);

// POST /api/admin/price-agreements/:id/withdraw — an agreement waiting for approval or active stops pricing
priceAgreementsAdminRouter.endpoint(
  { method: 'post', path: '/:id/withdraw', tags, summary: 'Withdraw an agreement', input: agreementMoveSchema, output: agreementDetailSchema, ...guard },
  async (input, c) => withdrawAgreement(c.get('db'), withAudit(c), input.id, input.comment, c.get('lang')),
);

// DELETE /api/admin/price-agreements/:id — a draft and its rules
priceAgreementsAdminRouter.endpoint(
  { method: 'delete', path: '/:id', tags, summary: 'Delete an agreement draft', input: idParamSchema, output: z.object({ deleted: z.boolean() }), ...guard },
  async (input, c) => {
    await deleteAgreement(c.get('db'), withAudit(c), input.id);
    return { deleted: true };
  },
);

// GET /api/admin/price-agreements/:id/rules.xlsx — the rules as a workbook (item numbers, brand and category names)
priceAgreementsAdminRouter.endpoint(
  { method: 'get', path: '/:id/rules.xlsx', tags, summary: 'Export an agreement\'s rules as an Excel workbook', description: 'Answers the workbook itself, or the JSON envelope on an error.', input: idParamSchema, file: [XLSX_TYPE], ...guard },
  async (input, c) => ({ body: await exportAgreementRules(c.get('db'), withAudit(c), input.id, c.get('lang')), type: XLSX_TYPE, name: `price-agreement-${input.id}-${businessToday()}.xlsx` }),
);

// POST /api/admin/price-agreements/:id/rules.xlsx — a workbook replaces a draft's rules (every bad row reported, nothing saved)
priceAgreementsAdminRouter.endpoint(
  {
    method: 'post', path: '/:id/rules.xlsx', tags, summary: 'Import an agreement\'s rules from an Excel workbook', ...guard, input: idParamSchema,
    description: `multipart/form-data with one part, \`file\`: the export's layout, .xlsx, at most ${AGREEMENT_SHEET_MAX_BYTES / 1024 / 1024} MiB. Bad rows answer 400 with one field error per cell (\`rows.<row>.<field>\`).`,
    upload: { maxBytes: AGREEMENT_SHEET_MAX_BYTES, typeRefused: 'agreementSheetUnreadable', tooLarge: 'tooLarge' }, output: agreementImportSchema,
  },
  async (input, c) => importAgreementRules(c.get('db'), withAudit(c), input.id, input.file),
);
