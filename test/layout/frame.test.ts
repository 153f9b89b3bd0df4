// The screen's geometry (layout/frame.ts): every region for each screen at common and tiny sizes.
// The regions stacked must fill the terminal exactly: a line too many scrolls the frame, a line
// too few is the empty last line the page should have used.
import { describe, expect, it } from 'vitest';
import { fittedPageSizes, opensDetailFull, screenGeometry, type ScreenGeometry, type ScreenKind } from '../../src/layout/frame.js';

const SCREENS: ScreenKind[] = ['users', 'accounts', 'user'];
const SIZES = [
  { columns: 80, rows: 24 },
  { columns: 120, rows: 40 },
  { columns: 60, rows: 20 },
  { columns: 200, rows: 50 },
];

/** Lines from the top of the frame to its bottom, region by region. */
function stacked(g: ScreenGeometry): number {
  const list = g.detail && !g.detail.side ? g.table.rows + g.detail.rows : g.table.rows;
  const body = g.body.rows;
  const inBody = g.summary.rows + g.notice.rows + list + g.errorBar.rows;
  // Help fills the body alone; the list's regions fill it otherwise.
  expect(g.table.rows === 0 && !g.detail ? body : inBody).toBe(body);
  return g.header.rows + g.breadcrumb.rows + body + g.status.rows + g.footer.rows + g.prompt.rows;
}

describe('screenGeometry', () => {
  it.each(SIZES)('fills all $rows lines at $columns x $rows on every screen, whatever is open', (size) => {
    for (const screen of SCREENS) {
      for (const detail of ['closed', 'split', 'full'] as const) {
        for (const prompt of [false, true]) {
          for (const error of [false, true]) {
            const g = screenGeometry(size, { screen, detail, prompt, error });
            expect(g.frame).toEqual({ width: size.columns, rows: size.rows });
            expect(stacked(g), `${screen} ${detail} prompt=${prompt} error=${error}`).toBe(size.rows);
          }
        }
      }
    }
  });

  it('a page of the default size is the table rows on screen: 19 at 80x24, 18 under the user summary', () => {
    const at = (columns: number, rows: number, screen: ScreenKind) => screenGeometry({ columns, rows }, { screen });
    expect([at(80, 24, 'users'), at(80, 24, 'accounts'), at(80, 24, 'user')].map((g) => [g.pageRows, g.tableRows])).toEqual([
      [19, 19],
      [19, 19],
      [18, 18],
    ]);
    expect([at(120, 40, 'users').pageRows, at(120, 40, 'user').pageRows]).toEqual([35, 34]);
    expect([at(60, 20, 'users').pageRows, at(60, 20, 'user').pageRows]).toEqual([15, 14]);
    expect(fittedPageSizes({ columns: 80, rows: 24 })).toEqual({ list: 19, user: 18 });
    expect(fittedPageSizes({ columns: 80, rows: 5000 }).list).toBe(1000);
  });

  it('an open prompt takes the footer line, not a table row', () => {
    for (const size of SIZES) {
      for (const screen of SCREENS) {
        const closed = screenGeometry(size, { screen });
        const open = screenGeometry(size, { screen, prompt: true });
        expect(open.tableRows).toBe(closed.tableRows);
        expect([open.footer.rows, open.prompt.rows, closed.footer.rows, closed.prompt.rows]).toEqual([0, 1, 1, 0]);
      }
    }
  });

  it('the detail pane: beside the table from 140 columns, below it on narrower terminals, alone when full', () => {
    const wide = screenGeometry({ columns: 200, rows: 50 }, { screen: 'user', detail: 'split' });
    expect(wide.detail).toEqual({ side: true, width: 90, rows: 45 });
    expect(wide.table).toEqual({ width: 110, rows: 45 });
    const narrow = screenGeometry({ columns: 120, rows: 40 }, { screen: 'users', detail: 'split' });
    expect(narrow.detail).toEqual({ side: false, width: 120, rows: 24 });
    expect(narrow.table).toEqual({ width: 120, rows: 12 });
    expect(narrow.tableRows).toBe(11);
    const full = screenGeometry({ columns: 80, rows: 24 }, { screen: 'user', detail: 'full' });
    expect(full.detail).toEqual({ side: false, width: 80, rows: 19 });
    expect(full.table.rows).toBe(0);
    expect(opensDetailFull({ columns: 80, rows: 24 })).toBe(true);
    expect(opensDetailFull({ columns: 80, rows: 30 })).toBe(false);
  });

  it('the error bar and the notice line come out of the table, not the chrome', () => {
    const g = screenGeometry({ columns: 80, rows: 24 }, { screen: 'user', error: true, notice: true });
    expect([g.errorBar.rows, g.notice.rows, g.tableRows]).toEqual([3, 1, 14]);
  });

  it('help takes the body whole, on every screen', () => {
    for (const screen of SCREENS) {
      const g = screenGeometry({ columns: 80, rows: 24 }, { screen, help: true, detail: 'split', error: true });
      expect([g.body.rows, g.summary.rows, g.table.rows, g.detail, g.errorBar.rows]).toEqual([20, 0, 0, null, 0]);
    }
  });

  it('tiny terminals: the frame stays at least 20x8, every region at least what it draws in', () => {
    for (const size of [
      { columns: 1, rows: 1 },
      { columns: 10, rows: 5 },
      { columns: 20, rows: 8 },
      { columns: 30, rows: 10 },
    ]) {
      for (const screen of SCREENS) {
        for (const detail of ['closed', 'split', 'full'] as const) {
          const g = screenGeometry(size, { screen, detail, prompt: true });
          expect(g.frame.width).toBe(Math.max(20, size.columns));
          expect(g.frame.rows).toBe(Math.max(8, size.rows));
          expect(g.tableRows).toBeGreaterThanOrEqual(1);
          expect(g.pageRows).toBeGreaterThanOrEqual(1);
          expect(g.detail?.rows ?? 0).toBeGreaterThanOrEqual(0);
        }
      }
    }
    expect(screenGeometry({ columns: 20, rows: 8 }, { screen: 'users' }).pageRows).toBe(3);
    expect(screenGeometry({ columns: 20, rows: 8 }, { screen: 'user' }).pageRows).toBe(2);
  });
});
