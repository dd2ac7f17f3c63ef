import 'server-only';
import { z } from 'zod';
import {
  coaLookupInputSchema, coaYearInputSchema, documentListInputSchema, productDocumentPageSchema, productDocumentSchema, yearListSchema,
} from '@/contracts/content';
import { createRouter } from '@/server/http/router';
import { addKindEndpoints } from './kind-routes';
import { findCoas, listCoasOfYear, listCoaYears, listProductDocuments } from './documents';

export const resourceWebRouter = createRouter('/api/web/resourceManage');
addKindEndpoints(resourceWebRouter, { kind: 'resource', tag: 'resources', noun: 'Resources', endpoints: ['getType', 'getPage'] });

// POST /api/web/resourceManage/list — product documents (MSDS, protocols or COAs), by item number, CAS or name
resourceWebRouter.endpoint(
  { method: 'post', path: '/list', tags: ['resources'], input: documentListInputSchema, output: productDocumentPageSchema, summary: 'Product documents of a kind, one page' },
  async (input, c) => listProductDocuments(c.get('db'), { kind: input.kind, keyword: input.keyword, lang: c.get('lang'), limit: input.limit, offset: input.offset }),
);

// POST /api/web/resourceManage/getCOAs — the COA of a lot by item number and lot number
resourceWebRouter.endpoint(
  { method: 'post', path: '/getCOAs', tags: ['resources'], input: coaLookupInputSchema, output: z.array(productDocumentSchema), summary: 'COA lookup (itemNo, lotNo); an empty list when none matches' },
  async (input, c) => findCoas(c.get('db'), { itemNo: input.itemNo, lotNo: input.lotNo, lang: c.get('lang') }),
);

// POST /api/web/resourceManage/getYear — the years in which COAs were issued
resourceWebRouter.endpoint(
  { method: 'post', path: '/getYear', tags: ['resources'], output: yearListSchema, summary: 'Years with COAs, newest first' },
  async (_input, c) => listCoaYears(c.get('db')),
);

// POST /api/web/resourceManage/getAllCOAs — COAs of one year, one page
resourceWebRouter.endpoint(
  { method: 'post', path: '/getAllCOAs', tags: ['resources'], input: coaYearInputSchema, output: productDocumentPageSchema, summary: 'COAs issued in a year (year, keyword, limit, offset)' },
  async (input, c) => listCoasOfYear(c.get('db'), { year: input.year, keyword: input.keyword, lang: c.get('lang'), limit: input.limit, offset: input.offset }),
);
