import path from 'node:path';

/** The test worker that holds its tasks while a gate is closed (test/workers/gated-worker.mjs). */
export const GATED_WORKER = path.join(process.cwd(), 'test', 'workers', 'gated-worker.mjs');

export interface Gate {
  buffer: SharedArrayBuffer;
  /** Lets every held task (and every later one) go on. */
  open: () => void;
}

export function closedGate(): Gate {
  const buffer = new SharedArrayBuffer(4);
  const cell = new Int32Array(buffer);
  return {
    buffer,
    open: () => {
      Atomics.store(cell, 0, 1);
      Atomics.notify(cell, 0);
    },
  };
}
