// Help's layout on plain items (no keys): columns for the room, whole texts wrapped by the one
// word wrapper, and a heading repeated wherever a column starts, or is scrolled, inside a group.
import { describe, expect, it } from 'vitest';
import { helpColumns, helpLastLine, helpWindow, type HelpItem, type HelpLine } from '../../src/layout/helpColumns.js';

/** `count` items in each of these groups, each text a few words long. */
function items(groups: readonly string[], count: number): HelpItem[] {
  return groups.flatMap((group) => Array.from({ length: count }, (_, i) => ({ group, keys: `k${i}`, text: `does thing number ${i} of ${group}` })));
}

const texts = (lines: readonly HelpLine[]): string => lines.map((l) => l.text ?? '').join(' ');

describe('help columns', () => {
  it('wraps a text at word boundaries, never cutting a word or losing one', () => {
    const view = helpColumns([{ group: 'G', keys: 'x', text: 'last page (conversations, whose total is an estimate)' }], 30, 20);
    const lines = view.columns[0]!.filter((l) => l.text !== undefined);
    // Keys take 1 cell and a space: 28 cells of text.
    expect(lines.map((l) => l.text)).toEqual(['last page (conversations,', 'whose total is an estimate)']);
    expect(lines[0]!.keys).toBe('x');
  });

  it('one column when everything fits in one; more side by side only when the lines need them', () => {
    expect(helpColumns(items(['A', 'B'], 3), 200, 40).columns).toHaveLength(1);
    const two = helpColumns(items(['A', 'B'], 20), 120, 30);
    expect(two.columns).toHaveLength(2);
    expect(two.maxScroll).toBe(0);
    // Too narrow for two columns: one, scrolled.
    const one = helpColumns(items(['A', 'B'], 20), 80, 30);
    expect(one.columns).toHaveLength(1);
    expect(one.maxScroll).toBeGreaterThan(0);
  });

  it('a column that starts inside a group starts with its heading, marked continued', () => {
    const view = helpColumns(items(['A'], 40), 120, 30);
    expect(view.columns).toHaveLength(2);
    expect(view.columns[0]![0]).toEqual({ title: 'A' });
    expect(view.columns[1]![0]).toEqual({ title: 'A (continued)' });
    // Every text is there, once.
    const all = texts(view.columns.flat());
    for (const item of items(['A'], 40)) expect(all).toContain(item.text);
  });

  it('scrolled inside a group, a column shows that group heading first; the title line counts what is shown', () => {
    const view = helpColumns(items(['A', 'B'], 30), 80, 12);
    expect(view.maxScroll).toBeGreaterThan(0);
    const column = view.columns[0]!;
    const inB = column.findIndex((l) => l.group === 'B' && l.title === undefined) + 2;
    const window = helpWindow(view, column, inB);
    expect(window[0]).toEqual({ title: 'B (continued)' });
    expect(window).toHaveLength(view.visible);
    expect(window[1]).toEqual(column[inB]);
    // The heading took a line: the last line shown is one less than at a group's own title.
    expect(helpLastLine(view, inB)).toBe(inB + view.visible - 1);
    const atTitle = column.findIndex((l) => l.title === 'B');
    expect(helpWindow(view, column, atTitle)[0]).toEqual({ title: 'B' });
    expect(helpLastLine(view, atTitle)).toBe(Math.min(view.rows, atTitle + view.visible));
  });

  it('every line fits its column; keys wider than their share get a line of their own', () => {
    const view = helpColumns([{ group: 'G', keys: 'a very long set of key names', text: 'short' }, ...items(['G'], 2)], 60, 20);
    const lines = view.columns[0]!;
    const wide = lines.findIndex((l) => l.keys === 'a very long set of key names');
    expect(lines[wide]!.text).toBeUndefined();
    expect(lines[wide + 1]!.text).toBe('short');
    for (const line of lines) expect((line.text ?? '').length).toBeLessThanOrEqual(view.columnWidth - view.keysWidth - 1);
  });
});
