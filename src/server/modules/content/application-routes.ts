import 'server-only';
import { z } from 'zod';
import { applicationPageInputSchema, applicationTypeIdInputSchema, applicationTypeSchema, contentSummarySchema } from '@/contracts/content';
import { AppError } from '@/server/errors';
import { createRouter } from '@/server/http/router';
import { addKindEndpoints } from './kind-routes';
import { getContentType, listApplicationTypes } from './categories';
import { listContent } from './items';

export const applicationWebRouter = createRouter('/api/web/applicationManagement');
addKindEndpoints(applicationWebRouter, {
  kind: 'application', tag: 'applications', noun: 'Application cases', endpoints: ['getPage', 'linked/list', 'getDetails'], pageInput: applicationPageInputSchema,
});

// POST /api/web/applicationManagement/getType — application categories with their cases
applicationWebRouter.endpoint(
  { method: 'post', path: '/getType', tags: ['applications'], output: z.array(applicationTypeSchema), summary: 'Application categories, each with its cases (id, name)' },
  async (_input, c) => listApplicationTypes(c.get('db'), { lang: c.get('lang'), casesPerType: 50 }),
);

// POST /api/web/applicationManagement/getTypeId — application details by category (typeId, limit 15, offset 1)
applicationWebRouter.endpoint(
  { method: 'post', path: '/getTypeId', tags: ['applications'], input: applicationTypeIdInputSchema, output: z.array(contentSummarySchema), summary: 'Application cases of one category (a list)' },
  async (input, c) => {
    const db = c.get('db');
    if (!(await getContentType(db, { kind: 'application', id: input.typeId, lang: c.get('lang') }))) throw new AppError(404, 'typeNotFound');
    return (await listContent(db, { kind: 'application', categoryId: input.typeId, lang: c.get('lang'), limit: input.limit, offset: input.offset })).list;
  },
);
