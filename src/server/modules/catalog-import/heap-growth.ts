import 'server-only';
import { setFlagsFromString } from 'node:v8';
import { log } from '@/server/log';

/**
 * How far V8 lets the heap grow past what the last full collection left alive, while an import runs:
 * by half (V8's `--heap-growing-percent`). Left to itself, V8 lets the heap grow up to four times its
 * live size when the old generation fills fast, and an import fills it fast: each batch's statements
 * are large strings and buffers that die as soon as the batch is written. With this bound the
 * importing process's peak heap in `npm run bench:import` went from about 330 MB to about 135 MB for the
 * same live size (about 80 MB), at no cost in its CPU time (ADR 0055).
 */
export const IMPORT_HEAP_GROWING_PERCENT = 50;

type SetFlags = (flags: string) => void;

interface HeapGrowthState {
  holders: number;
  setFlags: SetFlags;
}

const globalForHeap = globalThis as unknown as { __importHeapGrowth?: HeapGrowthState };

function state(): HeapGrowthState {
  globalForHeap.__importHeapGrowth ??= { holders: 0, setFlags: setFlagsFromString };
  return globalForHeap.__importHeapGrowth;
}

function apply(percent: number): void {
  try {
    state().setFlags(`--heap-growing-percent=${percent}`);
  } catch (error) {
    // A runtime whose flags are frozen: the import runs as before, with V8's own growth.
    log('warn', 'import.heap_growth_unset', { message: error instanceof Error ? error.message : String(error) });
  }
}

/**
 * Bounds the heap's growth while at least one import of this process runs (0, V8's own rule, again
 * once the last one ends). Answers the function that ends this hold; calling it twice ends it once.
 */
export function holdImportHeapGrowth(): () => void {
  const s = state();
  s.holders += 1;
  if (s.holders === 1) apply(IMPORT_HEAP_GROWING_PERCENT);
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    s.holders -= 1;
    if (s.holders === 0) apply(0);
  };
}

/** Replaces how the flags are set (tests); answers the previous setter. */
export function setHeapFlagsSetter(setFlags: SetFlags): SetFlags {
  const s = state();
  const previous = s.setFlags;
  s.setFlags = setFlags;
  return previous;
}
