import 'server-only';
import { eq } from 'drizzle-orm';
import { adminSettingsSchema, DEFAULT_ADMIN_SETTINGS, type AdminSettingsDto } from '@/contracts/admin';
import type { Db } from '@/server/db/client';
import { staffSettings } from '@/server/db/schema';

/** A staff member's back-office settings: the stored ones over the shipped defaults (a bad stored value falls back). */
export async function getStaffSettings(db: Db, params: { staffId: number }): Promise<AdminSettingsDto> {
  const [row] = await db.select().from(staffSettings).where(eq(staffSettings.staffId, params.staffId));
  const parsed = adminSettingsSchema.safeParse({ ...DEFAULT_ADMIN_SETTINGS, ...(row?.settings ?? {}) });
  return parsed.success ? parsed.data : DEFAULT_ADMIN_SETTINGS;
}

/** Saves the changed settings of a staff member (their own preference: not audited). */
export async function saveStaffSettings(
  db: Db,
  params: { staffId: number; patch: Partial<AdminSettingsDto> },
): Promise<AdminSettingsDto> {
  const current = await getStaffSettings(db, { staffId: params.staffId });
  const next = adminSettingsSchema.parse({ ...current, ...Object.fromEntries(Object.entries(params.patch).filter(([, v]) => v !== undefined)) });
  await db.insert(staffSettings).values({ staffId: params.staffId, settings: next })
    .onConflictDoUpdate({ target: staffSettings.staffId, set: { settings: next, updatedAt: new Date() } });
  return next;
}
