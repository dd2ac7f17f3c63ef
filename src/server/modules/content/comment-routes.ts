import 'server-only';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  CONTENT_CHANNELS, channelInputSchema, channelSchema, cmsUserInputSchema, cmsUserSchema, commentAddInputSchema, commentListInputSchema,
  commentPageSchema, commentSchema, contentDetailSchema, contentListInputSchema, contentPageSchema, contentTypeSchema, idInputSchema,
  navChannelSchema, optionalChannelInputSchema, resListInputSchema, resourceFilePageSchema, tagSchema, tipsSchema, type ContentChannel,
} from '@/contracts/content';
import type { AppEnv } from '@/server/http/context';
import { clientInfo } from '@/server/http/cookies';
import { AppError } from '@/server/errors';
import { apiText } from '@/server/http/locale';
import { createRouter } from '@/server/http/router';
import { getContentType, listContentTypes } from '@/server/modules/content/categories';
import { getContentDetail, listContent, resourceUrl } from '@/server/modules/content/items';
import { listTags } from '@/server/modules/content/tags';
import { getRateLimits } from '@/server/modules/rate-limit/limits';
import { LIKES_PER_ADDRESS } from '@/server/modules/rate-limit/policies';
import { ensureVisitorId } from '@/server/http/visitor-cookie';
import { addComment, addTip, listComments, saveCmsUser, type ContentActor } from './comments';
import type { Lang } from '@/lib/lang';

/** Where each channel's list lives on the storefront, and how it takes a category. */
export function channelHref(channel: ContentChannel, categoryId?: number): string {
  const base = { news: '/news/list', application: '/applications/list', citation: '/citations/list', support: '/support/list', resource: '/resources/index/detail' }[channel];
  if (categoryId === undefined) return channel === 'resource' ? '/resources/index' : channel === 'support' ? '/support/index' : base;
  const param = channel === 'support' ? 'id' : channel === 'resource' ? 'type' : 'typeId';
  return `${base}?${param}=${categoryId}`;
}

function channelName(lang: Lang, channel: ContentChannel): string {
  return apiText(lang, 'messages', `channel${channel[0]?.toUpperCase() ?? ''}${channel.slice(1)}`);
}

function actorOf(c: Context<AppEnv>): ContentActor {
  const actor = c.get('actor');
  return { visitorId: ensureVisitorId(c), ip: clientInfo(c).ip, user: actor.kind === 'user' ? { id: actor.userId, name: actor.name } : null };
}

export const commentWebRouter = createRouter('/api/cms');

// POST /api/cms/getNav — the content channels with their categories, for navigation
commentWebRouter.endpoint(
  { method: 'post', path: '/getNav', tags: ['cms'], output: z.array(navChannelSchema), summary: 'Channels and their categories' },
  async (_input, c) => {
    const lang = c.get('lang');
    const types = await Promise.all(CONTENT_CHANNELS.map((kind) => listContentTypes(c.get('db'), { kind, lang })));
    return CONTENT_CHANNELS.map((channel, i) => ({
      channel,
      name: channelName(lang, channel),
      href: channelHref(channel),
      categories: (types[i] ?? []).map((t) => ({ id: t.id, name: t.type, href: channelHref(channel, t.id) })),
    }));
  },
);

// POST /api/cms/getChannel — one channel: its name, item total and categories with counts
commentWebRouter.endpoint(
  { method: 'post', path: '/getChannel', tags: ['cms'], input: channelInputSchema, output: channelSchema, summary: 'One channel' },
  async (input, c) => {
    const lang = c.get('lang');
    const categories = await listContentTypes(c.get('db'), { kind: input.channel, lang });
    const { total } = await listContent(c.get('db'), { kind: input.channel, lang, limit: 1, offset: 1 });
    return { channel: input.channel, name: channelName(lang, input.channel), total, categories };
  },
);

// POST /api/cms/getContentCate — the categories of a channel
commentWebRouter.endpoint(
  { method: 'post', path: '/getContentCate', tags: ['cms'], input: channelInputSchema, output: z.array(contentTypeSchema), summary: 'Categories of a channel' },
  async (input, c) => listContentTypes(c.get('db'), { kind: input.channel, lang: c.get('lang') }),
);

