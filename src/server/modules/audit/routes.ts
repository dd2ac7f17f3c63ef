import 'server-only';
import { auditEntitiesSchema, auditListInputSchema, auditListSchema } from '@/contracts/admin';
import { createRouter } from '@/server/http/router';
import { csvCell, iterateAuditEntries, listAuditEntities, listAuditEntries } from './list';
import { businessToday } from '@/server/business-time';

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
const CSV_COLUMNS = ['id', 'createdAt', 'actorType', 'actorId', 'actorName', 'ip', 'companyId', 'action', 'entity', 'entityId', 'record', 'changes', 'note'] as const;

// GET /api/admin/audit/export — the filtered log as CSV, streamed in keyset batches (no row cap)
auditAdminRouter.endpoint(
  {
    method: 'get', path: '/export', tags, audience: 'staff', permissions: ['AUDIT.VIEW'], input: exportFilterSchema, file: ['text/csv; charset=utf-8'],
    summary: 'Export the filtered audit log as CSV',
    description: 'Same filters as GET /api/admin/audit; answers text/csv (UTF-8 with BOM, formula cells escaped), streamed.',
  },
  async (filter, c) => {
    const db = c.get('db');
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode(`\uFEFF${CSV_COLUMNS.join(',')}\r\n`));
        for await (const batch of iterateAuditEntries(db, filter)) {
          controller.enqueue(encoder.encode(batch.map((row) => CSV_COLUMNS.map((k) => csvCell(k === 'record' ? row.record?.number : row[k])).join(',')).join('\r\n') + '\r\n'));
        }
        controller.close();
      },
    });
    return { body: stream, type: 'text/csv; charset=utf-8', name: `audit-${businessToday()}.csv` };
  },
);
