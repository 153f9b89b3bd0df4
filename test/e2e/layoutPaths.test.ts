// One layout per page and size (issue 34): the table's columns, widths and gaps are a function of
// the list, its columns, the page's rows and the terminal's size, never of the path taken to that
// page. The built CLI in tmux draws the same page after every path (start, `n` `p`, a width-only
// resize and back, a height change and back) and the captured table lines must be equal.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertTmux, startApp, type App } from '../support/tmux.js';

const TEST_MS = 90_000;
const terms: App[] = [];
beforeAll(() => assertTmux());
afterEach(() => {
  for (const t of terms.splice(0)) t.kill();
});

/** The table's lines: from the column titles to the line before the status line, the cursor column aside. */
function tableLines(screen: string, title: RegExp): string[] {
  const lines = screen.split('\n');
  const top = lines.findIndex((l) => title.test(l));
  const bottom = lines.findIndex((l, i) => i > top && /^page \d+ of/.test(l));
  if (top < 0 || bottom < 0) throw new Error(`no table on screen:\n${screen}`);
  return lines.slice(top, bottom).map((l) => l.slice(1).trimEnd());
}

interface Case {
  name: string;
  /** Keys that bring the list on screen after start. */
  open: string[];
  title: RegExp;
  /** The first page is on screen (its first row, its status line). */
  firstPage: RegExp;
  /** The lines that are not table rows: the page size is the terminal's rows less these. */
  chrome: number;
}

const CASES: Case[] = [
  { name: 'users', open: [], title: /^ USER ID/, firstPage: /user_000001[\s\S]*\npage 1 of/, chrome: 5 },
  { name: "a user's conversations", open: ['Enter'], title: /^ ! PIN/, firstPage: /\* {2}notify_system[\s\S]*\npage 1 of/, chrome: 6 },
];

describe.each([
  [80, 24],
  [120, 40],
])('at %ix%i', (cols, rows) => {
  it.each(CASES)('$name: the same page is drawn the same way after every path', async ({ open, title, firstPage, chrome }) => {
    const t = startApp({ cols, rows, args: ['--demo', '--still'] });
    terms.push(t);
    await t.waitFor(/›user_000001[\s\S]*page 1 of/);
    for (const key of open) t.send(key);
    const drawn = async (): Promise<string[]> => tableLines(await t.waitFor(firstPage), title);
    const start = await drawn();

    t.send('n');
    await t.waitFor(/page 2 of/);
    t.send('p');
    expect(await drawn(), 'after n p').toEqual(start);

    // The header is right-aligned: its line is as long as the terminal is wide.
    const redrawnAt = (width: number) => (s: string) => /connected$/.test(s.split('\n')[0] ?? '') && s.split('\n')[0]?.length === width;
    t.resize(cols + 1, rows);
    await t.waitFor(redrawnAt(cols + 1));
    t.resize(cols, rows);
    await t.waitFor(redrawnAt(cols));
    expect(await drawn(), `after a resize to ${cols + 1} and back`).toEqual(start);

    // A height change changes the page size (it follows the terminal) and so the rows fetched.
    t.resize(cols, rows + 6);
    await t.waitFor(new RegExp(` ${rows + 6 - chrome}/page`));
    t.resize(cols, rows);
    await t.waitFor(new RegExp(` ${rows - chrome}/page`));
    expect(await drawn(), 'after a height change and back').toEqual(start);
  }, TEST_MS);
});