// POST /api/cms/getContentTags — tags in use (of one channel, or of all)
commentWebRouter.endpoint(
  { method: 'post', path: '/getContentTags', tags: ['cms'], input: optionalChannelInputSchema, output: z.array(tagSchema), summary: 'Tags with counts' },
  async (input, c) => listTags(c.get('db'), { kind: input.channel, lang: c.get('lang') }),
);

// POST /api/cms/getContentList — content by channel, category, tag and keyword; newest or most read first
commentWebRouter.endpoint(
  { method: 'post', path: '/getContentList', tags: ['cms'], input: contentListInputSchema, output: contentPageSchema, summary: 'Content, one page' },
  async (input, c) => {
    if (input.cateId !== undefined && input.channel && !(await getContentType(c.get('db'), { kind: input.channel, id: input.cateId, lang: c.get('lang') }))) {
      throw new AppError(404, 'typeNotFound');
    }
    return listContent(c.get('db'), {
      kind: input.channel, categoryId: input.cateId, tagId: input.tagId, keyword: input.keyword, sort: input.sort,
      lang: c.get('lang'), limit: input.limit, offset: input.offset,
    });
  },
);

// POST /api/cms/getContentDetail — one item of any channel (sanitised body); 404 when unknown
commentWebRouter.endpoint(
  { method: 'post', path: '/getContentDetail', tags: ['cms'], input: idInputSchema, output: contentDetailSchema, summary: 'One content item' },
  async (input, c) => {
    const detail = await getContentDetail(c.get('db'), { id: input.id, lang: c.get('lang'), countView: true });
    if (!detail) throw new AppError(404, 'contentNotFound');
    return detail;
  },
);

// POST /api/cms/getRes — downloadable files (handbooks, guides, protocols), one page
commentWebRouter.endpoint(
  { method: 'post', path: '/getRes', tags: ['cms'], input: resListInputSchema, output: resourceFilePageSchema, summary: 'Downloadable resource files' },
  async (input, c) => {
    const page = await listContent(c.get('db'), { withFile: true, categoryId: input.cateId, keyword: input.keyword, lang: c.get('lang'), limit: input.limit, offset: input.offset });
    return {
      ...page,
      list: page.list.map((item) => ({
        id: item.id, title: item.title, categoryId: item.categoryId, categoryName: item.categoryName,
        fileName: `${item.title}.pdf`, url: resourceUrl(item.id), publishedAt: item.publishedAt,
      })),
    };
  },
);

// POST /api/cms/setContentTips — like an item; counted once per visitor, at most 30 likes an hour per address
commentWebRouter.endpoint(
  {
    method: 'post', path: '/setContentTips', tags: ['cms'], input: idInputSchema, output: tipsSchema,
    summary: 'Like an item (once per visitor; 30 per hour per client address)',
    description: 'Counted once per visitor or signed-in customer; visitors without an account count at most 3 times a day per address and item (`counted: false` past that).',
  },
  async (input, c) => {
    const address = clientInfo(c).ip;
    const wait = address ? await getRateLimits().take(LIKES_PER_ADDRESS, address) : 0;
    if (wait > 0) throw new AppError(429, 'tooManyRequests', { retryAfter: wait });
    return addTip(c.get('db'), { contentId: input.id, actor: actorOf(c) });
  },
);

// POST /api/cms/addUser — choose the name this browser comments under
commentWebRouter.endpoint(
  { method: 'post', path: '/addUser', tags: ['cms'], input: cmsUserInputSchema, output: cmsUserSchema, summary: 'Register a commenter name for this visitor' },
  async (input, c) => saveCmsUser(c.get('db'), { visitorId: actorOf(c).visitorId, nickname: input.nickname, email: input.email }),
);

// POST /api/cms/addComment — comment on an item (plain text, rate-limited, visible at once)
commentWebRouter.endpoint(
  { method: 'post', path: '/addComment', tags: ['cms'], input: commentAddInputSchema, output: commentSchema, summary: 'Add a comment' },
  async (input, c) => addComment(c.get('db'), { contentId: input.id, body: input.body, actor: actorOf(c), now: new Date() }),
);

// POST /api/cms/getComment — the comments of an item, newest first
commentWebRouter.endpoint(
  { method: 'post', path: '/getComment', tags: ['cms'], input: commentListInputSchema, output: commentPageSchema, summary: 'Comments of an item, one page' },
  async (input, c) => listComments(c.get('db'), { contentId: input.id, limit: input.limit, offset: input.offset }),
);
