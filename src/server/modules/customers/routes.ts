import 'server-only';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  activityInputSchema, contactInputSchema, contactKeySchema, contactUpdateSchema, customerCreateSchema, customerDetailSchema, customerFiltersSchema, customerIdSchema, customerListInputSchema,
  customerListSchema, customerOrdersSchema, customerUpdateSchema, customerUsersSchema, savedViewInputSchema, savedViewListSchema, savedViewSchema,
  timelineInputSchema, timelineSchema,
} from '@/contracts/customers';
import { idSchema } from '@/contracts/numbers';
import { AppError } from '@/server/errors';
import { clientInfo } from '@/server/http/cookies';
import type { AppEnv } from '@/server/http/context';
import { createRouter } from '@/server/http/router';
import { auditActorOf } from '@/server/modules/audit/record';
import { xlsxExport } from '@/server/modules/exports/xlsx-routes';
import { UPLOAD_MAX_BYTES } from '@/server/modules/files/upload';
import { STORED_TYPES, storedDownload } from '@/server/modules/files/routes';
import type { CrmActor } from './access';
import { createProspect, customerFilters, customerOrders, customerUsers, getCustomer, listCustomers, updateCustomer } from './customers';
import { exportCustomers } from './export';
import { addActivity, addContact, customerTimeline, deleteContact, licenceFileOf, storeLicenceFile, updateContact } from './records';
import { deleteSavedView, listSavedViews, saveView } from './saved-views';

function crmActor(c: Context<AppEnv>): CrmActor {
  const actor = c.get('actor');
  if (actor.kind !== 'staff') throw new AppError(401);
  return { staffId: actor.staffId, permissions: actor.permissions, name: actor.name, audit: auditActorOf(actor, clientInfo(c).ip) };
}

const okSchema = z.object({ ok: z.boolean() });
const createdSchema = z.object({ id: z.number().int() });
const tags = ['admin: customers'];
const VIEW = ['CUSTOMER.VIEW'] as const;
const EDIT = ['CUSTOMER.VIEW', 'CUSTOMER.EDIT'] as const;

/** Staff: the CRM's customers (ADR 0038), each call scoped to the customers the member sees. */
export const customersAdminRouter = createRouter('/api/admin/customers');

// GET /api/admin/customers — search, kind/level/owner/team/tag/scope filters, sort by name or creation, keyset pages
customersAdminRouter.endpoint(
  { method: 'get', path: '', tags, summary: 'The customers the member sees: filters, sort, keyset pages', input: customerListInputSchema, output: customerListSchema, audience: 'staff', permissions: [...VIEW] },
  async (input, c) => listCustomers(c.get('db'), crmActor(c), input),
);

// POST /api/admin/customers — enter a prospect (owned by the member)
customersAdminRouter.endpoint(
  { method: 'post', path: '', tags, summary: 'Enter a prospect', input: customerCreateSchema, output: createdSchema, audience: 'staff', permissions: [...EDIT] },
  async (input, c) => createProspect(c.get('db'), crmActor(c), input),
);

// GET /api/admin/customers/export — the list's customers as an Excel workbook (formula-like text escaped)
xlsxExport(customersAdminRouter, {
  tags, audience: 'staff', permissions: [...VIEW], input: customerListInputSchema.omit({ cursor: true, limit: true }), file: 'customers',
  summary: 'Export the customers of the list filters as an Excel workbook (.xlsx, streamed, every row)',
  description: 'Answers the workbook itself (Content-Disposition attachment), or the JSON envelope on an error.',
}, (input, c) => exportCustomers(c.get('db'), crmActor(c), input, c.get('lang')));

// GET /api/admin/customers/filters — the teams and the active staff, for the list's team and owner filters
customersAdminRouter.endpoint(
  { method: 'get', path: '/filters', tags, summary: 'Teams and staff for the customer list filters', input: z.object({}), output: customerFiltersSchema, audience: 'staff', permissions: [...VIEW] },
  async (_input, c) => customerFilters(c.get('db')),
);

// GET /api/admin/customers/views?listKey= — the member's own saved views of a list
customersAdminRouter.endpoint(
  { method: 'get', path: '/views', tags, summary: 'The member\'s saved views of a list', input: savedViewListSchema, output: z.array(savedViewSchema), audience: 'staff', permissions: ['ADMIN.ACCESS'] },
  async (input, c) => listSavedViews(c.get('db'), crmActor(c).staffId, input.listKey),
);

// POST /api/admin/customers/views — save the list's filters and sort under a name (replaces the member's view of that name)
customersAdminRouter.endpoint(
  { method: 'post', path: '/views', tags, summary: 'Save a view of a list', input: savedViewInputSchema, output: savedViewSchema, audience: 'staff', permissions: ['ADMIN.ACCESS'] },
  async (input, c) => saveView(c.get('db'), crmActor(c).staffId, input),
);

// DELETE /api/admin/customers/views/:viewId — delete one of the member's own views
customersAdminRouter.endpoint(
  { method: 'delete', path: '/views/:viewId', tags, summary: 'Delete a saved view', input: z.object({ viewId: idSchema }), output: okSchema, audience: 'staff', permissions: ['ADMIN.ACCESS'] },
  async (input, c) => {
    await deleteSavedView(c.get('db'), crmActor(c).staffId, input.viewId);
    return { ok: true };
  },
);

