import { spawnSync } from 'node:child_process';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { holdImportHeapGrowth, IMPORT_HEAP_GROWING_PERCENT, setHeapFlagsSetter } from './heap-growth';

describe('the heap growth held while imports run', () => {
  const calls: string[] = [];
  const original = setHeapFlagsSetter((flags) => {
    calls.push(flags);
  });
  afterEach(() => {
    calls.length = 0;
  });
  afterAll(() => {
    setHeapFlagsSetter(original);
  });

  it('bounds the growth when the first import starts and lets it go when the last one ends', () => {
    const first = holdImportHeapGrowth();
    const second = holdImportHeapGrowth();
    expect(calls).toEqual([`--heap-growing-percent=${IMPORT_HEAP_GROWING_PERCENT}`]);
    first();
    expect(calls).toHaveLength(1);
    // Ending one hold twice does not end the other's.
    first();
    expect(calls).toHaveLength(1);
    second();
    expect(calls).toEqual([`--heap-growing-percent=${IMPORT_HEAP_GROWING_PERCENT}`, '--heap-growing-percent=0']);
  });

  it('lets an import run when the runtime refuses the flag', () => {
    setHeapFlagsSetter(() => {
      throw new Error('flags are frozen');
    });
    const release = holdImportHeapGrowth();
    expect(() => release()).not.toThrow();
    setHeapFlagsSetter((flags) => {
      calls.push(flags);
    });
    // The count came back to none: the next import bounds the growth again.
    const next = holdImportHeapGrowth();
    next();
    expect(calls).toEqual([`--heap-growing-percent=${IMPORT_HEAP_GROWING_PERCENT}`, '--heap-growing-percent=0']);
  });

  it('names a flag known to the V8 of this runtime', () => {
    // V8 ignores an unknown flag with a warning: the bound would silently do nothing.
    const options = spawnSync(process.execPath, ['--v8-options'], { encoding: 'utf8' }).stdout;
    expect(options).toContain('--heap-growing-percent');
  });
});
