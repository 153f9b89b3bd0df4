// Help's content (keys/help.ts) as laid out on the screens it is drawn on: every binding, the
// prompts' keys and the commands, whole. The layout's own rules on plain items are
// test/layout/helpColumns.test.ts's.
import { describe, expect, it } from 'vitest';
import { helpEntries, helpView } from '../../src/keys/help.js';
import { DEFAULT_KEYS } from '../../src/keys/keymap.js';
import { helpWindow, type HelpView } from '../../src/layout/helpColumns.js';
import { COMMANDS } from '../../src/keys/commands.js';
import { BINDINGS } from '../../src/keys/bindings.js';
import { screenGeometry } from '../../src/layout/frame.js';
import { displayWidth } from '../../src/terminal/width.js';

function viewAt(cols: number, rows: number): HelpView {
  const body = screenGeometry({ columns: cols, rows }, { help: true }).body;
  return helpView(DEFAULT_KEYS, body.width, body.rows);
}

/** What scrolling from the top to maxScroll shows, column by column, line by line. */
function everythingShown(view: HelpView): string[] {
  const shown: string[] = [];
  for (let top = 0; top <= view.maxScroll; top++) {
    for (const column of view.columns) {
      for (const line of helpWindow(view, column, top)) shown.push(line.title ?? `${line.keys ?? ''}\u0000${line.text ?? ''}`);
    }
  }
  return shown;
}

describe('help', () => {
  it.each([
    [80, 24],
    [60, 20],
  ])('at %ix%i: one column, every binding of the keymap with its whole description, by scrolling', (cols, rows) => {
    const view = viewAt(cols, rows);
    expect(view.columns).toHaveLength(1);
    expect(view.maxScroll).toBeGreaterThan(0);
    const lines = view.columns[0]!;
    for (const line of lines) expect(displayWidth(`${(line.keys ?? '').padEnd(view.keysWidth)} ${line.text ?? line.title ?? ''}`)).toBeLessThanOrEqual(cols);
    const text = lines.map((l) => l.text ?? '').join(' ');
    for (const entry of helpEntries()) {
      expect(lines.some((l) => l.keys === entry.keys), entry.keys).toBe(true);
      expect(text, entry.keys).toContain(entry.description);
    }
    const shown = new Set(everythingShown(view));
    for (const line of lines) expect(shown.has(line.title ?? `${line.keys ?? ''}\u0000${line.text ?? ''}`)).toBe(true);
  });

  it('lists every key of every binding', () => {
    const labels = helpEntries().map((e) => e.keys).join(' ');
    expect(helpEntries()).toHaveLength(BINDINGS.length + COMMANDS.length);
    for (const label of ['Space', 'Shift-Tab', 'Ctrl-C', 'PgDn', '<', '>', 'Y', 'Ctrl-W', 'Alt-Backspace', 'Del']) expect(labels.split(' ')).toContain(label);
  });

  it('lists every : command with its argument and aliases, under its own title', () => {
    const commands = helpEntries().filter((e) => e.group === 'Commands (type : first)');
    expect(commands.map((e) => e.labels)).toEqual(COMMANDS.map((c) => [`:${c.synopsis}`, ...(c.aliases ?? []).map((a) => `:${a}`)]));
    expect(commands.find((e) => e.labels[0] === ':sort [-]FIELD')?.description).toMatch(/largest first/);
  });

  it('at 120x40, two columns that fill the screen instead of three above empty rows', () => {
    const view = viewAt(120, 40);
    expect(view.columns).toHaveLength(2);
    // Balanced: neither column is much longer than the other.
    const used = view.columns.map((column) => column.filter((l) => l.title !== undefined || l.keys !== undefined || l.text !== undefined).length);
    expect(Math.abs(used[0]! - used[1]!)).toBeLessThan(6);
    // Both columns are used to nearly the bottom.
    for (const column of view.columns) expect(column.filter((l) => l.title !== undefined || l.keys !== undefined || l.text !== undefined).length).toBeGreaterThan(view.visible - 6);
  });

  it('one column where everything fits in one', () => {
    expect(viewAt(200, 400).columns).toHaveLength(1);
  });
});
