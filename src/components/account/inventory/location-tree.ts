import type { LocationDto } from '@/contracts/inventory';

export interface LocationNode {
  key: number;
  value: number;
  title: string;
  kind: LocationDto['kind'];
  containers: number;
  location: LocationDto;
  children: LocationNode[];
}

/** The flat list (tree order) as nested nodes for antd's Tree and TreeSelect. */
export function locationNodes(list: readonly LocationDto[]): LocationNode[] {
  const nodes = new Map<number, LocationNode>();
  const roots: LocationNode[] = [];
  for (const l of list) nodes.set(l.id, { key: l.id, value: l.id, title: l.name, kind: l.kind, containers: l.containers, location: l, children: [] });
  for (const l of list) {
    const node = nodes.get(l.id)!;
    const parent = l.parentId === null ? undefined : nodes.get(l.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** A location's path of names, building first. */
export function locationPath(list: readonly LocationDto[], id: number | null): string {
  const byId = new Map(list.map((l) => [l.id, l]));
  const names: string[] = [];
  for (let at = id === null ? undefined : byId.get(id); at && names.length < 5; at = at.parentId === null ? undefined : byId.get(at.parentId)) names.unshift(at.name);
  return names.join(' / ');
}
