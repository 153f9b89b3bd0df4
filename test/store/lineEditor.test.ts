// The line editor key by key: the state is written as text with `|` for the cursor. The editor
// knows edits, not keys: a key reaches it through the default prompt rows of the bindings table
// (keys/promptKeys.ts), as dispatch maps them; a key no row binds is typed.
import { describe, expect, it } from 'vitest';
import { PROMPT_BINDINGS } from '../../src/keys/promptKeys.js';
import {
  editLine,
  LINE_EDITS,
  MAX_LINE,
  newLine,
  pasteIntoLine,
  typeIntoLine,
  type EditContext,
  type EditResult,
  type LineEdit,
  type LineState,
} from '../../src/store/lineEditor.js';

const NO_CONTEXT: EditContext = { history: [], complete: () => [] };

/** A line from "abc|def": the text, with the cursor where the bar is. */
function at(marked: string, extra: Partial<LineState> = {}): LineState {
  const cursor = marked.indexOf('|');
  return { ...newLine(marked.replace('|', '')), cursor, ...extra };
}
const show = (line: LineState): string => line.text.slice(0, line.cursor) + '|' + line.text.slice(line.cursor);

const isEdit = (action: string): action is LineEdit => (LINE_EDITS as readonly string[]).includes(action);
/** The edit a key does by default, if a prompt row binds it to one. */
const editOf = (key: string): LineEdit | undefined => {
  const action = PROMPT_BINDINGS.find((b) => (b.keys as readonly string[]).includes(key))?.action;
  return action !== undefined && isEdit(action) ? action : undefined;
};
/** One key, as a prompt takes it: its edit, else the character typed. */
function key1(line: LineState, key: string, ctx: EditContext = NO_CONTEXT): EditResult {
  const edit = editOf(key);
  return edit ? editLine(line, edit, ctx) : typeIntoLine(line, key);
}
/** Presses keys in order; returns the final line. */
function press(line: LineState, keys: readonly string[], ctx: EditContext = NO_CONTEXT): LineState {
  return keys.reduce((l, key) => key1(l, key, ctx).line, line);
}
const after = (marked: string, ...keys: string[]): string => show(press(at(marked), keys));

describe('moving', () => {
  it('← → and Ctrl-B Ctrl-F move one character, stopping at the ends', () => {
    expect(after('ab|c', 'left')).toBe('a|bc');
    expect(after('ab|c', 'ctrl+b', 'ctrl+b', 'ctrl+b')).toBe('|abc');
    expect(after('a|bc', 'right')).toBe('ab|c');
    expect(after('a|bc', 'ctrl+f', 'ctrl+f', 'ctrl+f')).toBe('abc|');
  });

  it('moves over a whole character: an emoji, a letter with a combining mark', () => {
    expect(after('a😀|', 'left')).toBe('a|😀');
    expect(after('e\u0301|x', 'left')).toBe('|e\u0301x');
    expect(after('|e\u0301x', 'right')).toBe('e\u0301|x');
  });

  it('Home/End and Ctrl-A/Ctrl-E go to the start and the end', () => {
    expect(after('ab|c', 'home')).toBe('|abc');
    expect(after('ab|c', 'ctrl+a')).toBe('|abc');
    expect(after('a|bc', 'end')).toBe('abc|');
    expect(after('a|bc', 'ctrl+e')).toBe('abc|');
  });

  it('Alt-B and Alt-F move by word; `_` is part of an ID word', () => {
    expect(after('user user_000001|', 'alt+b')).toBe('user |user_000001');
    expect(after('user user_000001|', 'alt+b', 'alt+b')).toBe('|user user_000001');
    expect(after('|user user_000001', 'alt+f')).toBe('user| user_000001');
    expect(after('|user user_000001', 'alt+f', 'alt+f')).toBe('user user_000001|');
    expect(after('si_a,|si_b', 'alt+b')).toBe('|si_a,si_b');
  });
});

