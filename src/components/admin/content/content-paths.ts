import { CONTENT_SECTIONS, CONTENT_SECTION_SPECS, type ContentSectionName } from '@/contracts/content-editing';
import type { ApiPath } from '@/lib/api/types';

/** A section with categories of its own to edit (brand articles use the news and application ones). */
export type CategorisedSection = Exclude<ContentSectionName, 'brand-articles'>;

/** The sections that list items of one of `section`'s kinds (brand articles share news and applications). */
function sectionsSharing(section: ContentSectionName): ContentSectionName[] {
  const kinds: readonly string[] = CONTENT_SECTION_SPECS[section].kinds;
  return CONTENT_SECTIONS.filter((s) => CONTENT_SECTION_SPECS[s].kinds.some((k) => kinds.includes(k)));
}

/** The reads that show these sections' items and categories: lists, items, categories (with their item counts). */
function sectionReads(sections: readonly ContentSectionName[]): ApiPath[] {
  return [
    ...sections.flatMap((s) => [`/api/admin/content/${s}`, `/api/admin/content/${s}/{id}`, `/api/admin/content/${s}/types`] as const),
    '/api/admin/cms/categories',
  ];
}

/**
 * What a write of an item of `section` changes: the lists and items of its kinds, the category counts, and
 * the links, the link search and the comments, which show items' titles and whether they are published.
 */
export function contentItemReads(section: ContentSectionName): ApiPath[] {
  return [...sectionReads(sectionsSharing(section)), '/api/admin/cms/links/{owner}/{id}', '/api/admin/cms/links/search', '/api/admin/cms/comments'];
}

/** What a write of a category of `section` changes: its kinds' category lists and the items that name them. */
export function contentCategoryReads(section: ContentSectionName): ApiPath[] {
  return sectionReads(sectionsSharing(section));
}

/** What a write of a category of any channel changes (the categories page edits every kind's). */
export const ALL_CATEGORY_READS: readonly ApiPath[] = sectionReads(CONTENT_SECTIONS);
