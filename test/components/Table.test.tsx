import { describe, expect, it } from 'vitest';
import { render } from 'ink-testing-library';
import type { Column } from '../../src/domain/columns.js';
import { LAYOUT_PAGES, Table } from '../../src/components/Table.js';
import { renderRow, visibleWindow } from '../../src/domain/tableLayout.js';
import { displayWidth } from '../../src/terminal/width.js';
import { HOSTILE_VALUES } from '../fixtures/hostile.js';

interface User {
  id: string;
  name: string;
  count: number;
}

const columns: Column<User>[] = [
  { key: 'id', title: 'User ID', priority: 1, whole: true, max: 12, value: (u) => u.id },
  { key: 'name', title: 'Nickname', priority: 2, min: 6, value: (u) => u.name },
  { key: 'count', title: 'Count', priority: 3, whole: true, align: 'right', value: (u) => String(u.count) },
];
const context = { now: new Date(2026, 5, 1) };

const SGR = /\u001b\[[0-9;]*m/g;

function frameLines(frame: string | undefined): string[] {
  return (frame ?? '').replace(SGR, '').split('\n');
}

function usersNamed(names: readonly string[]): User[] {
  return names.map((name, i) => ({ id: `u${i}`, name, count: i * 7 }));
}

function numberedUsers(n: number): User[] {
  return Array.from({ length: n }, (_, i) => ({ id: `u${i}`, name: `name ${i}`, count: i }));
}

const WIDE = ['张伟', '😀 smile', '👨‍👩‍👧‍👦 family', '日本語のとても長いニックネームです', 'e\u0301te\u0301', 'ＦＵＬＬ', 'plain'];

describe('Table rendering', () => {
  it('gives every line the same display width with CJK and emoji cells', () => {
    const { lastFrame } = render(
      <Table context={context} columns={columns} rows={usersNamed(WIDE)} cursor={0} width={40} height={10} color={false} />,
    );
    const lines = frameLines(lastFrame());
    expect(lines).toHaveLength(1 + WIDE.length);
    // The last column is right-aligned, so Ink's trimming of trailing spaces cannot hide a misalignment.
    for (const line of lines) expect(displayWidth(line)).toBe(40);
  });

  it('puts the cursor marker on the cursor row only', () => {
    const { lastFrame } = render(
      <Table context={context} columns={columns} rows={numberedUsers(5)} cursor={2} width={40} height={10} color={false} />,
    );
    const [header, ...body] = frameLines(lastFrame());
    expect(header?.startsWith(' User ID')).toBe(true);
    body.forEach((line, i) => {
      expect(line.startsWith(i === 2 ? '›u2 ' : ` u${i} `)).toBe(true);
    });
  });

  it('renders only `height` rows and scrolls like a pager', () => {
    const rows = numberedUsers(200);
    const props = { columns, rows, width: 40, height: 20, color: false, context } as const;
    const { lastFrame, rerender } = render(<Table {...props} cursor={0} />);
    const shown = (): string[] => frameLines(lastFrame()).slice(1);
    const marked = (): string | undefined => shown().find((l) => l.startsWith('›'));

    expect(shown()).toHaveLength(20);
    expect(shown()[0]).toContain('u0 ');
    expect(shown()[19]).toContain('u19 ');

    // Down past the bottom: the cursor sits on the last line.
    rerender(<Table {...props} cursor={25} />);
    expect(shown()).toHaveLength(20);
    expect(shown()[19]?.startsWith('›u25 ')).toBe(true);

    // Back up inside the window: nothing scrolls.
    rerender(<Table {...props} cursor={10} />);
    expect(shown()[0]).toContain('u6 ');
    expect(marked()).toContain('u10 ');

    // Up past the top: the cursor sits on the first line.
    rerender(<Table {...props} cursor={3} />);
    expect(shown()[0]?.startsWith('›u3 ')).toBe(true);

    // Jump to the end.
    rerender(<Table {...props} cursor={199} />);
    expect(shown()).toHaveLength(20);
    expect(shown()[0]).toContain('u180 ');
    expect(shown()[19]?.startsWith('›u199 ')).toBe(true);
  });

  it.each([80, 40])('truncates long cells with an ellipsis at %i columns', (width) => {
    const rows = usersNamed(['x'.repeat(200), '张'.repeat(100), `${'😀'.repeat(60)}`]);
    const { lastFrame } = render(
      <Table context={context} columns={columns} rows={rows} cursor={0} width={width} height={5} color={false} />,
    );
    const lines = frameLines(lastFrame());
    for (const line of lines) expect(displayWidth(line)).toBe(width);
    for (const line of lines.slice(1)) expect(line).toContain('…');
  });

  it('drops columns that cannot fit in a very narrow table', () => {
    const { lastFrame } = render(
      <Table context={context} columns={columns} rows={numberedUsers(3)} cursor={0} width={16} height={5} color={false} />,
    );
    const lines = frameLines(lastFrame());
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(16);
    expect(lines[0]).not.toContain('Count');
  });

  it('shows the empty text when there are no rows', () => {
    const { lastFrame } = render(
      <Table context={context} columns={columns} rows={[]} cursor={0} width={40} height={5} color={false} emptyText="No users" />,
    );
    const lines = frameLines(lastFrame());
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('No users');
  });

  it('sanitises the empty text and titles too', () => {
    const hostileColumns: Column<User>[] = [{ key: 'x', title: '\u001b[2JTitle', priority: 1, value: (u) => u.id }];
    const { lastFrame } = render(
      <Table context={context} columns={hostileColumns} rows={[]} cursor={0} width={30} height={5} color={false} emptyText={'\u001b]0;x\u0007'} />,
    );
    expect(lastFrame()).not.toContain('\u001b');
  });

  describe('with every hostile string in every cell', () => {
    const rows: User[] = HOSTILE_VALUES.map((value, i) => ({ id: value, name: value, count: i }));
    const hostileColumns: Column<User>[] = columns.map((c) =>
      c.key === 'count' ? { ...c, value: (u: User) => HOSTILE_VALUES[u.count] ?? '' } : c,
    );

    it('with colour off: no ESC at all, and every line fits', () => {
      const { lastFrame } = render(
        <Table context={context} columns={hostileColumns} rows={rows} cursor={3} width={60} height={rows.length} color={false} />,
      );
      const frame = lastFrame() ?? '';
      expect(frame).not.toContain('\u001b');
      const lines = frame.split('\n');
      expect(lines).toHaveLength(1 + rows.length);
      for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(60);
    });

    it('with colour on: only SGR codes, and every line fits', () => {
      const { lastFrame } = render(
        <Table context={context} columns={hostileColumns} rows={rows} cursor={3} width={60} height={rows.length} color />,
      );
      const frame = lastFrame() ?? '';
      expect(frame.replace(SGR, '')).not.toContain('\u001b');
      for (const line of frameLines(frame)) expect(displayWidth(line)).toBeLessThanOrEqual(60);
    });
  });
});

// A page's layout and lines are kept with its rows array (a cached page comes back as the same
// array): what is drawn must be what a first drawing of the same props draws, whatever came before.
describe('a page drawn before', () => {
  type Props = Parameters<typeof Table<User>>[0];
  const fresh = (props: Props): string | undefined => render(<Table {...props} />).lastFrame();
  const pageA = usersNamed(WIDE);
  const pageB = usersNamed(['x'.repeat(60), 'y', '张'.repeat(30)]);
  const base: Props = { context, columns, rows: pageA, cursor: 1, width: 60, height: 10, color: false };

  it('is drawn anew when the width changes, and as before when it comes back', () => {
    const { lastFrame, rerender } = render(<Table {...base} />);
    for (const width of [30, 60, 45, 30]) {
      rerender(<Table {...base} width={width} />);
      expect(lastFrame()).toBe(fresh({ ...base, rows: [...pageA], width }));
      for (const line of frameLines(lastFrame())) expect(displayWidth(line)).toBeLessThanOrEqual(width);
    }
  });

  it('paging away and back draws each page as a first drawing does', () => {
    const { lastFrame, rerender } = render(<Table {...base} />);
    for (const rows of [pageB, pageA, pageB, pageA]) {
      rerender(<Table {...base} rows={rows} />);
      expect(lastFrame()).toBe(fresh({ ...base, rows: [...rows] }));
    }
  });

  it('a page whose layout was let go (more pages than the table keeps) is drawn as before', () => {
    const pages = Array.from({ length: LAYOUT_PAGES + 2 }, (_, p) => usersNamed([`page ${p}`, '张'.repeat(p + 1), 'x'.repeat(3 * p)]));
    const { lastFrame, rerender } = render(<Table {...base} rows={pages[0]!} />);
    const first = lastFrame();
    for (const rows of pages.slice(1)) rerender(<Table {...base} rows={rows} />);
    rerender(<Table {...base} rows={pages[0]!} />);
    expect(lastFrame()).toBe(first);
  });

  it('is drawn anew when the columns or what the cells depend on change', () => {
    const withOwner: Column<User>[] = [...columns, { key: 'owner', title: 'Owner', priority: 2, value: (_u, ctx) => ctx.ownerName ?? '-' }];
    const { lastFrame, rerender } = render(<Table {...base} />);
    rerender(<Table {...base} columns={withOwner} />);
    expect(lastFrame()).toBe(fresh({ ...base, columns: withOwner }));
    const named = { ...context, ownerName: 'Ada' };
    rerender(<Table {...base} columns={withOwner} context={named} />);
    expect(lastFrame()).toContain('Ada');
    expect(lastFrame()).toBe(fresh({ ...base, columns: withOwner, context: named }));
  });
});

describe('visibleWindow', () => {
  it('shows everything when it fits', () => {
    expect(visibleWindow(3, 5, 10)).toEqual({ start: 0, end: 5 });
  });

  it('moves minimally to keep the cursor in view', () => {
    expect(visibleWindow(25, 200, 20, 0)).toEqual({ start: 6, end: 26 });
    expect(visibleWindow(10, 200, 20, 6)).toEqual({ start: 6, end: 26 });
    expect(visibleWindow(3, 200, 20, 6)).toEqual({ start: 3, end: 23 });
  });

  it('never leaves empty rows at the bottom', () => {
    expect(visibleWindow(199, 200, 20, 0)).toEqual({ start: 180, end: 200 });
    expect(visibleWindow(5, 10, 20, 50)).toEqual({ start: 0, end: 10 });
  });

  it('clamps a cursor out of range and handles empty lists', () => {
    expect(visibleWindow(500, 30, 10)).toEqual({ start: 20, end: 30 });
    expect(visibleWindow(-4, 30, 10, 5)).toEqual({ start: 0, end: 10 });
    expect(visibleWindow(0, 0, 10)).toEqual({ start: 0, end: 0 });
    expect(visibleWindow(0, 10, 0)).toEqual({ start: 0, end: 0 });
  });
});

describe('renderRow', () => {
  it('fits each cell to its column with the layout gap between', () => {
    expect(renderRow(['ab', 'cd', '7'], { widths: [3, 4, 3], gap: 1 }, ['left', 'left', 'right'])).toBe('ab  cd     7');
    expect(renderRow(['ab', 'cd'], { widths: [2, 2], gap: 2 })).toBe('ab  cd');
  });

  it('skips dropped columns', () => {
    expect(renderRow(['ab', 'cd', 'ef'], { widths: [3, 0, 2], gap: 1 })).toBe('ab  ef');
  });

  it('is exactly as wide as its columns whatever the cells hold', () => {
    const widths = { widths: [5, 9, 4], gap: 1 };
    for (const value of [...HOSTILE_VALUES, ...WIDE]) {
      const line = renderRow([value, value, value], widths);
      expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
      expect(displayWidth(line)).toBe(20);
    }
  });
});
