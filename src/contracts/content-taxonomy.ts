import './zod-config';
import { z } from 'zod';
import { emptyAsUndefined, searchKey } from './fields';
import { wholeNumber } from './numbers';

/** Contracts of the back-office's channel categories and tags. Messages are keys under `api.errors` in messages/*.json. */

// ---- channels' categories and tags -------------------------------------------------------------

/** The content channels (fixed): each has its categories (`content_categories.kind`). */
export const CHANNELS = ['news', 'application', 'citation', 'support', 'resource'] as const;
export type Channel = (typeof CHANNELS)[number];

const name = (message: string) => z.string({ message }).trim().min(1, { message }).max(60, { message });
const sort = wholeNumber(z.number().int().min(0).max(100_000, { message: 'taxonomySortInvalid' }));

export const adminCategoryListInputSchema = z.object({
  channel: z.preprocess(emptyAsUndefined, z.enum(CHANNELS).optional()),
  key: searchKey,
});
export const adminContentCategorySchema = z.object({
  id: z.number().int(), channel: z.enum(CHANNELS), nameZh: z.string(), nameEn: z.string(), sort: z.number().int(),
  /** Content items filed under it: a category in use cannot be deleted. */
  items: z.number().int(),
});
export type AdminContentCategoryDto = z.infer<typeof adminContentCategorySchema>;
export const adminContentCategoryInputSchema = z.object({
  channel: z.enum(CHANNELS, { message: 'channelInvalid' }),
  nameZh: name('taxonomyNameInvalid'),
  nameEn: name('taxonomyNameInvalid'),
  sort: sort.default(0),
});

export const adminTagListInputSchema = z.object({ key: searchKey });
export const adminTagSchema = z.object({
  id: z.number().int(), slug: z.string(), nameZh: z.string(), nameEn: z.string(), sort: z.number().int(),
  /** Content items tagged with it: a tag in use cannot be deleted. */
  items: z.number().int(),
});
export type AdminTagDto = z.infer<typeof adminTagSchema>;
export const adminTagInputSchema = z.object({
  slug: z.string({ message: 'tagSlugInvalid' }).trim().toLowerCase().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: 'tagSlugInvalid' }).max(40, { message: 'tagSlugInvalid' }),
  nameZh: name('taxonomyNameInvalid'),
  nameEn: name('taxonomyNameInvalid'),
  sort: sort.default(0),
});
