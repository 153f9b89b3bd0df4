// Every way out while the demo's worker and the requests are busy (issue 34: once, on Node 24 in
// CI, Ctrl-C ended the app with 134, SIGABRT). The built CLI in tmux on a slow demo (`--latency`),
// an export walking the list and a live view fetching, then Ctrl-C or a signal: the exit status is
// the documented one (0 for the Ctrl-C key, 128 + the signal's number for a signal), nothing from
// Node (an assertion, FATAL ERROR) on the screen, and the terminal restored. CI runs this file on
// every supported Node line (test/e2e).
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertTmux, startApp, type App } from '../support/tmux.js';

let app: App | undefined;
beforeAll(() => assertTmux());
afterEach(() => {
  app?.kill();
  app = undefined;
});

/** The explorer on a slow, living demo, with an export walking it and the live view on. */
async function busy(): Promise<{ a: App; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'oie-exit-busy-'));
  app = startApp({ cwd: dir, args: ['--demo', '--users', '20000', '--latency', '150', '--watch', '1'] });
  const a = app;
  await a.waitFor(/20,0\d\d total/);
  a.send('e');
  await a.waitFor('export to: ');
  a.send('Enter');
  // Requests in flight: the walk's pages (two at a time) and the live view's refresh.
  await a.waitFor(/exporting to .* of 20,0\d\d rows/);
  return { a, dir };
}

describe('exit while the demo worker and requests are busy', () => {
  it.each([1, 2, 3])('Ctrl-C exits 0 (round %i)', async () => {
    const { a, dir } = await busy();
    a.send('C-c');
    expect(await a.exitCode(15_000)).toBe(0);
    expect(a.everything()).not.toMatch(/Assertion|FATAL|Aborted|core dumped|openim-explorer: /);
    expect(a.display('#{alternate_on}')).toBe('0');
    expect(readdirSync(dir)).toEqual([]);
  }, 60_000);

  it.each([
    ['SIGTERM', 143],
    ['SIGINT', 130],
    ['SIGHUP', 129],
    ['SIGTERM', 143],
  ] as const)('%s exits %i', async (signal, code) => {
    const { a, dir } = await busy();
    process.kill(await a.appPid(), signal);
    expect(await a.exitCode(15_000)).toBe(code);
    expect(a.everything()).not.toMatch(/Assertion|FATAL|Aborted|core dumped|openim-explorer: /);
    expect(a.display('#{alternate_on}')).toBe('0');
    expect(readdirSync(dir)).toEqual([]);
  }, 60_000);
});
