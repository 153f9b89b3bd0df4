// The demo's worker as the bin starts it (src/boot/bin.ts, `--demo` in a terminal): before the program
// is even compiled, from the worker's file alone, so that nothing of the demo is loaded on the
// explorer's thread for it. Booting a thread and compiling the server is what the first rows wait
// for the longest. The worker waits for its options (embedded.ts); startEmbeddedDemo takes it.
import { Worker } from 'node:worker_threads';

/** workerData's marker: the module that the worker runs serves the demo only when it sees it. */
export const DEMO_WORKER_ROLE = 'openim-explorer demo server';

/** A worker started early, once: undefined when it was taken or has failed (a new one is started then). */
export type TakeEarlyWorker = () => Worker | undefined;

/**
 * Starts the worker on `file` (dist/demo.js). It keeps no process up (unref) until taken; a
 * process that never takes it ends it by exiting.
 */
export function startEarlyDemoWorker(file: string): TakeEarlyWorker {
  let worker: Worker | undefined = new Worker(file, { workerData: { role: DEMO_WORKER_ROLE } });
  worker.unref();
  const lost = (): void => {
    worker = undefined;
  };
  worker.once('error', lost);
  worker.once('exit', lost);
  return () => {
    const taken = worker;
    taken?.off('error', lost).off('exit', lost);
    worker = undefined;
    return taken;
  };
}
