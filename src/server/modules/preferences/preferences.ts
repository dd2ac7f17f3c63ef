import 'server-only';
import { eq } from 'drizzle-orm';
import {
  ADMIN_LAYOUTS, adminSettingsSchema, DEFAULT_ADMIN_SETTINGS, type AdminLayout, type AdminSettingsDto,
} from '@/contracts/admin';
import type { Db } from '@/server/db/client';
import { siteOptions, staffSettings } from '@/server/db/schema';
import { recordAudit, type AuditActor } from '@/server/modules/audit/record';

const LAYOUT_KEY = 'adminLayout';

/** The layout staff get until they choose their own: the required application settings, or the local configuration (docs/requirements/back-office.md#shell). */
export async function getSiteLayout(db: Db): Promise<AdminLayout> {
  const [row] = await db.select({ value: siteOptions.value }).from(siteOptions).where(eq(siteOptions.key, LAYOUT_KEY));
  return ADMIN_LAYOUTS.find((l) => l === row?.value) ?? 'standard';
}

/** An administrator chooses the site's layout; audited in the same transaction. */
export async function setSiteLayout(db: Db, params: { actor: AuditActor; layout: AdminLayout }): Promise<AdminLayout> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ value: siteOptions.value }).from(siteOptions).where(eq(siteOptions.key, LAYOUT_KEY)).for('update');
    const before = ADMIN_LAYOUTS.find((l) => l === row?.value) ?? 'standard';
    await tx.insert(siteOptions).values({ key: LAYOUT_KEY, value: params.layout })
      .onConflictDoUpdate({ target: siteOptions.key, set: { value: params.layout, updatedAt: new Date() } });
    await recordAudit(tx, params.actor, { action: 'update', entity: 'siteOption', entityId: LAYOUT_KEY, before: { layout: before }, after: { layout: params.layout } });
    return params.layout;
  });
}

/** The defaults a layout gives: the local configuration turns the tab bar off. */
export function layoutDefaults(layout: AdminLayout): AdminSettingsDto {
  return layout === 'local' ? { ...DEFAULT_ADMIN_SETTINGS, tagsView: false } : DEFAULT_ADMIN_SETTINGS;
}

/** The settings a member chose themselves (a bad stored value is dropped). */
async function chosenSettings(db: Db, staffId: number): Promise<Partial<AdminSettingsDto>> {
  const [row] = await db.select().from(staffSettings).where(eq(staffSettings.staffId, staffId));
  const stored = row?.settings ?? {};
  const shape = adminSettingsSchema.shape;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(stored)) {
    if (key in shape && shape[key as keyof typeof shape].safeParse(value).success) out[key] = value;
  }
  return out as Partial<AdminSettingsDto>;
}

/** A staff member's back-office settings: the ones they chose over the defaults of the site's layout. */
export async function getStaffSettings(db: Db, params: { staffId: number; layout?: AdminLayout }): Promise<AdminSettingsDto> {
  const [layout, chosen] = await Promise.all([params.layout ?? getSiteLayout(db), chosenSettings(db, params.staffId)]);
  return { ...layoutDefaults(layout), ...chosen };
}

/** Saves the changed settings of a staff member (their own preference: not audited). Only what they chose is kept. */
export async function saveStaffSettings(
  db: Db,
  params: { staffId: number; patch: Partial<AdminSettingsDto> },
): Promise<AdminSettingsDto> {
  const chosen = { ...(await chosenSettings(db, params.staffId)), ...Object.fromEntries(Object.entries(params.patch).filter(([, v]) => v !== undefined)) };
  adminSettingsSchema.partial().parse(chosen);
  await db.insert(staffSettings).values({ staffId: params.staffId, settings: chosen })
    .onConflictDoUpdate({ target: staffSettings.staffId, set: { settings: chosen, updatedAt: new Date() } });
  return getStaffSettings(db, { staffId: params.staffId });
}