describe('deleting', () => {
  it('Backspace deletes before the cursor, Delete and Ctrl-D under it', () => {
    expect(after('ab|c', 'backspace')).toBe('a|c');
    expect(after('|abc', 'backspace')).toBe('|abc');
    expect(after('a|bc', 'delete')).toBe('a|c');
    expect(after('a|bc', 'ctrl+d')).toBe('a|c');
    expect(after('abc|', 'delete')).toBe('abc|');
    expect(after('a😀|', 'backspace')).toBe('a|');
  });

  it('Ctrl-U kills to the start, Ctrl-K to the end', () => {
    expect(after('user us|er_1', 'ctrl+u')).toBe('|er_1');
    expect(after('user us|er_1', 'ctrl+k')).toBe('user us|');
  });

  it('Ctrl-W kills the word before the cursor, up to whitespace or a comma', () => {
    expect(after('user user_000001|', 'ctrl+w')).toBe('user |');
    expect(after('user user_000001  |', 'ctrl+w')).toBe('user |');
    expect(after('si_a,si_b|', 'ctrl+w')).toBe('si_a,|');
    expect(after('user |', 'ctrl+w', 'ctrl+w')).toBe('|');
  });

  it('Alt-D kills the word after the cursor, Alt-Backspace the word before it', () => {
    expect(after('|user_1 x', 'alt+d')).toBe('| x');
    expect(after('a.b-c|', 'alt+backspace')).toBe('a.b-|');
  });
});

describe('the kill ring', () => {
  it('Ctrl-Y puts back what was killed, at the cursor', () => {
    expect(after('user user_1|', 'ctrl+w', 'ctrl+a', 'ctrl+y')).toBe('user_1|user ');
  });

  it('consecutive kills add up; a key between them starts afresh', () => {
    const twice = press(at('a b c|'), ['ctrl+w', 'ctrl+w']);
    expect(twice.killRing).toBe('b c');
    const apart = press(at('a b c|'), ['ctrl+w', 'left', 'ctrl+w']);
    expect(apart.killRing).toBe('b');
    const forward = press(at('|a b c'), ['alt+d', 'alt+d']);
    expect(forward.killRing).toBe('a b');
  });

  it('the kill ring comes into a new line', () => {
    expect(show(press(newLine('x', 'killed'), ['ctrl+y']))).toBe('xkilled|');
  });
});

describe('typing', () => {
  it('inserts a character at the cursor', () => {
    expect(after('ac|', 'left', 'b')).toBe('ab|c');
    expect(after('|', '世', '界')).toBe('世界|');
  });

  it('ignores keys it does not know, never inserting their names', () => {
    for (const key of ['ctrl+x', 'pageup', 'pagedown', 'alt+3', 'escape', 'enter', '\u0007']) expect(after('a|b', key)).toBe('a|b');
  });

  it('holds at most MAX_LINE characters', () => {
    const full = newLine('x'.repeat(MAX_LINE));
    const result = typeIntoLine(full, 'y');
    expect(result.line.text).toHaveLength(MAX_LINE);
    expect(result.note).toMatch(/up to 4096/);
  });
});

describe('history', () => {
  const ctx: EditContext = { history: ['newest', 'older', 'oldest'], complete: () => [] };

  it('↑ goes back through the history, ↓ forward to the line being typed', () => {
    let line = newLine('dra');
    line = press(line, ['up'], ctx);
    expect(show(line)).toBe('newest|');
    line = press(line, ['up', 'up', 'up'], ctx);
    expect(show(line)).toBe('oldest|');
    line = press(line, ['down'], ctx);
    expect(show(line)).toBe('older|');
    line = press(line, ['down', 'down'], ctx);
    expect(show(line)).toBe('dra|');
    line = press(line, ['down'], ctx);
    expect(show(line)).toBe('dra|');
  });

  it('Ctrl-P and Ctrl-N do the same; an empty history changes nothing', () => {
    expect(show(press(newLine(''), ['ctrl+p', 'ctrl+p', 'ctrl+n'], ctx))).toBe('newest|');
    expect(show(press(newLine('x'), ['up']))).toBe('x|');
  });
});

