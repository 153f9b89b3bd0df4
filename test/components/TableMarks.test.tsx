// The live view's mark column: a + or ~ beside the cursor column, and the marked rows in bold;
// readable without colour.
import { describe, expect, it } from 'vitest';
import type { Column } from '../../src/domain/columns.js';
import type { RowMark } from '../../src/domain/rowDiff.js';
import { displayWidth } from '../../src/terminal/width.js';

// Ink's chalk writes no styles where it sees no colour support; bold must be seen here. Set before
// Ink loads (this file's modules are its own).
process.env.FORCE_COLOR = '1';
const { render } = await import('ink-testing-library');
const { Table } = await import('../../src/components/Table.js');

interface Row {
  id: string;
}
const columns: Column<Row>[] = [{ key: 'id', title: 'ID', priority: 1, value: (r) => r.id }];
const context = { now: new Date(2026, 5, 1) };
const rows: Row[] = ['a', 'b', 'c'].map((id) => ({ id }));
const SGR = /\u001b\[[0-9;]*m/g;
const BOLD_LINE = /\u001b\[1m([^\n]*)\u001b\[22m/g;

describe('Table marks (live view)', () => {
  it('draws a mark column: + new, ~ changed, blank otherwise, beside the cursor', () => {
    const marks = new Map<Row, RowMark>([
      [rows[0]!, 'changed'],
      [rows[2]!, 'new'],
    ]);
    const { lastFrame } = render(<Table context={context} columns={columns} rows={rows} cursor={0} width={20} height={5} color={false} marks={marks} />);
    const lines = (lastFrame() ?? '').replace(SGR, '').split('\n');
    expect(lines.map((l) => l.trimEnd())).toEqual(['  ID', '›~a', '  b', ' +c']);
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(20);
  });

  it('puts the marked rows in bold, even without colour', () => {
    const marks = new Map<Row, RowMark>([[rows[1]!, 'new']]);
    const { lastFrame } = render(<Table context={context} columns={columns} rows={rows} cursor={0} width={20} height={5} color={false} marks={marks} />);
    const bold = [...(lastFrame() ?? '').matchAll(BOLD_LINE)].map((m) => m[1]!.replace(SGR, '').trim());
    // The selected row too, inverse as well (without colour it is inverse and bold, issue 34).
    expect(bold).toEqual(['› a', '+b']);
  });

  it('has no mark column when the view is not live', () => {
    const { lastFrame } = render(<Table context={context} columns={columns} rows={rows} cursor={1} width={20} height={5} color={false} />);
    expect((lastFrame() ?? '').replace(SGR, '').split('\n').map((l) => l.trimEnd())).toEqual([' ID', ' a', '›b', ' c']);
  });

  it('gains and loses the mark column on the same page, and shows a mark that changes', () => {
    const { lastFrame, rerender } = render(<Table context={context} columns={columns} rows={rows} cursor={1} width={20} height={5} color={false} />);
    const shown = (): string[] => (lastFrame() ?? '').replace(SGR, '').split('\n').map((l) => l.trimEnd());
    rerender(<Table context={context} columns={columns} rows={rows} cursor={1} width={20} height={5} color={false} marks={new Map()} />);
    expect(shown()).toEqual(['  ID', '  a', '› b', '  c']);
    rerender(<Table context={context} columns={columns} rows={rows} cursor={1} width={20} height={5} color={false} marks={new Map([[rows[0]!, 'new' as RowMark]])} />);
    expect(shown()).toEqual(['  ID', ' +a', '› b', '  c']);
    rerender(<Table context={context} columns={columns} rows={rows} cursor={1} width={20} height={5} color={false} />);
    expect(shown()).toEqual([' ID', ' a', '›b', ' c']);
  });
});
