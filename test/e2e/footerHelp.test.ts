// Footer, help and keys agree (issue 34), on the built CLI in tmux. The full-screen detail's
// footer names keys that page there (`]/[ page`, never `n/p page`: its `n` is the search's), and
// they do. Help keeps each column's heading when it scrolls: at 120x40 help is two columns scrolled
// together, and a column whose first line is inside a group shows that group's heading first, so
// no column starts with keys of an unnamed group (`3  sent friend applications tab`).
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { helpEntries, helpView } from '../../src/keys/help.js';
import { DEFAULT_KEYS } from '../../src/keys/keymap.js';
import { COLUMN_GAP } from '../../src/layout/helpColumns.js';
import { screenGeometry } from '../../src/layout/frame.js';
import { assertTmux, startApp, type App } from '../support/tmux.js';

const terms: App[] = [];
beforeAll(() => assertTmux());
afterEach(() => {
  for (const t of terms.splice(0)) t.kill();
});

const HEADINGS = [...new Set(helpEntries().map((e) => e.group))];

/** Each help column's first line on screen. */
function columnTops(screen: string, cols: number, rows: number): string[] {
  const lines = screen.split('\n');
  const title = lines.findIndex((l) => l.startsWith('Keys  (? or Esc closes)'));
  const body = screenGeometry({ columns: cols, rows }, { help: true }).body;
  const view = helpView(DEFAULT_KEYS, body.width, body.rows);
  const first = lines[title + 1] ?? '';
  return view.columns.map((_, c) => [...first].slice(c * (view.columnWidth + COLUMN_GAP)).join('').slice(0, view.columnWidth).trimEnd());
}

describe.each([
  [80, 24],
  [120, 40],
])('help at %ix%i', (cols, rows) => {
  it('every column starts with a heading, at the top and wherever it is scrolled to', async () => {
    const t = startApp({ cols, rows, args: ['--demo', '--still'] });
    terms.push(t);
    await t.waitFor(/user_000001[\s\S]*page 1 of/);
    t.send('?');
    let screen = await t.waitFor(/lines 1-\d+ of (\d+)/);
    const total = Number(/lines 1-\d+ of (\d+)/.exec(screen)![1]);
    const steps: [string, RegExp][] = [
      ['j', /lines 2-/],
      ['j', /lines 3-/],
      ['PageDown', /lines (?!3-)\d+-/],
      ['G', new RegExp(`lines \\d+-${total} of ${total}`)],
    ];
    const check = (where: string): void => {
      for (const top of columnTops(screen, cols, rows)) {
        expect(HEADINGS.some((h) => top === h || top === `${h} (continued)`), `${where}: a column starts with "${top}"`).toBe(true);
      }
    };
    check('at the top');
    // The footer names help's own keys while it is open (j scrolls it, n turns its screen).
    const footer = screen.split('\n').at(-1) ?? '';
    expect(footer).toContain('j/k line');
    expect(footer).not.toContain('n/p page');
    for (const [key, shows] of steps) {
      t.send(key);
      screen = await t.waitFor(shows);
      check(`after ${key}`);
    }
  }, 60_000);
});

describe.each([
  [80, 24],
  [120, 40],
])('the full-screen detail at %ix%i', (cols, rows) => {
  it("its footer's page keys page; n, which the footer gives to the search, does not", async () => {
    const t = startApp({ cols, rows, args: ['--demo', '--still'] });
    terms.push(t);
    await t.waitFor(/user_000001[\s\S]*page 1 of/);
    t.send('Enter');
    await t.waitFor(/notify_system[\s\S]*\npage 1 of/);
    t.send('d');
    // Below 30 rows the detail opens full screen; at 40, f makes it so.
    if (rows >= 30) {
      await t.waitFor(/f full/);
      t.send('f');
    }
    const footer = (s: string): string => s.split('\n').at(-1) ?? '';
    const full = await t.waitFor((s) => footer(s).includes('f split'));
    expect(footer(full)).toContain(']/[ page');
    expect(footer(full)).not.toContain('n/p page');
    t.send('n');
    await t.waitFor(/no search/);
    expect(t.screen()).toMatch(/\npage 1 of/);
    t.send(']');
    await t.waitFor(/\npage 2 of/);
    t.send('[');
    await t.waitFor(/\npage 1 of/);
  }, 60_000);
});


describe('a key that can do nothing here, at 80x24', () => {
  it('on a page the filter left without rows, the footer offers no row keys and d says why', async () => {
    const t = startApp({ cols: 80, rows: 24, args: ['--demo', '--still'] });
    terms.push(t);
    const footer = (s: string): string => s.split('\n').at(-1) ?? '';
    const rowsShown = await t.waitFor(/user_000001[\s\S]*page 1 of/);
    expect(footer(rowsShown)).toContain('d detail');
    t.send('/');
    t.type('no-such-row-anywhere');
    t.send('Enter');
    // The prompt closed (the footer is back) over the page the filter emptied.
    const empty = await t.waitFor((s) => s.includes('no row of this page matches') && footer(s).includes('? help'));
    expect(footer(empty)).not.toContain('d detail');
    expect(footer(empty)).not.toContain('open');
    expect(footer(empty)).toContain('? help');
    t.send('d');
    const said = await t.waitFor(/does nothing here/);
    expect(said).toContain('d (detail) does nothing here: no row is shown here');
    // Nothing else changed: the page and its filter are as they were.
    expect(said).toContain('no row of this page matches "no-such-row-anywhere"');
  }, 60_000);
});