describe('completion', () => {
  const candidates = ['user_000001', 'user_000002', 'user_000003'];
  let asked = 0;
  const ctx: EditContext = {
    history: [],
    complete: (text) => {
      asked++;
      return candidates.filter((c) => c.startsWith(text));
    },
  };

  it('Tab puts the first candidate on the line with the cursor at the end; typing goes after it', () => {
    const line = press(at('user_|000'), ['tab'], ctx);
    expect(show(line)).toBe('user_000001|');
    expect(show(press(line, ['X'], ctx))).toBe('user_000001X|');
  });

  it('Tab again cycles forward, Shift-Tab back, both wrapping around; candidates are found once', () => {
    asked = 0;
    let line = press(newLine('user_000'), ['tab', 'tab'], ctx);
    expect(line.text).toBe('user_000002');
    line = press(line, ['tab', 'tab'], ctx);
    expect(line.text).toBe('user_000001');
    line = press(line, ['shift+tab'], ctx);
    expect(line.text).toBe('user_000003');
    expect(line.completion).toEqual({ candidates, index: 2 });
    expect(asked).toBe(1);
  });

  it('Shift-Tab first starts from the last candidate', () => {
    expect(press(newLine('user_'), ['shift+tab'], ctx).text).toBe('user_000003');
  });

  it('any other key ends the cycle: the next Tab completes the new text', () => {
    const line = press(newLine('user_000'), ['tab', 'backspace'], ctx);
    expect(line.completion).toBeNull();
    expect(press(line, ['tab'], ctx).text).toBe('user_000001');
  });

  it('no candidates: the line stays and a note says so', () => {
    const result = editLine(newLine('nobody'), 'completeNext', ctx);
    expect(result.line.text).toBe('nobody');
    expect(result.note).toBe('no completions');
  });
});

describe('text in one piece', () => {
  it('is inserted at the cursor', () => {
    const result = pasteIntoLine(at('a|d'), 'bc', false);
    expect(show(result.line)).toBe('abc|d');
    expect(result.submit).toBe(false);
  });

  it('an unbracketed newline submits the line before it; the rest is dropped with a note', () => {
    const result = pasteIntoLine(newLine(''), 'user_000003\rz\nmore', false);
    expect(result.line.text).toBe('user_000003');
    expect(result.submit).toBe(true);
    expect(result.note).toBe('dropped 2 more pasted lines');
  });

  it('a trailing newline submits with no note; leading newlines are skipped', () => {
    const result = pasteIntoLine(newLine(''), '\r\nuser_000003\r\n', false);
    expect(result).toEqual({ line: expect.objectContaining({ text: 'user_000003' }), submit: true });
  });

  it('a bracketed paste is never submitted: its first line is inserted, the rest dropped with a note', () => {
    const one = pasteIntoLine(newLine(''), 'user_000003\n', true);
    expect(one).toEqual({ line: expect.objectContaining({ text: 'user_000003', cursor: 11 }), submit: false });
    const two = pasteIntoLine(newLine(''), 'user_000003\nuser_000004', true);
    expect(two.line.text).toBe('user_000003');
    expect(two.submit).toBe(false);
    expect(two.note).toBe('dropped 1 more pasted line');
  });

  it('control characters are removed, never interpreted; a tab becomes a space', () => {
    expect(pasteIntoLine(newLine(''), 'a\u0003b\u0015c\u0007d\u007f', true).line.text).toBe('abcd');
    expect(pasteIntoLine(newLine(''), 'si_a\tsi_b', true).line.text).toBe('si_a si_b');
  });

  it('is cut at MAX_LINE with a note', () => {
    const result = pasteIntoLine(newLine(''), 'x'.repeat(MAX_LINE + 10), true);
    expect(result.line.text).toHaveLength(MAX_LINE);
    expect(result.note).toMatch(/up to 4096/);
  });
});

describe('a line opened with the value in force selected', () => {
  const opened = (): LineState => newLine('si_a_b', '', true);

  it('the first character typed replaces it, and the next ones add to what was typed', () => {
    expect(show(press(opened(), ['u', 's']))).toBe('us|');
  });

  it('a paste replaces it', () => {
    expect(show(pasteIntoLine(opened(), 'user_000002', true).line)).toBe('user_000002|');
  });

  it('Backspace and Delete clear it whole', () => {
    expect(show(key1(opened(), 'backspace').line)).toBe('|');
    expect(show(key1(opened(), 'delete').line)).toBe('|');
  });

  it('a move keeps the text and ends the selection: typing then edits it', () => {
    const moved = key1(opened(), 'left').line;
    expect(moved.selected).toBe(false);
    expect(show(press(moved, ['x']))).toBe('si_a_x|b');
  });

  it('an empty line is never selected', () => {
    expect(newLine('', '', true).selected).toBe(false);
  });
});
