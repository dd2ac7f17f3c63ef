import 'server-only';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * A small, fixed pool of worker threads for CPU work that must not hold the event loop (ADR 0017):
 * structures are parsed and drawn there. Workers start when the first task comes and stay (they do
 * not keep the process alive). Each task has a time limit: past it, its worker is terminated (a
 * thread cannot be interrupted otherwise), the caller gets `WorkerTimeoutError`, and a new worker
 * takes its place. Tasks wait in a bounded queue, each at most `maxWaitMs`; a full queue or a long
 * wait answers `WorkerBusyError` at once rather than letting callers pile up.
 *
 * A worker script is plain JavaScript (`.mjs`) loaded by its path, so that it runs the same in
 * development, in the built server and under vitest, with no loader or bundler. It posts
 * `{ ready: true }` once it is warm, and answers each `{ id, task }` with `{ id, result }` or
 * `{ id, error }`.
 */

export class WorkerTimeoutError extends Error {
  constructor(readonly limitMs: number) {
    super(`worker task over its time limit (${limitMs} ms)`);
    this.name = 'WorkerTimeoutError';
  }
}

export class WorkerBusyError extends Error {
  constructor(reason: string) {
    super(`worker pool busy: ${reason}`);
    this.name = 'WorkerBusyError';
  }
}

export class WorkerFailedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkerFailedError';
  }
}

export interface WorkerPoolOptions {
  /** Absolute path of the worker script. */
  script: string;
  /** Threads; default from the cores: half of them, at least 1, at most 4. */
  size?: number;
  /** Time a task may run in its worker. */
  timeoutMs: number;
  /** Tasks that may wait for a worker. */
  maxQueue: number;
  /** Time a task may wait for a worker. */
  maxWaitMs: number;
  /** Heap of each worker (MiB). */
  maxHeapMb?: number;
  /** Passed to each worker as `workerData`. */
  workerData?: unknown;
}

export function defaultPoolSize(cores: number = availableParallelism()): number {
  return Math.min(4, Math.max(1, Math.floor(cores / 2)));
}

interface Task<T, R> {
  task: T;
  resolve: (result: R) => void;
  reject: (error: Error) => void;
  waitTimer: NodeJS.Timeout | null;
}

interface Slot<T, R> {
  worker: Worker;
  ready: boolean;
  running: (Task<T, R> & { id: number; runTimer: NodeJS.Timeout }) | null;
}

export class WorkerPool<T, R> {
  readonly size: number;
  private readonly slots = new Set<Slot<T, R>>();
  private readonly queue: Task<T, R>[] = [];
  private nextId = 1;
  private closed = false;
  /** Workers terminated for running over their time limit, and tasks handed to a worker (for tests and metrics). */
  terminations = 0;
  dispatched = 0;
  private readyWaiters: { resolve: () => void; reject: (error: Error) => void }[] = [];

  constructor(private readonly options: WorkerPoolOptions) {
    this.size = options.size ?? defaultPoolSize();
  }

  /** Tasks waiting for a worker. */
  get waiting(): number {
    return this.queue.length;
  }

  run(task: T): Promise<R> {
    if (this.closed) return Promise.reject(new WorkerBusyError('closed'));
    if (this.queue.length >= this.options.maxQueue) return Promise.reject(new WorkerBusyError('queue full'));
    return new Promise<R>((resolve, reject) => {
      const queued: Task<T, R> = { task, resolve, reject, waitTimer: null };
      const expire = () => {
        // Waiting for a worker to start (the first task, or one after a worker was replaced) is not
        // waiting for others' tasks: the clock starts again.
        if ([...this.slots].some((s) => !s.ready)) {
          queued.waitTimer = setTimeout(expire, this.options.maxWaitMs).unref();
          return;
        }
        const at = this.queue.indexOf(queued);
        if (at >= 0) this.queue.splice(at, 1);
        reject(new WorkerBusyError('waited too long'));
      };
      queued.waitTimer = setTimeout(expire, this.options.maxWaitMs).unref();
      this.queue.push(queued);
      this.dispatch();
    });
  }

