// The embedded demo server as the explorer (`--demo`) and the scripting commands start it: on a
// free loopback port, with the credentials a client needs to log in to it.
//
// It runs on a worker thread, never on the explorer's: a search whose regex backtracks badly over
// a large demo once froze every key, Ctrl-C included, for minutes. The worker is this same module
// (in the bundle, the chunk it was built into), started with a marker in workerData; under vitest,
// where the module is TypeScript that a worker cannot load, the server runs in the calling thread.
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { DEMO_CREDENTIALS as DEMO } from './credentials.js';
import { DEMO_WORKER_ROLE as ROLE } from './early.js';
import type { ServerGeneration } from './generation.js';
import type { DiscoveryMode } from './cluster.js';
import type { startDemoServer } from './server.js';

export interface EmbeddedDemo {
  baseUrl: string;
  secret: string;
  adminUserID: string;
  close(): Promise<void>;
}

export interface EmbeddedDemoOptions {
  users: number;
  latencyMs: number;
  /** `--still`: the data does not change; otherwise the demo lives (activity.ts). */
  still?: boolean;
  /** Time between two events of the living demo, ms. */
  paceMs?: number;
  /** `--server`: which server the demo answers as (generation.ts); default the release. */
  server?: ServerGeneration;
  /** `--discovery none`: the discovery routes answer `[]`, as a server whose discovery is not etcd (cluster.ts). */
  discovery?: DiscoveryMode;
}

interface WorkerInput {
  role: typeof ROLE;
  /** Absent for a worker started early (early.ts): its options come by message. */
  options?: EmbeddedDemoOptions;
}

/** What a worker started early is told once the command line is read. */
interface StartMessage {
  start: EmbeddedDemoOptions;
}

/**
 * The moment the demo's data is computed back from: now, so that it looks like a server running
 * today; `OIE_DEMO_NOW` (ms since 1970) fixes it for a repeatable run.
 */
function demoNow(env: NodeJS.ProcessEnv = process.env): number {
  const fixed = Number(env.OIE_DEMO_NOW);
  return env.OIE_DEMO_NOW !== undefined && Number.isSafeInteger(fixed) ? fixed : Date.now();
}

// The server is loaded where it runs: the explorer's thread only starts the worker (in the bundle,
// this module's chunk is small; the server's is the worker's to compile).
async function startHere(options: EmbeddedDemoOptions): ReturnType<typeof startDemoServer> {
  const { startDemoServer } = await import('./server.js');
  const activity = options.still ? undefined : { ...(options.paceMs !== undefined ? { paceMs: options.paceMs } : {}) };
  return startDemoServer({ users: options.users, latencyMs: options.latencyMs, nowMs: demoNow(), cluster: { discovery: options.discovery ?? 'etcd' }, ...(options.server ? { server: options.server } : {}), ...(activity ? { activity } : {}) });
}

/** Told to the worker to stop. */
const STOP = 'stop';

/**
 * How long close() waits for the thread to end on its own before ending it: a thread busy in a
 * long search answers late or never.
 */
const STOP_WAIT_MS = 2000;

// In the worker: start the server and say where it listens. Asked to stop, it closes the server
// (its connections) and its port, and the thread ends as a program does, once nothing is left to
// run (a request's latency timer at most).
const input = isMainThread ? undefined : (workerData as Partial<WorkerInput> | undefined);
if (input?.role === ROLE && parentPort) {
  const port = parentPort;
  // A worker started early loads the server while it waits for its options.
  const loading = input.options ? undefined : import('./server.js');
  loading?.catch(() => undefined);
  const options = input.options
    ? Promise.resolve(input.options)
    : new Promise<EmbeddedDemoOptions>((resolve) => port.once('message', (message: StartMessage) => resolve(message.start)));
  void options.then(startHere).then(
    (server) => {
      port.on('message', (message: unknown) => {
        if (message !== STOP) return;
        const end = (): void => port.close();
        void server.close().then(end, end);
      });
      port.postMessage({ url: server.url });
      setImmediate(warmGraphemeRules);
    },
    (error: unknown) => port.postMessage({ error: error instanceof Error ? error.message : String(error) }),
  );
}

/**
 * ICU loads its grapheme rules once per process, on the first Intl.Segmenter any thread makes:
 * 10-16 ms on Node 20, and the explorer's first frame makes one (a name on the demo's first page
 * has combining marks). Made here, once the server is listening and before the explorer's modules
 * have loaded, nothing waits for it; the explorer's own then costs 0.05 ms.
 */
function warmGraphemeRules(): void {
  new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment('e\u0301');
}

/**
 * Starts the server on its thread; `early` is the worker the bin started before the command line
 * was read (early.ts), if any: it is told the options and serves them.
 */
export async function startEmbeddedDemo(options: EmbeddedDemoOptions, early?: Worker): Promise<EmbeddedDemo> {
  const here = new URL(import.meta.url);
  if (here.pathname.endsWith('.ts')) {
    const server = await startHere(options);
    return { baseUrl: server.url, secret: DEMO.secret, adminUserID: DEMO.adminUserID, close: () => server.close() };
  }
  const worker = early ?? new Worker(here, { workerData: { role: ROLE, options } satisfies WorkerInput });
  if (worker === early) {
    worker.ref();
    worker.postMessage({ start: options } satisfies StartMessage);
  }
  const url = await new Promise<string>((resolve, reject) => {
    worker.once('message', (message: { url?: string; error?: string }) =>
      message.url !== undefined ? resolve(message.url) : reject(new Error(`the demo server did not start: ${message.error ?? 'unknown error'}`)),
    );
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the demo server did not start (exit ${code})`)));
  });
  return {
    baseUrl: url,
    secret: DEMO.secret,
    adminUserID: DEMO.adminUserID,
    // The thread closes its server and ends on its own: terminate() stops a thread wherever it
    // is (mid-request, mid-compile, its sockets live), the least tried of Node's teardowns, and
    // a busy machine once saw an exit abort (issue 34). terminate() remains for a thread that
    // has not ended in time.
    close: async () => {
      await new Promise<void>((resolve) => {
        const done = (): void => {
          clearTimeout(timer);
          worker.off('exit', done);
          resolve();
        };
        const timer = setTimeout(done, STOP_WAIT_MS);
        worker.once('exit', done);
        worker.postMessage(STOP);
      });
      await worker.terminate();
    },
  };
}
