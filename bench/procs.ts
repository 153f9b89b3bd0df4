// Whole processes, timed from spawn to exit: the CLI and its floors (node -e 0, a fetch loop). Each
// run can carry floors/usage.mjs, which reports the process's peak RSS and CPU time at exit.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const CLI = join(ROOT, 'dist', 'cli.cjs');
export const FLOORS = join(ROOT, 'bench', 'floors');
/**
 * The Node that runs both sides of every process figure: OIE_BENCH_NODE (e.g. a runtime of
 * .cache/node-runtimes, to see another line's start) or the one running the bench.
 */
export const BENCH_NODE = process.env.OIE_BENCH_NODE || process.execPath;
const USAGE = join(FLOORS, 'usage.mjs');

export interface ProcRun {
  wallMs: number;
  /** With `usage`: peak resident set (MB) and CPU time (ms) of the process. */
  peakMB?: number;
  cpuMs?: number;
}

let scratch: string | undefined;
let counter = 0;

export function withoutCI(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.CI;
  delete env.NODE_ENV;
  return env;
}

/**
 * `node ...args` to its end, stdout and stderr thrown away (a walk prints megabytes: a pipe back
 * to this process would cost it CPU). Rejects on a non-zero exit.
 */
export function runNode(args: readonly string[], options: { usage?: boolean; cwd?: string } = {}): Promise<ProcRun> {
  scratch ??= mkdtempSync(join(tmpdir(), 'oie-bench-'));
  const usageFile = join(scratch, `usage-${process.pid}-${counter++}.json`);
  const env = withoutCI();
  if (options.usage) env.OIE_BENCH_USAGE = usageFile;
  const argv = options.usage ? ['--import', USAGE, ...args] : [...args];
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    // Output thrown away as a shell's `> /dev/null` does (opened for writing): the CLI takes a
    // stdout on /dev/null opened read-write, Node's 'ignore', for a closed one (`>&-`) and exits 74.
    const devNull = openSync('/dev/null', 'w');
    const child = spawn(BENCH_NODE, argv, { stdio: ['ignore', devNull, 'pipe'], env, cwd: options.cwd ?? ROOT });
    closeSync(devNull);
    let stderr = '';
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      if (stderr.length < 2000) stderr += chunk;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      const wallMs = performance.now() - t0;
      if (code !== 0) return reject(new Error(`node ${args.join(' ')} exited ${code}: ${stderr.trim().slice(0, 300)}`));
      if (!options.usage) return resolve({ wallMs });
      try {
        const u = JSON.parse(readFileSync(usageFile, 'utf8')) as { maxRssKB: number; cpuUs: number };
        rmSync(usageFile, { force: true });
        resolve({ wallMs, peakMB: u.maxRssKB / 1024, cpuMs: u.cpuUs / 1000 });
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

export function cleanScratch(): void {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
}

export interface DemoProcess {
  url: string;
  close(): Promise<void>;
}

/**
 * The demo server in a process of its own (`openim-explorer demo-server`), so that neither side
 * of a process figure shares an event loop with it; it still shares the machine, as OpenIM would.
 */
export function startDemoProcess(users: number): Promise<DemoProcess> {
  // --still: a living demo adds users while a walk runs, and each run would walk a different list.
  const args = [CLI, 'demo-server', '--port', '0', '--users', String(users), '--still'];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: withoutCI() });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`demo server did not start: ${out}`)), 20_000);
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      out += chunk;
      const url = /on (http:\/\/\S+)/.exec(out)?.[1];
      if (!url) return;
      clearTimeout(timer);
      child.stdout!.removeAllListeners('data');
      child.stdout!.resume();
      resolve({
        url,
        close: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
    child.once('exit', (code) => reject(new Error(`demo server exited ${code}: ${out}`)));
  });
}
