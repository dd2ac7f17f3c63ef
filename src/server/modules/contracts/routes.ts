import 'server-only';
import type { Context } from 'hono';
import { z } from 'zod';
import { idParamSchema } from '@/contracts/admin';
import {
  contractCreateSchema, contractDetailSchema, contractFromQuotationSchema, contractListInputSchema, contractListSchema, contractMoveSchema, contractTimelineSchema,
  contractUpdateSchema,
} from '@/contracts/contracts';
import { idSchema } from '@/contracts/numbers';
import { clientInfo } from '@/server/http/cookies';
import type { AppEnv } from '@/server/http/context';
import { storedFileReply } from '@/server/http/file-reply';
import { createRouter } from '@/server/http/router';
import { approverOf } from '@/server/modules/approvals/engine';
import { staffOf } from '@/server/modules/approvals/routes';
import { auditActorOf } from '@/server/modules/audit/record';
import { xlsxExport } from '@/server/modules/exports/xlsx-routes';
import { STORED_TYPES } from '@/server/modules/files/routes';
import { PDF_FILE, pdfReply } from '@/server/modules/quotations/pdf-routes';
import {
  CONTRACT_ATTACHMENT_MAX_BYTES, addContractAttachment, contractFromQuotation, createContract, moveContract, openContractAttachment, removeContractAttachment,
  updateContract, type ContractStaff,
} from './contracts';
import { exportContracts } from './export';
import { contractPdf } from './pdf';
import { contractTimeline, getContract, listContracts } from './queries';

/** Contracts in the back-office (ADR 0044): CONTRACT.EDIT, scoped by the owner in the query. */
export const contractsAdminRouter = createRouter('/api/admin/contracts');

const tags = ['admin: contracts'];
const PERMS = ['CONTRACT.EDIT'] as const;
const me = (c: Context<AppEnv>) => approverOf(c.get('db'), staffOf(c));
async function withAudit(c: Context<AppEnv>): Promise<ContractStaff> {
  return { ...(await me(c)), audit: auditActorOf(c.get('actor'), clientInfo(c).ip) };
}

// GET /api/admin/contracts — search, state and customer filters, sort (time or amount), keyset pages
contractsAdminRouter.endpoint(
  { method: 'get', path: '', tags, summary: 'Contracts the caller may see', input: contractListInputSchema, output: contractListSchema, audience: 'staff', permissions: [...PERMS] },
  async (input, c) => listContracts(c.get('db'), await me(c), input),
);

// GET /api/admin/contracts/export — the list's contracts as a streamed Excel workbook (every row)
xlsxExport(contractsAdminRouter, {
  tags, audience: 'staff', permissions: [...PERMS], input: contractListInputSchema.omit({ cursor: true, limit: true }), file: 'contracts',
  summary: 'Export the contract list as an Excel workbook (.xlsx, streamed, every row)',
}, async (input, c) => exportContracts(c.get('db'), await me(c), input, c.get('lang')));

// POST /api/admin/contracts — a new draft contract for a customer company
contractsAdminRouter.endpoint(
  { method: 'post', path: '', tags, summary: 'Create a contract', input: contractCreateSchema, output: contractDetailSchema, audience: 'staff', permissions: [...PERMS] },
  async (input, c) => createContract(c.get('db'), await withAudit(c), input),
);

// POST /api/admin/contracts/from-quotation — a draft contract from an accepted quotation version (its total as the amount)
contractsAdminRouter.endpoint(
  { method: 'post', path: '/from-quotation', tags, summary: 'Create a contract from an accepted quotation', input: contractFromQuotationSchema, output: contractDetailSchema, audience: 'staff', permissions: [...PERMS, 'QUOTATION.EDIT'] },
  async (input, c) => contractFromQuotation(c.get('db'), await withAudit(c), input),
);

// GET /api/admin/contracts/:id — one contract with its files, approval and moves
contractsAdminRouter.endpoint(
  { method: 'get', path: '/:id', tags, summary: 'One contract', input: idParamSchema, output: contractDetailSchema, audience: 'staff', permissions: [...PERMS] },
  async (input, c) => getContract(c.get('db'), await me(c), input.id),
);

