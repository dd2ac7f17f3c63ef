import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultPoolSize, WorkerPool } from './worker-pool';
import { parseStructureWorkers, setStructurePool, structurePool, warmStructurePool, type StructureReading, type StructureTask } from './structures';

const restore: (() => void | Promise<void>)[] = [];

afterEach(async () => {
  for (const undo of restore.splice(0).reverse()) await undo();
});

/** Sets an environment variable for one test. */
function setEnv(name: string, value: string | undefined) {
  const before = process.env[name];
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
  restore.push(() => {
    if (before === undefined) delete process.env[name];
    else process.env[name] = before;
  });
}

/** The log lines written while `run` runs (LOG_LEVEL lifted from the tests' silence). */
async function logged(run: () => Promise<unknown>): Promise<{ level: string; event: string }[]> {
  setEnv('LOG_LEVEL', 'warn');
  const lines: string[] = [];
  const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return lines.map((line) => JSON.parse(line) as { level: string; event: string });
}

describe('STRUCTURE_WORKERS', () => {
  it('takes a whole number from 1 to 16, or nothing for the default, and refuses anything else', () => {
    expect([undefined, '', ' ', '1', '4', ' 8 ', '16'].map(parseStructureWorkers)).toEqual([undefined, undefined, undefined, 1, 4, 8, 16]);
    for (const bad of ['0', '17', '-1', '1.5', 'abc', 'NaN', '4 workers', '1e1', '0x4', '01x', 'Infinity', '100']) {
      expect(() => parseStructureWorkers(bad), bad).toThrow(/STRUCTURE_WORKERS must be a whole number .* from 1 to 16/);
    }
  });

  it('sizes the pool from the cores, with an error in the log, when the value is not a number', async () => {
    setEnv('STRUCTURE_WORKERS', 'four');
    const previous = setStructurePool(undefined);
    restore.push(() => {
      setStructurePool(previous);
    });
    let size = 0;
    const lines = await logged(async () => {
      size = structurePool().size;
    });
    expect(size).toBe(defaultPoolSize());
    expect(lines).toEqual([expect.objectContaining({ level: 'error', event: 'structure.workers.config' })]);
  });
});

describe('warming the structure pool at start', () => {
  it('logs an error, and does not throw, when the worker script cannot load', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'structure-worker-'));
    restore.push(() => rmSync(dir, { recursive: true, force: true }));
    const script = path.join(dir, 'broken-worker.mjs');
    writeFileSync(script, "import 'a-package-that-is-not-installed';\n");
    const pool = new WorkerPool<StructureTask, StructureReading>({ script, size: 1, timeoutMs: 60_000, maxQueue: 1, maxWaitMs: 60_000 });
    const previous = setStructurePool(pool);
    restore.push(async () => {
      setStructurePool(previous);
      await pool.close();
    });
    let warmed: boolean | undefined;
    const lines = await logged(async () => {
      warmed = await warmStructurePool();
    });
    expect(warmed).toBe(false);
    expect(lines).toEqual([expect.objectContaining({ level: 'error', event: 'structure.workers.failed' })]);
  });

  it('starts the real structure workers', async () => {
    const pool = new WorkerPool<StructureTask, StructureReading>({
      script: path.join(process.cwd(), 'src', 'server', 'modules', 'chemistry', 'structure-worker.mjs'), size: 1, timeoutMs: 60_000, maxQueue: 1, maxWaitMs: 60_000,
    });
    const previous = setStructurePool(pool);
    restore.push(async () => {
      setStructurePool(previous);
      await pool.close();
    });
    expect(await warmStructurePool()).toBe(true);
  });
});
