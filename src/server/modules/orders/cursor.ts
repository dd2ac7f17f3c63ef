import 'server-only';
import { AppError } from '@/server/errors';

/** Keyset cursor of the order list (newest first): the last row's creation time and id. */
export function encodeOrderCursor(createdAt: Date, id: number): string {
  return Buffer.from(`${createdAt.toISOString()}|${id}`).toString('base64url');
}

export function decodeOrderCursor(cursor: string): { createdAt: Date; id: number } {
  const [stamp, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const createdAt = new Date(stamp ?? '');
  const n = Number(id);
  if (Number.isNaN(createdAt.getTime()) || !Number.isInteger(n) || n < 1) throw new AppError(400, 'invalidCursor');
  return { createdAt, id: n };
}
