// A page is what the screen shows, on the built CLI in tmux at 80x24 and 120x40: the table rows on
// screen are the `N/page` the status line says, on the users list and on a user's lists (under the
// summary line), with a prompt open as with none; the terminal's last line is drawn (the key hints
// or the prompt), and stays the frame's last line as keys move the cursor; a chosen size larger
// than the window says which row is selected.
import { beforeAll, describe, expect, it } from 'vitest';
import { assertTmux } from '../support/tmux.js';
import { cursorLine } from '../support/screenText.js';
import { demoApps } from '../support/demoApp.js';

const TEST_MS = 60_000;

beforeAll(() => assertTmux());

const startDemo = demoApps();

const STATUS = /^(?:\S+ )?page [\d,]+ of/;
/** What the screen says and shows: the page size, the row indicator, the table's rows, the last line. */
function read(screen: string, title: string) {
  const lines = screen.split('\n');
  const top = lines.findIndex((line) => line.includes(title));
  const status = lines.findIndex((line) => STATUS.test(line));
  const statusLine = lines[status] ?? '';
  return {
    lines,
    perPage: Number(/(\d+)\/page/.exec(statusLine)?.[1] ?? NaN),
    indicator: /row \d+\/\d+/.exec(statusLine)?.[0],
    rows: lines.slice(top + 1, status).filter((line) => line.trim() !== '').length,
    /** The status line is the one but last: only the footer or the prompt is under it. */
    statusIndex: status,
    last: lines[lines.length - 1] ?? '',
  };
}

describe.sequential.each([
  { cols: 80, rows: 24, size: 19, userSize: 18 },
  { cols: 120, rows: 40, size: 35, userSize: 34 },
])('at $cols x $rows', ({ cols, rows, size, userSize }) => {
  it('the users list: as many rows as N/page, the last line the key hints, and a prompt takes no row', async () => {
    const a = await startDemo({ cols, rows });
    let seen = read(a.screen(), 'USER ID');
    expect(seen.lines).toHaveLength(rows);
    expect(seen.perPage).toBe(size);
    expect(seen.rows).toBe(size);
    expect(seen.indicator).toBeUndefined();
    expect(seen.statusIndex).toBe(rows - 2);
    expect(seen.last).toContain('? help');

    // The cursor moves: the frame stays put (the header on top, the hints at the bottom).
    a.send('j', 'j', 'j');
    const moved = await a.waitFor((s) => cursorLine(s).includes('user_000004'));
    expect(moved.split('\n')[0]).toContain('openim-explorer');
    expect(read(moved, 'USER ID').last).toContain('? help');

    a.send('/');
    seen = read(await a.waitFor((s) => (s.split('\n').at(-1) ?? '').startsWith('/')), 'USER ID');
    expect(seen.lines).toHaveLength(rows);
    expect([seen.perPage, seen.rows, seen.indicator]).toEqual([size, size, undefined]);
    expect(seen.statusIndex).toBe(rows - 2);
    expect(seen.last).toContain('narrows the rows of this page');
  }, TEST_MS);

  it("a user's lists: the summary line, as many rows as N/page, with and without the command line", async () => {
    const a = await startDemo({ cols, rows });
    a.send('Enter');
    let seen = read(await a.waitFor((s) => s.includes(' WITH ') && STATUS.test(s.split('\n').at(-2) ?? '') && /\d+\/page/.test(s)), ' WITH ');
    expect(seen.lines).toHaveLength(rows);
    expect(seen.perPage).toBe(userSize);
    expect(seen.rows).toBe(userSize);
    expect(seen.indicator).toBeUndefined();
    expect(seen.last).toContain('? help');

    a.send(':');
    seen = read(await a.waitFor((s) => (s.split('\n').at(-1) ?? '').startsWith(':')), ' WITH ');
    expect([seen.perPage, seen.rows, seen.indicator, seen.statusIndex]).toEqual([userSize, userSize, undefined, rows - 2]);
  }, TEST_MS);

  it("a prompt's refusal takes the status line's place, not a table row", async () => {
    const a = await startDemo({ cols, rows });
    a.send('u');
    a.type('user_000001 x');
    a.send('Enter');
    const screen = await a.waitFor((s) => (s.split('\n').at(-2) ?? '').startsWith('refused'));
    const lines = screen.split('\n');
    expect(lines).toHaveLength(rows);
    expect(lines.at(-1)).toMatch(/^user ID: user_000001 x/);
    const top = lines.findIndex((line) => line.includes('USER ID'));
    expect(lines.slice(top + 1, rows - 2).filter((line) => /^[› ]user_\d+/.test(line))).toHaveLength(size);
  }, TEST_MS);

  it('a chosen page size larger than the window: the rows that fit, and the row indicator', async () => {
    const a = await startDemo({ cols, rows, extraArgs: ['--page-size', '50'] });
    const seen = read(await a.waitFor('50/page'), 'USER ID');
    expect(seen.rows).toBe(size);
    expect(seen.indicator).toBe('row 1/50');
    expect(seen.last).toContain('? help');
  }, TEST_MS);
});
