import 'server-only';
import { z } from 'zod';
import {
  idInputSchema, qaListInputSchema, qaSchema, supportTypeDetailSchema, supportTypePageInputSchema, supportTypeSchema,
} from '@/contracts/content';
import { AppError } from '@/server/errors';
import { createRouter } from '@/server/http/router';
import { addKindEndpoints } from './kind-routes';
import { getContentType, listContentTypes } from './categories';
import { listContent, listQa } from './items';

export const supportWebRouter = createRouter('/api/web/secondSupport');
addKindEndpoints(supportWebRouter, { kind: 'support', tag: 'support', noun: 'Support articles', endpoints: ['getPage', 'getDetails'] });

// POST /api/web/secondSupport/getTypePage — support types, one page (limit 6, offset 1)
supportWebRouter.endpoint(
  { method: 'post', path: '/getTypePage', tags: ['support'], input: supportTypePageInputSchema, output: z.array(supportTypeSchema), summary: 'Support types (id, type), one page' },
  async (input, c) => (await listContentTypes(c.get('db'), { kind: 'support', lang: c.get('lang'), limit: input.limit, offset: input.offset })).map((t) => ({ id: t.id, type: t.type })),
);

// POST /api/web/secondSupport/getQAList — frequent questions with short answers
supportWebRouter.endpoint(
  { method: 'post', path: '/getQAList', tags: ['support'], input: qaListInputSchema, output: z.array(qaSchema), summary: 'Questions and answers' },
  async (input, c) => listQa(c.get('db'), { typeId: input.typeId, limit: input.limit, lang: c.get('lang') }),
);

// POST /api/web/secondSupport/getTypeDetails — one support type with its articles; 404 when unknown
supportWebRouter.endpoint(
  { method: 'post', path: '/getTypeDetails', tags: ['support'], input: idInputSchema, output: supportTypeDetailSchema, summary: 'One support type and its articles' },
  async (input, c) => {
    const db = c.get('db');
    const type = await getContentType(db, { kind: 'support', id: input.id, lang: c.get('lang') });
    if (!type) throw new AppError(404, 'typeNotFound');
    const items = await listContent(db, { kind: 'support', categoryId: type.id, lang: c.get('lang'), limit: 50, offset: 1 });
    return { ...type, items: items.list };
  },
);
