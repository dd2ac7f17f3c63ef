import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { LabelDto } from '@/contracts/inventory-io';
import { siteUrl } from '@/lib/seo';
import type { Db } from '@/server/db/client';
import { inventoryContainers } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { companyLocations, locationPaths } from './location-paths';

/** The address a container's QR code holds: its page on the site's configured origin, nothing more. */
export function containerUrl(id: number): string {
  return `${siteUrl()}/account/inventory/${id}`;
}

/** A QR code as an SVG document (error correction M, which survives a smudged label). */
export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 0, color: { dark: '#000000', light: '#ffffff' } });
}

/**
 * The labels of some containers of the company, in the order asked. An id of another company, or one
 * that does not exist, answers 404 (`containerNotFound`) as a whole: a label run is all or nothing.
 */
export async function loadLabels(db: Db, params: { companyId: number; ids: readonly number[] }): Promise<LabelDto[]> {
  const rows = await db.select().from(inventoryContainers)
    .where(and(eq(inventoryContainers.companyId, params.companyId), inArray(inventoryContainers.id, [...params.ids])));
  if (rows.length !== params.ids.length) throw new AppError(404, 'containerNotFound');
  const paths = locationPaths(await companyLocations(db, params.companyId));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return Promise.all(params.ids.map(async (id) => {
    const c = byId.get(id);
    if (!c) throw new AppError(404, 'containerNotFound');
    const url = containerUrl(c.id);
    return {
      id: c.id, code: c.code, nameZh: c.nameZh, nameEn: c.nameEn, itemNo: c.itemNo, cas: c.cas, lotNo: c.lotNo,
      amount: trimAmount(c.amount), remaining: trimAmount(c.remaining), unit: c.unit,
      receivedOn: c.receivedOn, expiresOn: c.expiresOn, retestOn: c.retestOn,
      location: c.locationId === null ? '' : paths.get(c.locationId) ?? '',
      hazardous: c.hazardous, controlClass: c.controlClass, url, qrSvg: await qrSvg(url),
    };
  }));
}

/** `12.5000` → `12.5`, `500.0000` → `500`. */
export function trimAmount(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

/**
 * The container a scanned or typed label names: its code (any case, spaces ignored) or the address its QR
 * code holds. 404 `containerNotFound` when the company has no such container.
 */
export async function findByLabel(db: Db, params: { companyId: number; text: string }): Promise<{ id: number; code: string }> {
  const text = params.text.trim();
  const fromUrl = /\/account\/inventory\/(\d{1,10})\/?(?:[?#].*)?$/.exec(text);
  const id = fromUrl ? Number(fromUrl[1]) : null;
  const where = id !== null && id <= 2_147_483_647
    ? and(eq(inventoryContainers.companyId, params.companyId), eq(inventoryContainers.id, id))
    : and(eq(inventoryContainers.companyId, params.companyId), eq(inventoryContainers.code, text.replace(/\s+/g, '').toUpperCase()));
  const [row] = await db.select({ id: inventoryContainers.id, code: inventoryContainers.code }).from(inventoryContainers).where(where).limit(1);
  if (!row) throw new AppError(404, 'containerNotFound');
  return row;
}
