import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closedGate, GATED_WORKER, type Gate } from '../../../../test/workers/gate';
import { defaultPoolSize, WorkerBusyError, WorkerFailedError, WorkerPool, WorkerTimeoutError } from './worker-pool';

interface Task {
  value?: number;
  hold?: boolean;
  crash?: boolean;
  fail?: boolean;
}

const pools: WorkerPool<Task, { echo: number }>[] = [];
const gates: Gate[] = [];

function pool(options: Partial<ConstructorParameters<typeof WorkerPool>[0]> = {}, gate: Gate = closedGate()) {
  gates.push(gate);
  const p = new WorkerPool<Task, { echo: number }>({
    script: GATED_WORKER, size: 1, timeoutMs: 10_000, maxQueue: 8, maxWaitMs: 10_000, workerData: { gate: gate.buffer }, ...options,
  });
  pools.push(p);
  return { p, gate };
}

afterEach(async () => {
  for (const gate of gates.splice(0)) gate.open();
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

/** Turns of the event loop (setImmediate) taken while a promise is pending. */
async function ticksWhile(promise: Promise<unknown>): Promise<number> {
  let settled = false;
  promise.then(() => { settled = true; }, () => { settled = true; });
  let ticks = 0;
  while (!settled) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    ticks += 1;
  }
  return ticks;
}

describe('the worker pool', () => {
  it('sizes itself from the cores: half, at least one, at most four', () => {
    expect([1, 2, 3, 4, 8, 64].map((cores) => defaultPoolSize(cores))).toEqual([1, 1, 1, 2, 4, 4]);
  });

  it('runs tasks in its workers and answers their results, one at a time per worker', async () => {
    const { p, gate } = pool();
    await p.warm();
    const first = p.run({ value: 1, hold: true });
    const second = p.run({ value: 2 });
    expect(p.waiting).toBe(1);
    gate.open();
    expect(await Promise.all([first, second])).toEqual([{ echo: 1 }, { echo: 2 }]);
    expect(p.dispatched).toBe(2);
  });

  it('terminates a task past its time limit, answers WorkerTimeoutError, keeps the event loop turning, and replaces the worker', async () => {
    const { p } = pool({ timeoutMs: 200 });
    await p.warm();
    const held = p.run({ value: 1, hold: true });
    const ticks = await ticksWhile(held);
    await expect(held).rejects.toBeInstanceOf(WorkerTimeoutError);
    // The main thread went on while the worker was blocked (a blocked event loop would take no turn).
    expect(ticks).toBeGreaterThan(1);
    expect(p.terminations).toBe(1);
    // The gate is still closed: a task that does not hold shows a new worker answers.
    expect(await p.run({ value: 2 })).toEqual({ echo: 2 });
  });

  it('refuses a task when the queue is full, or when it waited too long', async () => {
    const { p, gate } = pool({ maxQueue: 1, maxWaitMs: 100 });
    await p.warm();
    const running = p.run({ value: 1, hold: true });
    const waiting = p.run({ value: 2 });
    await expect(p.run({ value: 3 })).rejects.toThrow(/queue full/);
    await expect(waiting).rejects.toBeInstanceOf(WorkerBusyError);
    gate.open();
    expect(await running).toEqual({ echo: 1 });
  });

  it('answers a worker that fails or ends with WorkerFailedError, and goes on with a new one', async () => {
    const { p } = pool();
    await expect(p.run({ fail: true })).rejects.toBeInstanceOf(WorkerFailedError);
    await expect(p.run({ crash: true })).rejects.toBeInstanceOf(WorkerFailedError);
    expect(await p.run({ value: 4 })).toEqual({ echo: 4 });
  });

  it('refuses the waiting tasks when its script cannot start, without starting workers in a loop', async () => {
    const { p } = pool({ script: path.join(process.cwd(), 'test', 'workers', 'no-such-worker.mjs') });
    await expect(p.run({ value: 1 })).rejects.toBeInstanceOf(WorkerFailedError);
    expect(p.waiting).toBe(0);
    await expect(p.warm()).rejects.toBeInstanceOf(WorkerFailedError);
  });
});

describe('the process around a pool', () => {
  // A script (the release step, a rebuild) ends when its work is done: an idle pool holds nothing open,
  // and a task in flight keeps the process alive until its answer comes.
  it('waits for a task to be answered and then lets the process end without closing the pool', async () => {
    const { spawn } = await import('node:child_process');
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(path.join(tmpdir(), 'pool-exit-'));
    const script = path.join(dir, 'script.mts');
    writeFileSync(script, [
      `import { WorkerPool } from ${JSON.stringify(path.join(process.cwd(), 'src/server/modules/chemistry/worker-pool.ts'))};`,
      'const gate = new SharedArrayBuffer(4);',
      'Atomics.store(new Int32Array(gate), 0, 1);',
      `const pool = new WorkerPool({ script: ${JSON.stringify(GATED_WORKER)}, size: 1, timeoutMs: 60000, maxQueue: 8, maxWaitMs: 60000, workerData: { gate } });`,
      'pool.run({ value: 7 }).then((answer) => console.log(JSON.stringify(answer)));',
    ].join('\n'));
    const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => { out += chunk.toString(); });
    child.stderr.on('data', (chunk: Buffer) => { out += chunk.toString(); });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(out.trim()).toBe('{"echo":7}');
    expect(code).toBe(0);
  }, 30_000);
});