// PUT /api/admin/contracts/:id — edit a draft
contractsAdminRouter.endpoint(
  { method: 'put', path: '/:id', tags, summary: 'Edit a draft contract', input: contractUpdateSchema, output: contractDetailSchema, audience: 'staff', permissions: [...PERMS] },
  async (input, c) => updateContract(c.get('db'), await withAudit(c), input),
);

// PUT /api/admin/contracts/:id/status — move through the transition function (submit opens the approval)
contractsAdminRouter.endpoint(
  { method: 'put', path: '/:id/status', tags, summary: 'Change the state of a contract', input: contractMoveSchema, output: contractDetailSchema, audience: 'staff', permissions: [...PERMS] },
  async (input, c) => moveContract(c.get('db'), await withAudit(c), input),
);

// GET /api/admin/contracts/:id/timeline — its audit rows and its approval requests', oldest first
contractsAdminRouter.endpoint(
  { method: 'get', path: '/:id/timeline', tags, summary: 'The timeline of a contract', input: idParamSchema, output: contractTimelineSchema, audience: 'staff', permissions: [...PERMS] },
  async (input, c) => contractTimeline(c.get('db'), await me(c), input.id),
);

const pdfInput = idParamSchema.extend({ lang: z.enum(['zh', 'en']).optional() });

// GET /api/admin/contracts/:id/pdf?lang=zh|en — the contract as a PDF (Chinese font embedded)
contractsAdminRouter.endpoint(
  {
    method: 'get', path: '/:id/pdf', tags, audience: 'staff', permissions: [...PERMS], input: pdfInput, file: PDF_FILE,
    summary: 'The contract as a PDF', description: 'Answers the PDF itself, or the JSON envelope on an error.',
  },
  async (input, c) => pdfReply(await contractPdf(c.get('db'), await me(c), input.id, input.lang ?? c.get('lang'))),
);

const attachInput = idParamSchema.extend({ signedScan: z.enum(['0', '1']).optional() });

// POST /api/admin/contracts/:id/attachments?signedScan=1 — multipart `file` (image or PDF by its bytes); signedScan=1: the countersigned copy
contractsAdminRouter.endpoint(
  {
    method: 'post', path: '/:id/attachments', tags, audience: 'staff', permissions: [...PERMS],
    summary: 'Attach a file to an open contract',
    description: `multipart/form-data: \`file\` — PNG, JPEG, WebP (re-encoded) or PDF as the bytes say (415 otherwise), at most ${CONTRACT_ATTACHMENT_MAX_BYTES / 1024 / 1024} MiB; query \`signedScan=1\` for the countersigned copy (a sent contract only).`,
    input: attachInput, upload: { maxBytes: CONTRACT_ATTACHMENT_MAX_BYTES, typeRefused: 'fileTypeRefused', tooLarge: 'contractFileTooLarge' }, output: contractDetailSchema,
  },
  async ({ id, signedScan, file }, c) => addContractAttachment(c.get('db'), await withAudit(c), id, { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()), signedScan: signedScan === '1' }),
);

const attachmentParams = z.object({ id: idSchema, attachmentId: idSchema });

// DELETE /api/admin/contracts/:id/attachments/:attachmentId — remove a file from an open contract
contractsAdminRouter.endpoint(
  { method: 'delete', path: '/:id/attachments/:attachmentId', tags, summary: 'Remove a file from an open contract', input: attachmentParams, output: contractDetailSchema, audience: 'staff', permissions: [...PERMS] },
  async (input, c) => removeContractAttachment(c.get('db'), await withAudit(c), input.id, input.attachmentId),
);

// GET /api/admin/contracts/:id/attachments/:attachmentId — download a file of a contract the caller may see
contractsAdminRouter.endpoint(
  {
    method: 'get', path: '/:id/attachments/:attachmentId', tags, audience: 'staff', permissions: [...PERMS], input: attachmentParams, file: STORED_TYPES,
    summary: 'Download a file of a contract', description: 'Answers the file itself, or the JSON envelope on an error.',
  },
  async (input, c) => {
    const { file, name, mime } = await openContractAttachment(c.get('db'), await me(c), input.id, input.attachmentId);
    return storedFileReply(file, { type: mime, name });
  },
);
