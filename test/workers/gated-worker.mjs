// A worker for the worker pool's tests (worker-pool.test.ts, structure routes): it answers each task
// with `workerData.reply` (or `{ echo: task.value }`), holding it first while the shared gate is
// closed — the whole thread blocked, as a long structure would hold it — when `workerData.holdAll`
// or the task's `hold` says so. `crash` ends the thread, `fail` answers an error.
import { parentPort, workerData } from 'node:worker_threads';

const gate = new Int32Array(workerData.gate);

parentPort.on('message', ({ id, task }) => {
  if (task.crash) process.exit(1);
  if (workerData.holdAll || task.hold) Atomics.wait(gate, 0, 0);
  if (task.fail) parentPort.postMessage({ id, error: 'failed on purpose' });
  else parentPort.postMessage({ id, result: workerData.reply ?? { echo: task.value } });
});
parentPort.postMessage({ ready: true });
