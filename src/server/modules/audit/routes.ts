import 'server-only';
import { z } from 'zod';
import { auditEntitiesSchema, auditListInputSchema, auditListSchema } from '@/contracts/admin';
import { parseInput } from '@/server/http/input';
import { requireAuth } from '@/server/http/middleware/authorise';
import { apiRegistry, createRouter } from '@/server/http/router';
import { csvCell, iterateAuditEntries, listAuditEntities, listAuditEntries } from './list';

export const auditAdminRouter = createRouter('/api/admin/audit');

const tags = ['admin: audit'];

// GET /api/admin/audit — the audit log newest first, filtered by who, entity, record and days
auditAdminRouter.endpoint(
  { method: 'get', path: '', tags, summary: 'List the audit log', input: auditListInputSchema, output: auditListSchema, audience: 'staff', permissions: ['AUDIT.VIEW'] },
  async (input, c) => listAuditEntries(c.get('db'), input),
);

// GET /api/admin/audit/entities — the entity names the log holds (filter choices)
auditAdminRouter.endpoint(
  { method: 'get', path: '/entities', tags, summary: 'Entity names in the audit log', output: auditEntitiesSchema, audience: 'staff', permissions: ['AUDIT.VIEW'] },
  async (_input, c) => listAuditEntities(c.get('db')),
);

const exportFilterSchema = auditListInputSchema.omit({ limit: true, offset: true });
const CSV_COLUMNS = ['id', 'createdAt', 'actorType', 'actorId', 'actorName', 'ip', 'companyId', 'action', 'entity', 'entityId', 'changes', 'note'] as const;

// GET /api/admin/audit/export — the filtered log as CSV, streamed in keyset batches (no row cap)
auditAdminRouter.app.get('/export', requireAuth('staff', ['AUDIT.VIEW']), async (c) => {
  const filter = parseInput(exportFilterSchema, Object.fromEntries(new URL(c.req.url).searchParams), c.get('lang'));
  const db = c.get('db');
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${CSV_COLUMNS.join(',')}\r\n`));
      for await (const batch of iterateAuditEntries(db, filter)) {
        controller.enqueue(encoder.encode(batch.map((row) => CSV_COLUMNS.map((k) => csvCell(row[k])).join(',')).join('\r\n') + '\r\n'));
      }
      controller.close();
    },
  });
  const stamp = new Date().toISOString().slice(0, 10);
  return new Response(stream, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="audit-${stamp}.csv"`,
      'x-request-id': c.get('requestId'),
    },
  });
});

apiRegistry.push({
  method: 'get', fullPath: '/api/admin/audit/export', tags, audience: 'staff', permissions: ['AUDIT.VIEW'],
  summary: 'Export the filtered audit log as CSV',
  description: 'Same filters as GET /api/admin/audit; answers text/csv (UTF-8 with BOM, formula cells escaped), streamed.',
  input: exportFilterSchema, output: z.string().describe('CSV'),
});
