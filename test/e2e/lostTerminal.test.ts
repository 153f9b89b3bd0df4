// Losing the terminal (an SSH drop, a closed window) ends the explorer as a hangup: the built CLI in
// tmux, then `tmux kill-server`, idle, paging, exporting and in the live view (and a scripting
// command writing to the terminal). Node restores each
// terminal's modes at exit and asserted (SIGABRT, a native stack on stderr) when the terminal was
// gone (issue 52). The witness (test/support/hangupWitness.mjs) is the pane's program: it writes how
// the app ended and keeps its stderr in a file of this test's. `forward` passes the SIGHUP on, as
// the kernel does when the session's shell dies of it; `keep` does not, and the app has only the
// dead terminal itself (the end of its input, a failed write) to go by. CI runs this file on every
// Node line (test/e2e).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLI_NODE } from '../support/runCli.js';
import { assertTmux, CLI, startCommand, until, type App } from '../support/tmux.js';

const WITNESS = fileURLToPath(new URL('../support/hangupWitness.mjs', import.meta.url));
const PARTIAL = /^\.openim-users-\d{8}-\d{6}\.json\.partial$/;

let app: App | undefined;
let dir: string | undefined;
/** The app's pid, taken before its terminal goes: one that outlives a failed test is killed. */
let appPid: number | undefined;
beforeAll(() => assertTmux());
afterEach(() => {
  app?.kill();
  app = undefined;
  if (appPid !== undefined && existsSync(`/proc/${appPid}`)) process.kill(appPid, 'SIGKILL');
  appPid = undefined;
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

const quote = (word: string): string => `'${word.replace(/'/g, `'\\''`)}'`;

interface Ended {
  code: number | null;
  signal: string | null;
}

/** The explorer with `args` under the witness, in a folder of the test's own (its cwd, where exports go). */
function start(mode: 'forward' | 'keep', args: readonly string[]): { a: App; files: string; ended: () => Ended | undefined; stderr: () => string } {
  dir = mkdtempSync(join(tmpdir(), 'oie-lost-'));
  const files = join(dir, 'cwd');
  const status = join(dir, 'status.json');
  const stderr = join(dir, 'stderr.txt');
  mkdirSync(files);
  const line = [CLI_NODE, WITNESS, mode, status, stderr, CLI_NODE, CLI, ...args].map(quote).join(' ');
  app = startCommand(line, { cols: 100, rows: 30, cwd: files });
  return {
    a: app,
    files,
    ended: () => (existsSync(status) ? (JSON.parse(readFileSync(status, 'utf8')) as Ended) : undefined),
    stderr: () => (existsSync(stderr) ? readFileSync(stderr, 'utf8') : ''),
  };
}

/** Kills the tmux server (the terminal goes), then waits for the witness's word on how the app ended. */
async function loseTerminal(run: ReturnType<typeof start>): Promise<Ended> {
  appPid = await run.a.appPid();
  run.a.tmux('kill-server');
  const ended = await until(run.ended, (e) => e !== undefined, 'the app to end after its terminal was lost', 15_000);
  return ended!;
}

/**
 * Ended as a hangup: killed by SIGHUP (the shell's 129), not SIGABRT, nothing from Node on stderr,
 * and from the explorer nothing at all (no crash line: a hangup is no crash).
 */
function expectHangup(ended: Ended, stderr: string, said = ''): void {
  expect(stderr).not.toMatch(/Assertion|ResetStdio|Native stack|FATAL|Aborted| {4}at /);
  expect(stderr).toBe(said);
  expect(ended).toEqual({ code: null, signal: 'SIGHUP' });
}

describe('the terminal lost (tmux kill-server)', () => {
  it.each(['forward', 'keep'] as const)('idle: ends as a hangup (SIGHUP %s)', async (mode) => {
    const run = start(mode, ['--demo', '--still']);
    await run.a.waitFor(/user_000001/);
    expectHangup(await loseTerminal(run), run.stderr());
  }, 40_000);

  it('paging, a page on its way: ends as a hangup', async () => {
    const run = start('forward', ['--demo', '--still', '--users', '4000', '--latency', '300']);
    await run.a.waitFor(/4,000 total/);
    run.a.send('n');
    await run.a.waitFor('loading page 2');
    expectHangup(await loseTerminal(run), run.stderr());
  }, 40_000);

  it('exporting: ends as a hangup, the partial file removed', async () => {
    const run = start('forward', ['--demo', '--still', '--users', '4000', '--latency', '200']);
    await run.a.waitFor(/4,000 total/);
    run.a.send('e');
    await run.a.waitFor('export to: ');
    run.a.send('Enter');
    await run.a.waitFor(/exporting to .* rows/);
    expect(readdirSync(run.files)).toEqual([expect.stringMatching(PARTIAL)]);
    expectHangup(await loseTerminal(run), run.stderr());
    expect(readdirSync(run.files)).toEqual([]);
  }, 40_000);

  it.each(['forward', 'keep'] as const)('in the live view, requests on their way: ends as a hangup (SIGHUP %s)', async (mode) => {
    const run = start(mode, ['--demo', '--latency', '150', '--watch', '1']);
    await run.a.waitFor(/live \d\d:\d\d:\d\d/);
    expectHangup(await loseTerminal(run), run.stderr());
  }, 40_000);

  it('a scripting command writing to the terminal (--all), the SIGHUP not passed on: its failed write ends it as a hangup', async () => {
    const run = start('keep', ['users', '--demo', '--still', '--users', '20000', '--latency', '50', '--all', '-o', 'ndjson']);
    await run.a.waitFor(/"userID":"user_\d+"/);
    // Its stderr is a file here: the failed write is said there in words, once.
    expectHangup(await loseTerminal(run), run.stderr(), 'openim-explorer: cannot write the output to stdout: an input/output error (the disk or terminal failed) (EIO); what was written is incomplete\n');
  }, 40_000);

  it("as `npm start` runs it (the bin with --demo, the demo's worker busy): ends as a hangup", async () => {
    const run = start('forward', ['--demo']);
    await run.a.waitFor(/user_000001/);
    expectHangup(await loseTerminal(run), run.stderr());
  }, 40_000);
});
