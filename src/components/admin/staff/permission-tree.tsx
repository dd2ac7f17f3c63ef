'use client';

import { Tree } from 'antd';
import { QueryState } from '@/components/data/query-state';
import { useApiQuery } from '@/lib/api/query';

/** The permission registry as a grouped tree with checkboxes (group nodes select their permissions). */
export function PermissionTree({ value, onChange, label }: { value: string[]; onChange: (codes: string[]) => void; label: string }) {
  const query = useApiQuery('get', '/api/admin/permissions');
  return (
    <QueryState query={query}>
      {(groups) => {
        const codes = new Set(groups.flatMap((g) => g.permissions.map((p) => p.code)));
        return (
          <Tree
            checkable
            defaultExpandAll
            selectable={false}
            aria-label={label}
            checkedKeys={value}
            onCheck={(checked) => onChange((Array.isArray(checked) ? checked : checked.checked).map(String).filter((k) => codes.has(k)))}
            treeData={groups.map((g) => ({
              key: `group:${g.group}`,
              title: g.group,
              children: g.permissions.map((p) => ({ key: p.code, title: `${p.name} (${p.code})` })),
            }))}
          />
        );
      }}
    </QueryState>
  );
}
