import 'server-only';

/** The signed-in customer as the requisition lists need them. */
export interface ListUser {
  userId: number;
  companyId: number;
  permissions: readonly string[];
}

/** What decides who may see and change a list. */
export interface ListAccess {
  companyId: number;
  ownerId: number;
  shared: boolean;
}

/** Whether a user sees a list: their own, or one shared with their company. Another company's never. */
export function mayViewList(user: ListUser, list: ListAccess): boolean {
  if (user.companyId !== list.companyId) return false;
  return list.ownerId === user.userId || list.shared;
}

/**
 * Who may change a list (ADR 0085), the one rule every route asks. `lines`: add, change and remove its
 * lines; `settings`: rename it, share or unshare it, delete it. A private list: its owner alone. A
 * shared list: its owner, and the company's roles — those who may place orders (SALE.CREATE) keep its
 * lines, those who manage the company's users (USER.EDIT) its settings.
 */
export function mayEditList(user: ListUser, list: ListAccess, what: 'lines' | 'settings' = 'lines'): boolean {
  if (!mayViewList(user, list)) return false;
  if (list.ownerId === user.userId) return true;
  return user.permissions.includes(what === 'lines' ? 'SALE.CREATE' : 'USER.EDIT');
}
