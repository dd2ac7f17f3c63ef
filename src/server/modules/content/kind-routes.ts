import 'server-only';
import { z } from 'zod';
import {
  contentDetailSchema, contentPageInputSchema, contentPageSchema, contentTypeSchema, idInputSchema, linkedListInputSchema,
} from '@/contracts/content';
import type { ContentKind } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import type { createRouter } from '@/server/http/router';
import { listContentTypes } from './categories';
import { getContentDetail, listContent } from './items';

/** The calls every content channel answers alike, but for its kind (docs/requirements/api.md#public-calls). */
export type KindEndpoint = 'getType' | 'getPage' | 'linked/list' | 'getDetails';

export interface KindEndpoints {
  kind: ContentKind;
  /** OpenAPI tag, and the noun of the summaries ("News", "Application cases"). */
  tag: string;
  noun: string;
  endpoints: readonly KindEndpoint[];
  /** `getPage`'s input: `typeId`, `keyword` and the page (the channels differ only in the default page size). */
  pageInput?: typeof contentPageInputSchema;
}

/** Registers a channel's standard calls on its router (`/getType`, `/getPage`, `/linked/list`, `/getDetails`). */
export function addKindEndpoints(router: ReturnType<typeof createRouter>, spec: KindEndpoints): void {
  const { kind, tag, noun } = spec;
  const has = (e: KindEndpoint) => spec.endpoints.includes(e);

  // POST <base>/getType — the channel's categories with their item counts
  if (has('getType')) {
    router.endpoint(
      { method: 'post', path: '/getType', tags: [tag], output: z.array(contentTypeSchema), summary: `${noun}: categories (id, type, count)` },
      async (_input, c) => listContentTypes(c.get('db'), { kind, lang: c.get('lang') }),
    );
  }

  // POST <base>/getPage — one page of the channel, by category and keyword
  if (has('getPage')) {
    router.endpoint(
      { method: 'post', path: '/getPage', tags: [tag], input: spec.pageInput ?? contentPageInputSchema, output: contentPageSchema, summary: `${noun}, one page (typeId, keyword, limit, offset)` },
      async (input, c) => listContent(c.get('db'), { kind, categoryId: input.typeId, keyword: input.keyword, lang: c.get('lang'), limit: input.limit, offset: input.offset }),
    );
  }

  // POST <base>/linked/list — the channel's items linked to a brand
  if (has('linked/list')) {
    router.endpoint(
      { method: 'post', path: '/linked/list', tags: [tag], input: linkedListInputSchema, output: contentPageSchema, summary: `${noun} linked to a brand` },
      async (input, c) => listContent(c.get('db'), { kind, brandId: input.brandId, lang: c.get('lang'), limit: input.limit, offset: input.offset }),
    );
  }

  // POST <base>/getDetails — one item (sanitised body, one view counted); 404 when unknown or of another channel
  if (has('getDetails')) {
    router.endpoint(
      { method: 'post', path: '/getDetails', tags: [tag], input: idInputSchema, output: contentDetailSchema, summary: `${noun}: one item` },
      async (input, c) => {
        const detail = await getContentDetail(c.get('db'), { id: input.id, kind, lang: c.get('lang'), countView: true });
        if (!detail) throw new AppError(404, 'contentNotFound');
        return detail;
      },
    );
  }
}
