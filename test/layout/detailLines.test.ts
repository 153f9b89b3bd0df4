// The detail pane lays out only what it shows: a window of lines, each value cut to a head with a
// note of its full length. The windows must be exactly the lines a full layout would give.
import { describe, expect, it } from 'vitest';
import type { Conversation, User } from '../../src/api/schemas.js';
import { buildDetailLines, paneViewport, type PaneLine } from '../../src/layout/detailLines.js';
import { treeLineText, treeLines } from '../../src/layout/jsonTreeLines.js';
import { prepareValue, VALUE_HEAD_CHARS, VALUE_MAX_LINES, valueWindow } from '../../src/domain/valueLines.js';
import { displayWidth, wrap } from '../../src/terminal/width.js';
import { conversationRow } from '../fixtures/conversations.js';

const MB = 1024 * 1024;

function user(ex: string, nickname = 'Nick'): User {
  return { userID: 'user_1', nickname, faceURL: '', ex, createTime: 1_700_000_000_000, appMangerLevel: 1, globalRecvMsgOpt: 0 } as User;
}

const conversation = (content: string): Conversation => conversationRow('si_a_b', 1, { content });

const text = (line: PaneLine): string => (line.kind === 'tree' ? treeLineText(line.line) : line.kind === 'field' ? `${line.label}|${line.text}` : line.text);

describe('valueWindow: a window of one value', () => {
  const values = ['x'.repeat(5000), 'a\n'.repeat(300), '张伟 '.repeat(400), 'short'];

  it('is the same as slicing the whole wrap, within the line cap', () => {
    for (const raw of values) {
      const value = prepareValue(raw, true);
      const whole = wrap(value.text, 37, { words: true }).slice(0, VALUE_MAX_LINES);
      for (const start of [0, 1, 50, whole.length - 3, whole.length + 5]) {
        const w = valueWindow(value, 37, { start, count: 20 });
        expect(w.lines).toEqual(whole.slice(Math.max(0, start), start + 20));
        expect(w.more).toBe(whole.length > start + 20);
      }
    }
  });

  it('keeps only a head of a long value, and says it is cut', () => {
    const value = prepareValue('y'.repeat(4 * MB));
    expect(value.text.length).toBe(VALUE_HEAD_CHARS);
    expect(value).toMatchObject({ length: 4 * MB, cut: true });
    expect(valueWindow(value, 60, { start: 0, count: 10 }).lines).toEqual(Array(10).fill('y'.repeat(60)));
    const end = valueWindow(value, 60, { start: 1000, count: 10 });
    expect(end).toEqual({ lines: [], more: false, cut: true });
  });

  it('caps the lines of a value made of newlines', () => {
    const value = prepareValue('a\n'.repeat(2 * MB), true);
    const w = valueWindow(value, 60, { start: VALUE_MAX_LINES - 2, count: 10 });
    expect(w.lines).toEqual(['a', 'a']);
    expect(w).toMatchObject({ more: false, cut: true });
  });

  it('never cuts a surrogate pair in half', () => {
    const value = prepareValue(`${'x'.repeat(VALUE_HEAD_CHARS - 1)}😀tail`);
    expect(value.text.endsWith('x')).toBe(true);
    expect(value.text).not.toContain('\ufffd');
  });
});

