import 'server-only';
import { idParamSchema } from '@/contracts/admin';
import {
  adminLotCreateSchema, adminLotDeleteSchema, adminLotParamSchema, adminLotUpdateSchema, adminProductLotsSchema, COA_MAX_BYTES,
} from '@/contracts/lots';
import { revalidateStorefront } from '@/server/cache/storefront';
import { clientInfo } from '@/server/http/cookies';
import { createRouter } from '@/server/http/router';
import { auditActorOf } from '@/server/modules/audit/record';
import { createLot, deleteLot, listProductLots, storeLotCoa, updateLot } from './admin-lots';

export const lotsAdminRouter = createRouter('/api/admin/catalog');

const tags = ['admin: catalogue'];

// GET /api/admin/catalog/products/:id/lots — the product's packs, each with its lots (ADR 0032)
lotsAdminRouter.endpoint(
  { method: 'get', path: '/products/:id/lots', tags, summary: 'A product\'s packs with their lots', input: idParamSchema, output: adminProductLotsSchema, audience: 'staff', permissions: ['CATALOG.EDIT'] },
  async (input, c) => listProductLots(c.get('db'), { productId: input.id }),
);

// POST /api/admin/catalog/products/:id/lots — add a lot to a pack (409 when the pack has that lot number)
lotsAdminRouter.endpoint(
  { method: 'post', path: '/products/:id/lots', tags, summary: 'Add a lot to a pack', input: adminLotCreateSchema, output: adminProductLotsSchema, audience: 'staff', permissions: ['CATALOG.EDIT'] },
  async (input, c) => {
    const lots = await createLot(c.get('db'), { actor: auditActorOf(c.get('actor'), clientInfo(c).ip), lot: input });
    revalidateStorefront('catalogue');
    return lots;
  },
);

// PUT /api/admin/catalog/products/:id/lots/:lotId — change a lot's number, quantity, dates, warehouse
lotsAdminRouter.endpoint(
  { method: 'put', path: '/products/:id/lots/:lotId', tags, summary: 'Change a lot', input: adminLotUpdateSchema, output: adminProductLotsSchema, audience: 'staff', permissions: ['CATALOG.EDIT'] },
  async (input, c) => {
    const lots = await updateLot(c.get('db'), { actor: auditActorOf(c.get('actor'), clientInfo(c).ip), lot: input });
    revalidateStorefront('catalogue');
    return lots;
  },
);

// DELETE /api/admin/catalog/products/:id/lots/:lotId?deleteCoa= — delete a lot (its COA stays unless asked)
lotsAdminRouter.endpoint(
  { method: 'delete', path: '/products/:id/lots/:lotId', tags, summary: 'Delete a lot', input: adminLotDeleteSchema, output: adminProductLotsSchema, audience: 'staff', permissions: ['CATALOG.EDIT'] },
  async (input, c) => {
    const lots = await deleteLot(c.get('db'), { actor: auditActorOf(c.get('actor'), clientInfo(c).ip), ...input });
    revalidateStorefront('catalogue');
    return lots;
  },
);

// POST /api/admin/catalog/products/:id/lots/:lotId/coa — multipart `file`: the lot's COA (PDF by its bytes)
lotsAdminRouter.endpoint(
  {
    method: 'post', path: '/products/:id/lots/:lotId/coa', summary: 'Upload a lot\'s COA (PDF)', tags, audience: 'staff', permissions: ['CATALOG.EDIT'],
    description: `multipart/form-data with one part, \`file\`: a PDF as the file's bytes say (\`%PDF-\` … \`%%EOF\`, no markup; HTML, SVG, images and others: `
      + `415 \`catalogCoaTypeRefused\`), at most ${COA_MAX_BYTES / 1024 / 1024} MiB (413 \`catalogCoaTooLarge\`). Creates or replaces the lot's COA document `
      + '(kind `coa`, the lot\'s number), which the storefront\'s COA lookup finds. Answers the product\'s packs with their lots.',
    input: adminLotParamSchema,
    // This route's own limit (the frame's 1 MiB does not apply to it): the PDF and the multipart frame.
    upload: { maxBytes: COA_MAX_BYTES, typeRefused: 'catalogCoaTypeRefused', tooLarge: 'catalogCoaTooLarge', limit: COA_MAX_BYTES + 64 * 1024 },
    output: adminProductLotsSchema,
  },
  async ({ id, lotId, file }, c) => {
    const lots = await storeLotCoa(c.get('db'), { actor: auditActorOf(c.get('actor'), clientInfo(c).ip), id, lotId, bytes: new Uint8Array(await file.arrayBuffer()), name: file.name });
    revalidateStorefront('catalogue');
    return lots;
  },
);
