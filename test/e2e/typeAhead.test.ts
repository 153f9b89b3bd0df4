// Keys typed ahead over a slow link, Esc that closes what is in front, and messages that stay: the
// built CLI in tmux against the demo with `--latency` (every request a second late), asserted on
// what is on screen. No sleeps: each step waits for what the screen shows.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from 'openim-demo-server';
import { assertTmux, startApp, type App } from '../support/tmux.js';
import { cursorLine } from '../support/screenText.js';

let app: App | undefined;
beforeAll(() => assertTmux());
afterEach(() => {
  app?.kill();
  app = undefined;
});

const SLOW = ['--demo', '--still', '--latency', '1000'];
const lines = (screen: string): string[] => screen.split('\n');
const statusLine = (screen: string): string => lines(screen).at(-2) ?? '';
/** The user screen's table: its rows start under the header, breadcrumb, summary line and column titles. */
const USER_ROWS_FROM = 4;

async function openFirstUser(a: App): Promise<void> {
  await a.waitFor((s) => s.includes(DEMO.firstUserID) && /page 1 of/.test(s));
  a.send('Enter');
  await a.waitFor((s) => /PIN +WITH/.test(s) && /^› /m.test(s) && !/loading/.test(statusLine(s)));
}

describe.each([
  [80, 24],
  [120, 40],
])('keys typed ahead at %dx%d', (cols, rows) => {
  it('3 then d: the detail of the third tab opens once its page arrives', async () => {
    const a = (app = startApp({ cols, rows, args: SLOW }));
    await openFirstUser(a);
    a.send('3');
    a.send('d');
    // Without type-ahead `d` met a tab with no rows yet and did nothing, ever.
    const shown = await a.waitFor((s) => /Application user_000001 → user_\d+/.test(s), 20_000);
    expect(shown).not.toMatch(/typed ahead/);
  }, 45_000);

  it('u ID Enter 3 d: keys typed while the ID is checked wait for the user, then for the tab', async () => {
    const a = (app = startApp({ cols, rows, args: SLOW }));
    await a.waitFor((s) => s.includes(DEMO.firstUserID) && /page 1 of/.test(s));
    a.send('u');
    await a.waitFor('user ID:');
    a.type('user_000002');
    // Apart from the Enter: text and a newline in one read is a paste (docs/keys.md, Pasting).
    await a.waitFor('user ID: user_000002');
    a.send('Enter');
    await a.waitFor('looking up user_000002');
    // Before, these went into the picker's line while it waited for the server's answer.
    a.send('3');
    a.send('d');
    await a.waitFor((s) => /Users › user_000002/.test(s) && /Application user_000002 → user_\d+/.test(s), 20_000);
  }, 45_000);

  it('2 then j j j: the cursor moves three rows once the page is there', async () => {
    const a = (app = startApp({ cols, rows, args: SLOW }));
    await openFirstUser(a);
    a.send('2');
    a.send('j');
    a.send('j');
    a.send('j');
    const screen = await a.waitFor((s) => /\[2 Black(?:list)?\]/.test(s) && /^›/m.test(s) && !/loading|typed ahead/.test(statusLine(s)), 20_000);
    expect(lines(screen).findIndex((l) => l.startsWith('›')) - USER_ROWS_FROM).toBe(3);
  }, 45_000);

  it('Esc during a slow page step gives it up and keeps the page on screen', async () => {
    const a = (app = startApp({ cols, rows, args: SLOW }));
    await a.waitFor((s) => s.includes(DEMO.firstUserID) && /page 1 of/.test(s));
    a.send('n');
    a.send('j');
    await a.waitFor((s) => /loading page 2/.test(s));
    a.send('Escape');
    await a.waitFor(/stopped loading page 2; showing page 1 \(1 key typed ahead dropped\)/);
    // A reload asked after the step that was given up ends after it would have: page 2 never shows.
    a.send('r');
    const after = await a.waitFor((s) => /^page 1 of/m.test(statusLine(s)) && !/loading/.test(statusLine(s)), 20_000);
    expect(after).toContain(DEMO.firstUserID);
    expect(cursorLine(after)).toContain(DEMO.firstUserID);
  }, 45_000);

  it('a message stays past the live refreshes after it, until a key; L lists it', async () => {
    const a = (app = startApp({ cols, rows, args: ['--demo', '--watch', '1'] }));
    await a.waitFor(/live \d\d:\d\d:\d\d/);
    a.send(':');
    await a.waitFor((s) => /^:/m.test(s));
    a.type('columns bogus');
    a.send('Enter');
    const refused = await a.waitFor(/no column shows bogus here \(fields: userID/);
    // Cut at its end, never in the middle of the list of fields it names.
    expect(refused).not.toMatch(/user…/);
    // No timer takes a message away: two refreshes after it (the header's time changing twice, a
    // condition, never a sleep; counted as changes, so midnight does not matter) it is still there.
    const seen = new Set([clock(refused)]);
    const later = await a.waitFor((s) => {
      const at = clock(s);
      if (at) seen.add(at);
      return seen.size >= 3;
    }, 20_000);
    expect(later).toMatch(/no column shows bogus here/);
    a.send('j');
    await a.waitFor((s) => !s.includes('no column shows bogus'));
    a.send('L');
    const log = await a.waitFor(/Messages, newest first/);
    expect(log).toMatch(/\d\d:\d\d:\d\d +no column shows bogus here \(fields: userID/);
    expect(log).toMatch(/live view: this page every 1 s/);
    a.send('Escape');
    await a.waitFor((s) => !s.includes('Messages, newest first') && s.includes(DEMO.firstUserID));
  }, 45_000);
});

/** The time of the live view's last refresh, as the header says it. */
function clock(screen: string): string {
  return /live (\d\d:\d\d:\d\d)/.exec(screen)?.[1] ?? '';
}

describe('Esc and a running export', () => {
  async function exportWithDetail(cols: number, rows: number): Promise<{ a: App; dir: string }> {
    const dir = mkdtempSync(join(tmpdir(), 'oie-export-esc-'));
    const a = (app = startApp({ cols, rows, cwd: dir, args: ['--demo', '--still', '--users', '4000', '--latency', '200'] }));
    await a.waitFor(/4,000 total/);
    a.send('e');
    await a.waitFor(/export to: \.\/openim-users-/);
    a.send('Enter');
    await a.waitFor(/exporting to .* rows/);
    a.send('d');
    await a.waitFor((s) => /User user_000001|userID +user_000001/.test(s) && /exporting to/.test(s));
    return { a, dir };
  }

  it.each([
    [80, 24],
    [120, 40],
  ])('at %dx%d Esc closes the detail and the export goes on to its end', async (cols, rows) => {
    const { a, dir } = await exportWithDetail(cols, rows);
    a.send('Escape');
    // Before, this Esc cancelled the export ("nothing written") and left the detail open.
    await a.waitFor(/wrote \.\/openim-users-\d{8}-\d{6}\.json \(4000 rows\)/, 30_000);
    expect(a.screen()).not.toMatch(/userID +user_000001/);
    expect(readdirSync(dir)).toEqual([expect.stringMatching(/^openim-users-\d{8}-\d{6}\.json$/)]);
  }, 60_000);

  it('Esc with nothing in front asks; n keeps exporting; y cancels', async () => {
    const { a, dir } = await exportWithDetail(120, 40);
    a.send('Escape');
    await a.waitFor((s) => !/userID +user_000001/.test(s) && /exporting to/.test(s));
    a.send('Escape');
    await a.waitFor('cancel the export (its partial file is removed)? y cancels');
    a.send('n');
    await a.waitFor(/exporting to .* rows/);
    a.send('Escape');
    await a.waitFor('cancel the export');
    a.send('y');
    await a.waitFor('export cancelled; nothing written');
    expect(readdirSync(dir)).toEqual([]);
  }, 60_000);
});