describe('the pane, by windows', () => {
  it('gives exactly the lines of the full layout at every scroll position', () => {
    const rows: [Parameters<typeof buildDetailLines>[0], User | Conversation][] = [
      ['users', user('e'.repeat(3000), '张伟'.repeat(40))],
      ['conversations', conversation(JSON.stringify({ content: 'hello '.repeat(800), nested: { a: [1, 2, { b: 'c'.repeat(500) }] } }))],
      ['conversations', conversation('not json\n'.repeat(200))],
    ];
    for (const [kind, row] of rows) {
      const full = buildDetailLines(kind, row, 58, false).map(text);
      for (const scroll of [0, 1, 7, 30, 200, full.length - 5]) {
        const view = paneViewport(kind, row, 60, 16, false, scroll);
        const start = Math.min(scroll, Math.max(0, full.length - 15));
        expect(view.start).toBe(start);
        expect(view.lines.map(text)).toEqual(full.slice(start, start + 15));
      }
      expect(paneViewport(kind, row, 60, 16, false, 0).total).toBeLessThanOrEqual(full.length);
    }
  });

  it('a 4 MB value: a screenful laid out, "at least" as the total, and a note at the end', () => {
    const row = user('a\n'.repeat(2 * MB));
    const first = paneViewport('users', row, 40, 21, false, 0);
    expect(first.lines).toHaveLength(20);
    expect(first.exact).toBe(false);
    expect(first.total).toBeLessThan(VALUE_MAX_LINES + 40);
    // Scrolling on lays out further, up to the cap and the note of the full length.
    let view = first;
    while (!view.exact || view.start < view.maxScroll) view = paneViewport('users', row, 40, 21, false, view.maxScroll);
    const note = view.lines.filter((line) => line.kind === 'note').map(text);
    // Wrapped at a word boundary: the space at the break is not drawn.
    expect(note).toEqual(['… not shown whole: 4,194,304', 'characters in all (y copies the row)']);
    expect(view.total).toBeLessThan(VALUE_MAX_LINES + 40);
  });

  it('every line of a pane of long values fits its width', () => {
    const row = user('张'.repeat(MB), '👍🏽'.repeat(3000));
    for (const line of buildDetailLines('users', row, 58, false)) {
      const shown = line.kind === 'field' ? line.text : text(line);
      expect(displayWidth(shown)).toBeLessThanOrEqual(line.kind === 'field' ? 40 : 58);
    }
  });
});

describe('the JSON tree, lazily', () => {
  const huge = { kind: 'string', value: 'z'.repeat(256 * 1024) } as const;

  it('gives its first lines without laying out the rest', () => {
    const lines = treeLines(huge, 40, { color: false });
    const first = lines.next();
    expect(first.done).toBe(false);
    expect(treeLineText(first.value as never)).toBe(`"${'z'.repeat(39)}`);
  });

  it('cuts a long string to its head, with a note of its length', () => {
    const all = Array.from(treeLines(huge, 40, { color: false }), treeLineText);
    expect(all.length).toBeLessThanOrEqual(VALUE_MAX_LINES + 3);
    expect(all.slice(-2).map((line) => line.replace(/^ {2}/, '')).join('')).toBe('… not shown whole: 262,144 characters in all (y copies the row)');
  });
});

describe('a conversation detail: who, when, what, then metadata, then raw fields', () => {
  const row = conversation(JSON.stringify({ content: 'the invoice is attached' }));
  const owner = { id: 'a', name: 'Alice', now: 1_700_000_000_000 + 3 * 60_000 };
  const lines = buildDetailLines('conversations', row, 78, false, owner).map(text);

  it('leads with the derived sender, the receiver and the time with its offset and age, then the message', () => {
    expect(lines[0]).toBe('Conversation with b');
    expect(lines[1]).toBe('from|a (Alice) · this user');
    expect(lines[2]).toBe('to|b');
    expect(lines[3]).toMatch(/^time\|\d{4}-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d\d:\d\d · 3 min ago$/);
    expect(lines[4]).toBe('Message: Text');
    expect(lines[5]).toBe('Text|the invoice is attached');
  });

  it('shows the decoded message once; the raw JSON comes last', () => {
    const decoded = lines.filter((line) => line.includes('the invoice is attached'));
    expect(decoded).toHaveLength(2); // the message, and the raw content at the end
    expect(lines.indexOf('Decoded JSON (raw content)')).toBeGreaterThan(lines.indexOf('Conversation'));
    expect(lines.indexOf('Raw fields (msgInfo, as the server sent them)')).toBeGreaterThan(lines.indexOf('Conversation'));
  });

  it("does not credit the owner's message to the peer whose senderName the server sent", () => {
    expect(lines.find((line) => line.startsWith('from|'))).not.toContain('(A)');
    const theirs = buildDetailLines('conversations', conversation('{"content":"hi"}'), 78, false, { id: 'b', now: 0 }).map(text);
    expect(theirs[1]).toBe('from|a (A)');
    expect(theirs[2]).toBe('to|b · this user');
  });
});
