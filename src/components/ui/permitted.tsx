'use client';

import { createContext, useContext, type ReactNode } from 'react';
import { permits, type PermissionSubject, type Requirement } from '@/lib/permits';

const PermissionContext = createContext<PermissionSubject | null>(null);

/** Gives the signed-in subject's permissions and roles to `Permitted` and `usePermits` below it. */
export function PermissionProvider({ subject, children }: { subject: PermissionSubject | null; children: ReactNode }) {
  return <PermissionContext.Provider value={subject}>{children}</PermissionContext.Provider>;
}

/** Whether the subject of the nearest provider meets the requirement (false with no provider or subject). */
export function usePermits(need: Requirement): boolean {
  return permits(useContext(PermissionContext), need);
}

/**
 * Shows its children only when the subject holds one of the permissions or roles (docs/requirements/account.md#permissions); otherwise
 * the fallback, nothing by default. The server refuses the same calls: this is never the only check.
 */
export function Permitted({ permissions, roles, fallback = null, children }: Requirement & { fallback?: ReactNode; children: ReactNode }) {
  return usePermits({ permissions, roles }) ? children : fallback;
}

/** Which of the requirements the subject of the nearest provider meets, in their order. */
export function usePermitsEach(needs: readonly Requirement[]): boolean[] {
  const subject = useContext(PermissionContext);
  return needs.map((need) => permits(subject, need));
}
