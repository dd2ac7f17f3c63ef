import { describe, expect, it } from 'vitest';
import type { Menu } from '@/server/db/schema';
import { buildMenuTree } from './queries';

function row(id: number, parentId: number | null, path: string, permission: string | null): Menu {
  return {
    id, parentId, path, permission, component: '', name: path, redirect: null, hidden: false, alwaysShow: false,
    titleZh: `中${id}`, titleEn: `en${id}`, icon: '', noCache: false, breadcrumb: true, activeMenu: null, affix: false, sort: id,
  };
}

const rows = [
  row(1, null, '/dashboard', 'ADMIN.ACCESS'),
  row(2, null, '/system-setting', null),
  row(3, 2, 'auth', 'AUTHORITY.VIEW'),
  row(4, 2, 'stafflist', 'STAFF.VIEW'),
  row(5, null, '/customers', 'CUSTOMER.VIEW'),
];

describe('buildMenuTree', () => {
  it('keeps what the permissions allow, nested, in the asked language', () => {
    const tree = buildMenuTree(rows, ['ADMIN.ACCESS', 'STAFF.VIEW'], 'en');
    expect(tree.map((m) => m.path)).toEqual(['/dashboard', '/system-setting']);
    expect(tree[1]?.children.map((m) => m.path)).toEqual(['stafflist']);
    expect(tree[1]?.meta.title).toBe('en2');
  });

  it('drops a group left without visible children', () => {
    const tree = buildMenuTree(rows, ['ADMIN.ACCESS', 'CUSTOMER.VIEW'], 'zh');
    expect(tree.map((m) => m.path)).toEqual(['/dashboard', '/customers']);
    expect(tree[0]?.meta.title).toBe('中1');
  });

  it('gives nothing to an actor without permissions', () => {
    expect(buildMenuTree(rows, [], 'zh')).toEqual([]);
  });
});
