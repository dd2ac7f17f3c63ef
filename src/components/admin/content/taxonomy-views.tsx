'use client';

import { Form, Input, Select, Space, Tag } from 'antd';
import { useTranslations } from 'next-intl';
import { CHANNELS, type AdminContentCategoryDto, type AdminTagDto, type Channel } from '@/contracts/content-taxonomy';
import { useApiMutation, useApiQuery } from '@/lib/api/query';
import { useViewQuery } from '../use-view-query';
import { ALL_CATEGORY_READS } from './content-paths';
import { TaxonomyList, TaxonomySearch } from './taxonomy-list';

interface CategoryForm { channel: Channel; nameZh: string; nameEn: string; sort: number }

/** A tag's write changes the tags and the tag (no other page of the back-office shows tags). */
const TAG_READS = ['/api/admin/cms/tags', '/api/admin/cms/tags/{id}'] as const;

/**
 * `/content/categories` (CONTENT.EDIT, ADR 0036): the categories of each content channel (news types,
 * application categories, support types, resource types…) with the items filed under each; add, rename,
 * reorder; a category is deleted only while no item uses it.
 */
export function ContentCategoriesView() {
  const t = useTranslations('adminTaxonomy');
  const te = useTranslations('api.errors');
  const [query, setQuery] = useViewQuery({ channel: '', key: '' });
  const list = useApiQuery('get', '/api/admin/cms/categories', { params: { query: { channel: CHANNELS.find((c) => c === query.channel), key: query.key || undefined } } });
  const [form] = Form.useForm<CategoryForm>();
  const create = useApiMutation('post', '/api/admin/cms/categories', { invalidates: ALL_CATEGORY_READS, form, success: t('saved') });
  const update = useApiMutation('put', '/api/admin/cms/categories/{id}', { invalidates: ALL_CATEGORY_READS, form, success: t('saved') });
  const remove = useApiMutation('delete', '/api/admin/cms/categories/{id}', { invalidates: ALL_CATEGORY_READS, success: t('deleted') });
  const channelTag = (c: Channel) => <Tag color="blue">{t(`channels.${c}`)}</Tag>;
  return (
    <TaxonomyList<AdminContentCategoryDto, CategoryForm>
      kind={{
        testId: 'content-categories-view', addTestId: 'category-add', title: t('categoriesTitle'), add: t('addCategory'), edit: t('editCategory'),
        entity: 'contentCategory', lead: { title: t('channel'), width: 120, render: (c) => channelTag(c.channel) },
      }}
      list={list} form={form}
      valuesOf={(c) => (c === 'new'
        ? { channel: CHANNELS.find((ch) => ch === query.channel) ?? 'news', nameZh: '', nameEn: '', sort: 0 }
        : { channel: c.channel, nameZh: c.nameZh, nameEn: c.nameEn, sort: c.sort })}
      filters={(
        <Space wrap className="mb-3">
          <Select aria-label={t('channel')} value={query.channel} style={{ width: 160 }} onChange={(channel) => setQuery({ channel })}
            options={[{ value: '', label: t('allChannels') }, ...CHANNELS.map((c) => ({ value: c, label: t(`channels.${c}`) }))]} />
          <TaxonomySearch value={query.key} onSearch={(key) => setQuery({ key })} />
        </Space>
      )}
      fields={(
        <Form.Item name="channel" label={t('channel')} rules={[{ required: true, message: te('channelInvalid') }]}>
          <Select options={CHANNELS.map((c) => ({ value: c, label: t(`channels.${c}`) }))} />
        </Form.Item>
      )}
      onSave={async (editing, body) => (editing === 'new' ? await create.send({ body }) : await update.send({ params: { path: { id: editing.id } }, body })) !== null}
      onDelete={(c) => remove.send({ params: { path: { id: c.id } } })}
    />
  );
}

interface TagForm { slug: string; nameZh: string; nameEn: string; sort: number }

/** `/content/tags` (CONTENT.EDIT, ADR 0036): the tags with the items carrying each; a tag is deleted only while unused. */
export function ContentTagsView() {
  const t = useTranslations('adminTaxonomy');
  const te = useTranslations('api.errors');
  const [query, setQuery] = useViewQuery({ key: '' });
  const list = useApiQuery('get', '/api/admin/cms/tags', { params: { query: { key: query.key || undefined } } });
  const [form] = Form.useForm<TagForm>();
  const create = useApiMutation('post', '/api/admin/cms/tags', { invalidates: TAG_READS, form, success: t('saved') });
  const update = useApiMutation('put', '/api/admin/cms/tags/{id}', { invalidates: TAG_READS, form, success: t('saved') });
  const remove = useApiMutation('delete', '/api/admin/cms/tags/{id}', { invalidates: TAG_READS, success: t('deleted') });
  return (
    <TaxonomyList<AdminTagDto, TagForm>
      kind={{
        testId: 'content-tags-view', addTestId: 'tag-add', title: t('tagsTitle'), add: t('addTag'), edit: t('editTag'),
        entity: 'contentTag', lead: { title: t('slug'), width: 150, render: (c) => <code>{c.slug}</code> },
      }}
      list={list} form={form}
      valuesOf={(c) => (c === 'new' ? { slug: '', nameZh: '', nameEn: '', sort: 0 } : { slug: c.slug, nameZh: c.nameZh, nameEn: c.nameEn, sort: c.sort })}
      filters={<TaxonomySearch className="mb-3" value={query.key} onSearch={(key) => setQuery({ key })} />}
      fields={(
        <Form.Item name="slug" label={t('slug')} extra={t('slugHelp')} rules={[{ required: true, pattern: /^[a-zA-Z0-9]+(?:-[a-zA-Z0-9]+)*$/, max: 40, message: te('tagSlugInvalid') }]}><Input /></Form.Item>
      )}
      onSave={async (editing, body) => (editing === 'new' ? await create.send({ body }) : await update.send({ params: { path: { id: editing.id } }, body })) !== null}
      onDelete={(c) => remove.send({ params: { path: { id: c.id } } })}
    />
  );
}
