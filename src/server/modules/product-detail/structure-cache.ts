import 'server-only';
import { createHash } from 'node:crypto';
import { smilesLimitFault } from '@/lib/structure-limits';
import { readStructure, type StructureOutcome } from '@/server/modules/chemistry/structures';
import { DRAWING_HEIGHT, DRAWING_WIDTH, sanitiseDepiction } from './structure-svg';

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

/**
 * The strong ETag of a SMILES's drawing: a hash of the SMILES and the renderer version, and of the
 * fragment highlighted in it (structure search's substructure mode) when there is one.
 */
export function drawingEtag(smiles: string, highlight: string | null = null): string {
  const text = highlight ? `${RENDERER_VERSION}\n${smiles}\n${highlight}` : `${RENDERER_VERSION}\n${smiles}`;
  return `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;
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

/**
 * Drawings that cannot be made whatever the machine's load (unreadable, over a cap): not tried again
 * while remembered. A structure refused as too slow (or whose worker failed) is not remembered: on
 * a busy machine the next request may well draw it.
 */
export class UndrawableSet {
  private readonly keys = new Set<string>();

  constructor(readonly maxEntries: number) {}

  has(key: string): boolean {
    return this.keys.has(key);
  }

  add(key: string): void {
    this.keys.delete(key);
    this.keys.add(key);
    if (this.keys.size > this.maxEntries) {
      const oldest = this.keys.values().next();
      if (!oldest.done) this.keys.delete(oldest.value);
    }
  }
}

const globalUndrawable = globalThis as unknown as { __undrawableStructures?: UndrawableSet; __drawingsInFlight?: Map<string, Promise<CachedDrawing | null>> };

function undrawable(): UndrawableSet {
  globalUndrawable.__undrawableStructures ??= new UndrawableSet(2000);
  return globalUndrawable.__undrawableStructures;
}

function inFlight(): Map<string, Promise<CachedDrawing | null>> {
  globalUndrawable.__drawingsInFlight ??= new Map();
  return globalUndrawable.__drawingsInFlight;
}

/** The workers' task for a drawing. */
export const DRAWING_BOX = { width: DRAWING_WIDTH, height: DRAWING_HEIGHT };

/**
 * Keeps the drawing of a structure worker's reading (sanitised: `UnsafeStructureSvgError` when
 * openchemlib's SVG is refused), or remembers that there is none — only when that does not depend on
 * the load: `invalid`, `tooManyAtoms`, `overLimit` (and a reading openchemlib could not lay out), never
 * `tooComplex` (a time-out or a failed worker).
 */
export function keepDrawing(smiles: string, outcome: StructureOutcome, cache: DrawingCache = drawingCache(), highlight: string | null = null): CachedDrawing | null {
  const etag = drawingEtag(smiles, highlight);
  if (outcome.kind === 'tooComplex') return null;
  if (outcome.kind !== 'ok' || !outcome.svg) {
    undrawable().add(etag);
    return null;
  }
  const drawing = { etag, svg: sanitiseDepiction(outcome.svg) };
  cache.set(etag, drawing);
  return drawing;
}

/**
 * The drawing of a SMILES from the cache, drawn by a structure worker on a miss (one drawing at a time
 * for one SMILES); null when it cannot be drawn: unreadable, over a cap (never sent to a worker), or
 * over the time limit. With `highlight` (a fragment's SMILES), the bonds the fragment matches are
 * coloured, found by a substructure match in the worker; a fragment that does not parse or match
 * leaves the drawing plain, one over a cap makes none.
 */
export async function structureDrawing(smiles: string, cache: DrawingCache = drawingCache(), highlight: string | null = null): Promise<CachedDrawing | null> {
  const etag = drawingEtag(smiles, highlight);
  const hit = cache.get(etag);
  if (hit) return hit;
  if (smilesLimitFault(smiles) || (highlight && smilesLimitFault(highlight)) || undrawable().has(etag)) return null;
  const running = inFlight().get(etag);
  if (running) return running;
  const drawing = readStructure(smiles, { draw: { ...DRAWING_BOX, highlight } }).then((outcome) => keepDrawing(smiles, outcome, cache, highlight));
  inFlight().set(etag, drawing);
  try {
    return await drawing;
  } finally {
    inFlight().delete(etag);
  }
}
