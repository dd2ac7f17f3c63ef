import 'server-only';

/** A small seeded PRNG (mulberry32): the seed must give the same rows on every run and machine. */
export interface Rng {
  /** Uniform in [0, 1). */
  next: () => number;
  /** Integer in [min, max], both inclusive. */
  int: (min: number, max: number) => number;
  chance: (probability: number) => boolean;
  pick: <T>(items: readonly T[]) => T;
  /** A deterministic sub-stream, so adding rows to one table does not shift another's values. */
  fork: (label: string) => Rng;
}

export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as T;
    },
    fork: (label) => createRng(hashString(label) ^ seed),
  };
  return rng;
}

/** FNV-1a: a stable 32-bit number from a string, for per-substance values that survive reordering. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export const SEED = 20261001;

/** Every seeded timestamp is relative to this, never to the clock. */
export const BASE_DATE = new Date('2026-10-01T00:00:00+08:00');

export function daysBefore(days: number, minutes = 0): Date {
  return new Date(BASE_DATE.getTime() - days * 86_400_000 - minutes * 60_000);
}
