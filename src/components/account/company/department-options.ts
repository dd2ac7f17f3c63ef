import type { DepartmentDto } from '@/contracts/company';

/** Departments in tree order, indented by depth, for a Select. */
export function departmentOptions(list: readonly DepartmentDto[]): { value: number; label: string }[] {
  const out: { value: number; label: string }[] = [];
  const walk = (parentId: number | null, depth: number) => {
    for (const d of list.filter((x) => x.parentId === parentId)) {
      out.push({ value: d.id, label: `${'\u3000'.repeat(depth)}${d.name}` });
      if (depth < 10) walk(d.id, depth + 1);
    }
  };
  walk(null, 0);
  // Departments whose parent is missing still show, at the top level.
  for (const d of list) if (!out.some((o) => o.value === d.id)) out.push({ value: d.id, label: d.name });
  return out;
}

export interface DepartmentNode {
  key: number;
  title: string;
  department: DepartmentDto;
  children: DepartmentNode[];
}

/** The department tree for antd's Tree. */
export function departmentTree(list: readonly DepartmentDto[]): DepartmentNode[] {
  const build = (parentId: number | null, depth: number): DepartmentNode[] =>
    list.filter((d) => d.parentId === parentId).map((d) => ({ key: d.id, title: d.name, department: d, children: depth < 10 ? build(d.id, depth + 1) : [] }));
  return build(null, 0);
}
