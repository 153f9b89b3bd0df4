// One long value must not block the UI: opening the detail pane on a 4 MB value took 11 s, on
// 4 MB of "a\n" 34 s (and 667 MB), and Ctrl-C waited for it. The built CLI in tmux against a
// server whose rows carry such values (under the reply cap given): the pane opens, the cursor
// and the pane's scroll still move, Ctrl-C ends the app. Deadlines are generous (a loaded
// machine); the old layout missed them by far.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startUsersServer, type FaultServer } from '../support/faultServer.js';
import { assertTmux, startApp, type App } from '../support/tmux.js';

const MB = 1024 * 1024;
const DEADLINE_MS = 15_000;

const ROWS = [
  { userID: 'small_0', ex: 'short' },
  { userID: 'big_4MB', ex: 'y'.repeat(4 * MB) },
  { userID: 'lines_4MB', ex: 'a\n'.repeat(2 * MB) },
  { userID: 'small_3', ex: 'short' },
].map((row, i) => ({ ...row, nickname: `User ${i}`, faceURL: '', createTime: 1_700_000_000_000 + i, appMangerLevel: 1, globalRecvMsgOpt: 0 }));

let server: FaultServer;
let app: App | undefined;
beforeAll(async () => {
  assertTmux();
  server = await startUsersServer(ROWS);
});
afterEach(() => {
  app?.kill();
  app = undefined;
});
afterAll(async () => {
  await server.close();
});

const cursorOn = (userID: string) => (s: string) => s.split('\n').some((line) => line.startsWith(`›${userID} `));
const paneOf = (userID: string) => (s: string) => s.includes('── detail') && s.includes(`User ${userID}`);
const paneRange = (s: string): string => /detail (\d+-\d+ of \S+)/.exec(s)?.[1] ?? '';

async function startOnList(): Promise<App> {
  const a = startApp({ cols: 100, rows: 30, args: ['--base-url', server.url, '--token', 't', '--max-body-mb', '32'] });
  app = a;
  await a.waitFor(cursorOn('small_0'), 30_000);
  return a;
}

describe('long values in the detail pane', () => {
  it('4 MB value: the pane opens, j moves the cursor and the pane, J scrolls it', async () => {
    const a = await startOnList();
    a.send('j');
    await a.waitFor(cursorOn('big_4MB'), DEADLINE_MS);
    a.send('d');
    await a.waitFor(paneOf('big_4MB'), DEADLINE_MS);
    a.send('j');
    const moved = await a.waitFor((s) => cursorOn('lines_4MB')(s) && paneOf('lines_4MB')(s), DEADLINE_MS);
    // The pane of a long value says that it knows only part of its length.
    expect(paneRange(moved)).toMatch(/^1-\d+ of (≥)?\d+$/);
    const before = paneRange(moved);
    a.send('J');
    const scrolled = await a.waitFor((s) => paneRange(s) !== '' && paneRange(s) !== before, DEADLINE_MS);
    expect(paneRange(scrolled)).not.toMatch(/^1-/);
    a.send('k');
    await a.waitFor((s) => cursorOn('big_4MB')(s) && paneOf('big_4MB')(s), DEADLINE_MS);
  }, 120_000);

  it('4 MB of "a\\n": Ctrl-C ends the app while the pane is open on it', async () => {
    const a = await startOnList();
    a.send('j', 'j');
    await a.waitFor(cursorOn('lines_4MB'), DEADLINE_MS);
    a.send('d');
    await a.waitFor(paneOf('lines_4MB'), DEADLINE_MS);
    a.send('C-c');
    expect(await a.exitCode(DEADLINE_MS)).toBe(0);
  }, 120_000);

  it('Ctrl-C right after d on it, before the pane is drawn, ends the app too', async () => {
    const a = await startOnList();
    a.send('j', 'j');
    await a.waitFor(cursorOn('lines_4MB'), DEADLINE_MS);
    a.send('d', 'C-c');
    expect(await a.exitCode(DEADLINE_MS)).toBe(0);
  }, 120_000);
});
