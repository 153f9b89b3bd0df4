// Runs the built CLI (dist/cli.cjs) as a child process with a clean environment, and kills it
// (reporting `hung`) if it has not ended after a generous wait.
import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { assertSlowTier, inSlowTier } from './tier.js';

export const CLI = fileURLToPath(new URL('../../dist/cli.cjs', import.meta.url));

/**
 * The Node that runs the built CLI: OIE_TEST_NODE when set (.ci/run points it at each supported
 * Node line's runtime, while vitest itself stays on the machine's Node), else the runner's own.
 */
export const CLI_NODE = process.env.OIE_TEST_NODE || process.execPath;

/** A clean environment: no home, no config, a UTF-8 locale, no OpenIM settings. */
export const CLI_ENV: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: '/nonexistent', XDG_CONFIG_HOME: '/nonexistent', LANG: 'C.UTF-8' };

export interface CliExit {
  code: number | null;
  stdout: string;
  stderr: string;
  /** It was still running after `hungMs` and was killed. */
  hung: boolean;
}

export function assertBuilt(): void {
  if (!inSlowTier()) return;
  if (!existsSync(CLI)) throw new Error('dist/cli.cjs is missing: run npm run build first');
}

export function runCli(
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
  options: { nodeArgs?: readonly string[]; hungMs?: number } = {},
): Promise<CliExit> {
  assertSlowTier('the built CLI');
  return new Promise((resolve, reject) => {
    const child = spawn(CLI_NODE, [...(options.nodeArgs ?? []), CLI, ...args], {
      env: { ...CLI_ENV, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let hung = false;
    const watchdog = setTimeout(() => {
      hung = true;
      child.kill('SIGKILL');
    }, options.hungMs ?? 30_000);
    collectExit(child).then((exit) => {
      clearTimeout(watchdog);
      resolve({ ...exit, hung });
    }, reject);
  });
}

/** What a child wrote and how it ended; `onStdout` sees stdout as it grows (a test can act mid-run). */
export function collectExit(
  child: Pick<ChildProcess, 'on'> & { stdout: Readable; stderr: Readable },
  onStdout?: (stdout: string) => void,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
      onStdout?.(stdout);
    });
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