  /** Starts every worker; resolves once they are warm (ready for tasks), rejects when one cannot start. */
  warm(): Promise<void> {
    while (this.slots.size < this.size) this.spawn();
    if ([...this.slots].every((s) => s.ready)) return Promise.resolve();
    return new Promise((resolve, reject) => this.readyWaiters.push({ resolve, reject }));
  }

  /** Ends every worker; tasks waiting or running are refused. */
  async close(): Promise<void> {
    this.closed = true;
    for (const queued of this.queue.splice(0)) {
      if (queued.waitTimer) clearTimeout(queued.waitTimer);
      queued.reject(new WorkerBusyError('closed'));
    }
    await Promise.all([...this.slots].map((slot) => this.retire(slot, new WorkerBusyError('closed'))));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const slot = [...this.slots].find((s) => s.ready && !s.running);
      if (!slot) {
        if (this.slots.size < this.size) this.spawn();
        return;
      }
      const queued = this.queue.shift() as Task<T, R>;
      if (queued.waitTimer) clearTimeout(queued.waitTimer);
      const id = this.nextId++;
      const runTimer = setTimeout(() => {
        this.terminations += 1;
        void this.retire(slot, new WorkerTimeoutError(this.options.timeoutMs));
      }, this.options.timeoutMs);
      runTimer.unref();
      slot.running = { ...queued, id, runTimer };
      this.dispatched += 1;
      slot.worker.ref();
      slot.worker.postMessage({ id, task: queued.task });
    }
  }

  private spawn(): void {
    const worker = new Worker(this.options.script, {
      execArgv: [],
      workerData: this.options.workerData,
      resourceLimits: { maxOldGenerationSizeMb: this.options.maxHeapMb ?? 256 },
    });
    const slot: Slot<T, R> = { worker, ready: false, running: null };
    this.slots.add(slot);
    // A worker holds the process open only while it starts or runs a task: an idle pool lets a script
    // (a release step, a rebuild) end. A 'message' listener refs the worker's port, so the ref is set
    // after it, and again around each task.
    worker.on('message', (message: { ready?: boolean; id?: number; result?: R; error?: string }) => {
      if (message.ready) {
        slot.ready = true;
        worker.unref();
        if ([...this.slots].every((s) => s.ready)) for (const waiter of this.readyWaiters.splice(0)) waiter.resolve();
      } else {
        const running = slot.running;
        if (!running || running.id !== message.id) return;
        clearTimeout(running.runTimer);
        slot.running = null;
        worker.unref();
        if (message.error !== undefined) running.reject(new WorkerFailedError(message.error));
        else running.resolve(message.result as R);
      }
      this.dispatch();
    });
    worker.on('error', (error) => {
      void this.retire(slot, new WorkerFailedError(`worker failed: ${error.message}`));
    });
    worker.on('exit', () => {
      void this.retire(slot, new WorkerFailedError('worker exited'));
    });
  }

  /** Takes a worker out of the pool (terminating it), refuses its task, and lets the queue go on. */
  private async retire(slot: Slot<T, R>, error: Error): Promise<void> {
    if (!this.slots.delete(slot)) return;
    // A worker that never started (its script is missing or fails to load) would fail again: the
    // tasks waiting get its error instead of a new worker each.
    if (!slot.ready) {
      for (const waiter of this.readyWaiters.splice(0)) waiter.reject(error);
      for (const queued of this.queue.splice(0)) {
        if (queued.waitTimer) clearTimeout(queued.waitTimer);
        queued.reject(error);
      }
    }
    const running = slot.running;
    slot.running = null;
    if (running) {
      clearTimeout(running.runTimer);
      running.reject(error);
    }
    await slot.worker.terminate().catch(() => undefined);
    if (!this.closed) this.dispatch();
  }
}