// GET /api/admin/customers/:id — one customer with contacts and the owners it may be given to (404 when not seen)
customersAdminRouter.endpoint(
  { method: 'get', path: '/:id', tags, summary: 'One customer', input: customerIdSchema, output: customerDetailSchema, audience: 'staff', permissions: [...VIEW] },
  async (input, c) => getCustomer(c.get('db'), crmActor(c), input.id),
);

// PUT /api/admin/customers/:id — change fields, the licence name, the owner (licence rule; reassignment rule)
customersAdminRouter.endpoint(
  { method: 'put', path: '/:id', tags, summary: 'Change a customer (owner, level, credit terms, tags, licence name)', input: customerUpdateSchema, output: customerDetailSchema, audience: 'staff', permissions: [...EDIT] },
  async (input, c) => {
    const actor = crmActor(c);
    await updateCustomer(c.get('db'), actor, input);
    return getCustomer(c.get('db'), actor, input.id).catch((e: unknown) => {
      // Given away to a member outside the caller's sight: the change is made, the record no longer shown.
      if (e instanceof AppError && e.code === 404) throw new AppError(404, 'crmCustomerGivenAway');
      throw e;
    });
  },
);

// GET /api/admin/customers/:id/users — the company's storefront users
customersAdminRouter.endpoint(
  { method: 'get', path: '/:id/users', tags, summary: 'A customer\'s storefront users', input: customerIdSchema, output: customerUsersSchema, audience: 'staff', permissions: [...VIEW] },
  async (input, c) => customerUsers(c.get('db'), crmActor(c), input.id),
);

// GET /api/admin/customers/:id/orders — the company's latest 50 orders (read only)
customersAdminRouter.endpoint(
  { method: 'get', path: '/:id/orders', tags, summary: 'A customer\'s latest orders', input: customerIdSchema, output: customerOrdersSchema, audience: 'staff', permissions: [...VIEW] },
  async (input, c) => customerOrders(c.get('db'), crmActor(c), input.id),
);

// GET /api/admin/customers/:id/timeline — activities and changes, newest first, keyset pages
customersAdminRouter.endpoint(
  { method: 'get', path: '/:id/timeline', tags, summary: 'A customer\'s timeline', input: timelineInputSchema, output: timelineSchema, audience: 'staff', permissions: [...VIEW] },
  async (input, c) => customerTimeline(c.get('db'), crmActor(c), input),
);

// POST /api/admin/customers/:id/activities — log a call, visit or note
customersAdminRouter.endpoint(
  { method: 'post', path: '/:id/activities', tags, summary: 'Log a call, visit or note', input: activityInputSchema, output: createdSchema, audience: 'staff', permissions: [...EDIT] },
  async (input, c) => addActivity(c.get('db'), crmActor(c), input),
);

// POST /api/admin/customers/:id/contacts — add a contact
customersAdminRouter.endpoint(
  { method: 'post', path: '/:id/contacts', tags, summary: 'Add a contact', input: contactInputSchema, output: createdSchema, audience: 'staff', permissions: [...EDIT] },
  async (input, c) => addContact(c.get('db'), crmActor(c), input),
);

// PUT /api/admin/customers/:id/contacts/:contactId — change a contact
customersAdminRouter.endpoint(
  {
    method: 'put', path: '/:id/contacts/:contactId', tags, summary: 'Change a contact', input: contactUpdateSchema,
    output: okSchema, audience: 'staff', permissions: [...EDIT],
  },
  async (input, c) => {
    await updateContact(c.get('db'), crmActor(c), input);
    return { ok: true };
  },
);

// DELETE /api/admin/customers/:id/contacts/:contactId — remove a contact
customersAdminRouter.endpoint(
  { method: 'delete', path: '/:id/contacts/:contactId', tags, summary: 'Remove a contact', input: contactKeySchema, output: okSchema, audience: 'staff', permissions: [...EDIT] },
  async (input, c) => {
    await deleteContact(c.get('db'), crmActor(c), input);
    return { ok: true };
  },
);

// POST /api/admin/customers/:id/licence — multipart `file`: the business licence (PNG, JPEG, WebP or PDF by its bytes)
customersAdminRouter.endpoint(
  {
    method: 'post', path: '/:id/licence', tags, audience: 'staff', permissions: [...EDIT],
    summary: 'Upload a customer\'s business licence',
    description: 'multipart/form-data with one part, `file`: PNG, JPEG, WebP or PDF as the bytes say (else 415), at most the upload limit (413). Answers the stored file name.',
    input: customerIdSchema, upload: { maxBytes: UPLOAD_MAX_BYTES, typeRefused: 'fileTypeRefused', tooLarge: 'tooLarge' },
    output: z.object({ fileName: z.string() }),
  },
  async ({ id, file }, c) => storeLicenceFile(c.get('db'), crmActor(c), id, { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }),
);

// GET /api/admin/customers/:id/licence — the licence file (404 when none, or the customer is not seen)
customersAdminRouter.endpoint(
  {
    method: 'get', path: '/:id/licence', tags, audience: 'staff', permissions: [...VIEW], input: customerIdSchema, file: STORED_TYPES, notFoundOnInvalid: 'fileNotFound',
    summary: 'Download a customer\'s business licence', description: 'Answers the file itself, or the JSON envelope on an error.',
  },
  async (input, c) => {
    const file = await licenceFileOf(c.get('db'), crmActor(c), input.id);
    return storedDownload(file && { key: file.key, name: file.fileName, type: file.mime }, { cache: 'private, max-age=300' });
  },
);
