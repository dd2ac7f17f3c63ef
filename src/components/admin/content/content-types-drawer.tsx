'use client';

import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Button, Drawer, Empty, Form, Input, Popconfirm, Space, Table, type FormInstance } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import type { AdminContentTypeDto, AdminContentTypeInput } from '@/contracts/content-editing';
import { useApiMutation } from '@/lib/api/query';
import { useListMove } from '../common/table-parts';
import { useFormSave } from '@/components/ui/use-form-save';
import { contentCategoryReads, type CategorisedSection } from './content-paths';
import { FormModal } from '@/components/ui/form-modal';

/** The writes of a section's categories, each with its success message. */
function useTypeWrites(section: CategorisedSection, form: FormInstance<AdminContentTypeInput>) {
  const t = useTranslations('adminContent');
  const invalidates = contentCategoryReads(section);
  return {
    create: useApiMutation('post', `/api/admin/content/${section}/types` as const, { invalidates, form, success: t('created') }),
    update: useApiMutation('put', `/api/admin/content/${section}/types/{id}` as const, { invalidates, form, success: t('saved') }),
    remove: useApiMutation('delete', `/api/admin/content/${section}/types/{id}` as const, { invalidates, success: t('deleted') }),
    order: useApiMutation('put', `/api/admin/content/${section}/types/order` as const, { invalidates, success: t('ordered') }),
  };
}

/**
 * A section's categories (ADR 0035): added at the end, renamed in both languages, moved up and down,
 * deleted when no item uses them (the server answers 409 otherwise, and says so).
 */
export function ContentTypesDrawer({ section, open, types, loadFailed, wide, onClose }: {
  section: CategorisedSection; open: boolean; types: readonly AdminContentTypeDto[]; loadFailed: boolean; wide: boolean; onClose: () => void;
}) {
  const t = useTranslations('adminContent');
  const ts = useTranslations(`adminContent.sections.${section}`);
  const locale = useLocale();
  const [form] = Form.useForm<AdminContentTypeInput>();
  const [editing, setEditing] = useState<AdminContentTypeDto | 'new' | null>(null);
  const writes = useTypeWrites(section, form);

  const openEditor = (type: AdminContentTypeDto | 'new') => {
    setEditing(type);
    form.resetFields();
    form.setFieldsValue(type === 'new' ? { nameZh: '', nameEn: '' } : { nameZh: type.nameZh, nameEn: type.nameEn });
  };
  const { move, moving } = useListMove(types, async (ids) => (await writes.order.send({ body: { ids } })) !== null, loadFailed);
  const { saving, onFinish: save } = useFormSave(async () => {
    let values: AdminContentTypeInput;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const saved = editing === 'new'
      ? await writes.create.send({ body: values })
      : editing !== null && await writes.update.send({ params: { path: { id: editing.id } }, body: values });
    if (saved) setEditing(null);
  });
  const name = (ty: AdminContentTypeDto) => (locale === 'en' ? ty.nameEn : ty.nameZh);

  return (
    <Drawer open={open} onClose={onClose} width={wide ? 720 : '100%'} title={ts('categories')}
      extra={<Button type="primary" onClick={() => openEditor('new')} data-testid={`${section}-type-add`}>{t('addCategory')}</Button>}>
      <Table<AdminContentTypeDto>
        rowKey="id" dataSource={types} loading={moving} pagination={false} size="small" scroll={{ x: 560 }} data-testid={`${section}-types-table`}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('emptyCategories')} /> }}
        columns={[
          {
            title: t('order'), key: 'order', width: 90, render: (_: unknown, ty, i) => (
              <Space size={2}>
                <Button size="small" type="text" icon={<ArrowUpOutlined />} aria-label={t('moveUp')} disabled={moving || i === 0} onClick={() => move(i, -1)} />
                <Button size="small" type="text" icon={<ArrowDownOutlined />} aria-label={t('moveDown')} disabled={moving || i === types.length - 1} onClick={() => move(i, 1)} />
              </Space>
            ),
          },
          { title: t('categoryName'), key: 'name', render: (_: unknown, ty) => <div><div>{name(ty)}</div><div className="text-xs text-slate-500">{locale === 'en' ? ty.nameZh : ty.nameEn}</div></div> },
          { title: t('itemCount'), dataIndex: 'items', width: 90 },
          {
            title: t('actions'), key: 'actions', width: 170, render: (_: unknown, ty) => (
              <Space size={4}>
                <Button size="small" onClick={() => openEditor(ty)} data-testid={`${section}-type-rename`}>{t('rename')}</Button>
                <Popconfirm title={ty.items > 0 ? t('deleteCategoryInUse', { count: ty.items }) : t('deleteCategoryConfirm', { name: name(ty) })}
                  okText={t('ok')} cancelText={t('cancel')} okButtonProps={{ danger: true }}
                  onConfirm={() => writes.remove.send({ params: { path: { id: ty.id } } })}>
                  <Button size="small" danger data-testid={`${section}-type-delete`}>{t('delete')}</Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <FormModal open={editing !== null} title={editing === 'new' ? t('addCategory') : t('renameCategory')} onCancel={() => setEditing(null)} onOk={() => void save()} confirmLoading={saving}
        okText={t('save')} cancelText={t('cancel')} destroyOnHidden forceRender>
        <Form form={form} layout="vertical" data-testid={`${section}-type-form`}>
          <Form.Item name="nameZh" label={t('categoryNameZh')} rules={[{ required: true, whitespace: true, message: t('categoryNameRequired') }, { max: 50, message: t('tooLong', { max: 50 }) }]}>
            <Input data-testid={`${section}-type-name-zh`} />
          </Form.Item>
          <Form.Item name="nameEn" label={t('categoryNameEn')} rules={[{ required: true, whitespace: true, message: t('categoryNameRequired') }, { max: 50, message: t('tooLong', { max: 50 }) }]}>
            <Input data-testid={`${section}-type-name-en`} />
          </Form.Item>
        </Form>
      </FormModal>
    </Drawer>
  );
}
