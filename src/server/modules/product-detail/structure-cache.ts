import 'server-only';
import { createHash } from 'node:crypto';
import { renderStructureSvg } from './structure-svg';

/** Part of every ETag: bump it when the drawing changes, so browsers and proxies fetch it again. */
export const RENDERER_VERSION = 'ocl9.25-r1';

export interface CachedDrawing {
  etag: string;
  svg: string;
}

/** Least recently used drawings, bounded in count and in bytes; shared by all requests (no per-user data). */
export class DrawingCache {
  private readonly entries = new Map<string, CachedDrawing>();
  private bytes = 0;

  constructor(readonly maxEntries: number, readonly maxBytes: number) {}

  get size(): number {
    return this.entries.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }

  get(key: string): CachedDrawing | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, value: CachedDrawing): void {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.svg.length;
    }
    if (value.svg.length > this.maxBytes) return;
    this.entries.set(key, value);
    this.bytes += value.svg.length;
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      const dropped = this.entries.get(oldest.value);
      this.entries.delete(oldest.value);
      this.bytes -= dropped?.svg.length ?? 0;
    }
  }
}

/** The strong ETag of a SMILES's drawing: a hash of the SMILES and the renderer version. */
export function drawingEtag(smiles: string): string {
  return `"${createHash('sha256').update(`${RENDERER_VERSION}\n${smiles}`).digest('base64url').slice(0, 27)}"`;
}

/** The short version tag a drawing's URL carries (`?v=`), taken from its ETag. */
export function drawingVersion(etag: string): string {
  return etag.replace(/"/g, '').slice(0, 12);
}

const globalCache = globalThis as unknown as { __structureDrawings?: DrawingCache };

export function drawingCache(): DrawingCache {
  globalCache.__structureDrawings ??= new DrawingCache(
    Number(process.env.STRUCTURE_CACHE_ENTRIES ?? 2000),
    Number(process.env.STRUCTURE_CACHE_BYTES ?? 16 * 1024 * 1024),
  );
  return globalCache.__structureDrawings;
}

/** The drawing of a SMILES from the cache, rendering it on a miss; null when it cannot be drawn. */
export function structureDrawing(smiles: string, cache: DrawingCache = drawingCache()): CachedDrawing | null {
  const etag = drawingEtag(smiles);
  const hit = cache.get(etag);
  if (hit) return hit;
  const svg = renderStructureSvg(smiles);
  if (!svg) return null;
  const drawing = { etag, svg };
  cache.set(etag, drawing);
  return drawing;
}
