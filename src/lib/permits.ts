/**
 * Element-level permissions (docs/requirements/account.md#permissions), the one rule the pages, the components and the server share:
 * an element needs one of the listed permissions, or one of the listed roles. With no subject (no
 * user) or a subject holding neither, it is hidden. A requirement that names nothing permits every
 * signed-in subject.
 */
export interface PermissionSubject {
  permissions: readonly string[];
  roles: readonly string[];
}

export interface Requirement {
  /** Any one of these permissions suffices. */
  permissions?: readonly string[];
  /** Any one of these role names suffices. */
  roles?: readonly string[];
}

export function permits(subject: PermissionSubject | null | undefined, need: Requirement): boolean {
  if (!subject) return false;
  const permissions = need.permissions ?? [];
  const roles = need.roles ?? [];
  if (permissions.length === 0 && roles.length === 0) return true;
  return permissions.some((p) => subject.permissions.includes(p)) || roles.some((r) => subject.roles.includes(r));
}
