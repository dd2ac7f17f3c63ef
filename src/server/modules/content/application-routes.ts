import 'server-only';
import { z } from 'zod';
import {
  applicationPageInputSchema, applicationTypeIdInputSchema, applicationTypeSchema, contentDetailSchema, contentPageSchema,
  contentSummarySchema, idInputSchema, linkedListInputSchema,
} from '@/contracts/content';
import { AppError } from '@/server/errors';
import { createRouter } from '@/server/http/router';
import { getContentType, listApplicationTypes } from './categories';
import { getContentDetail, listContent } from './items';

export const applicationWebRouter = createRouter('/api/web/applicationManagement');

// POST /api/web/applicationManagement/getType — application categories with their cases
applicationWebRouter.endpoint(
  { method: 'post', path: '/getType', tags: ['applications'], output: z.array(applicationTypeSchema), summary: 'Application categories, each with its cases (id, name)' },
  async (_input, c) => listApplicationTypes(c.get('db'), { lang: c.get('lang'), casesPerType: 50 }),
);

// POST /api/web/applicationManagement/getPage — one page of application cases
applicationWebRouter.endpoint(
  { method: 'post', path: '/getPage', tags: ['applications'], input: applicationPageInputSchema, output: contentPageSchema, summary: 'Application cases, one page (typeId, keyword, limit 15, offset 1)' },
  async (input, c) => listContent(c.get('db'), { kind: 'application', categoryId: input.typeId, keyword: input.keyword, lang: c.get('lang'), limit: input.limit, offset: input.offset }),
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

// POST /api/web/applicationManagement/linked/list — application cases linked to a brand
applicationWebRouter.endpoint(
  { method: 'post', path: '/linked/list', tags: ['applications'], input: linkedListInputSchema, output: contentPageSchema, summary: 'Application cases linked to a brand' },
  async (input, c) => listContent(c.get('db'), { kind: 'application', brandId: input.brandId, lang: c.get('lang'), limit: input.limit, offset: input.offset }),
);

// POST /api/web/applicationManagement/getDetails — one application case; 404 when unknown
applicationWebRouter.endpoint(
  { method: 'post', path: '/getDetails', tags: ['applications'], input: idInputSchema, output: contentDetailSchema, summary: 'One application case' },
  async (input, c) => {
    const detail = await getContentDetail(c.get('db'), { id: input.id, kind: 'application', lang: c.get('lang'), countView: true });
    if (!detail) throw new AppError(404, 'contentNotFound');
    return detail;
  },
);
