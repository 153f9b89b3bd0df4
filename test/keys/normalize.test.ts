// Raw terminal input, as Ink's input parser splits it into events, to key names and text.
import { describe, expect, it } from 'vitest';
import { createInputReader, PASTE_END, PASTE_START, sequenceKeyName, splitTypedAhead, textKeys, type InputEvent } from '../../src/keys/normalize.js';

/** What a series of raw events means, read by one reader. */
function read(...raws: string[]): InputEvent[] {
  const reader = createInputReader();
  return raws.flatMap((raw) => reader.push(raw));
}
const keys = (...raws: string[]): string[] => read(...raws).map((e) => (e.type === 'key' ? e.key : `text:${e.text}`));

describe('key names from raw sequences', () => {
  it('names arrows, Home/End in every encoding, Delete apart from Backspace, PgUp/PgDn and Shift-Tab', () => {
    expect(keys('\u001b[A', '\u001b[B', '\u001b[C', '\u001b[D', '\u001bOA', '\u001bOD')).toEqual(['up', 'down', 'right', 'left', 'up', 'left']);
    expect(keys('\u001b[H', '\u001b[F', '\u001bOH', '\u001bOF', '\u001b[1~', '\u001b[4~', '\u001b[7~', '\u001b[8~')).toEqual([
      'home', 'end', 'home', 'end', 'home', 'end', 'home', 'end',
    ]);
    expect(keys('\u001b[3~', '\u007f', '\b')).toEqual(['delete', 'backspace', 'backspace']);
    expect(keys('\u001b[5~', '\u001b[6~', '\u001b[Z')).toEqual(['pageup', 'pagedown', 'shift+tab']);
  });

  it('ignores modifiers on arrows (Ctrl-→ moves like →)', () => {
    expect(keys('\u001b[1;5C', '\u001b[1;2A', '\u001b[3;5~')).toEqual(['right', 'up', 'delete']);
  });

  it('names Ctrl-letters, Enter, Tab and Esc', () => {
    expect(keys('\u0015', '\u000b', '\u0017', '\u0019', '\u0001', '\u0005', '\u0003')).toEqual([
      'ctrl+u', 'ctrl+k', 'ctrl+w', 'ctrl+y', 'ctrl+a', 'ctrl+e', 'ctrl+c',
    ]);
    expect(keys('\r', '\n', '\t', '\u001b')).toEqual(['enter', 'enter', 'tab', 'escape']);
  });

  it('reads Esc plus one character as Alt: Alt-b, Alt-f, Alt-d, Alt-Backspace', () => {
    expect(keys('\u001bb', '\u001bf', '\u001bd', '\u001b\u007f', '\u001b3')).toEqual(['alt+b', 'alt+f', 'alt+d', 'alt+backspace', 'alt+3']);
  });

  it('gives unknown sequences no name: function keys, focus and mouse reports, kitty keys', () => {
    for (const raw of ['\u001b[15~', '\u001bOP', '\u001b[I', '\u001b[<0;3;4M', '\u001b[97;5u', '\u001b[[A']) {
      expect(sequenceKeyName(raw), JSON.stringify(raw)).toBeUndefined();
    }
  });
});

describe('text in one read', () => {
  it('a single character is a key; several are text (held keys, typed ahead, an unbracketed paste)', () => {
    expect(read('j')).toEqual([{ type: 'key', key: 'j' }]);
    expect(read('😀')).toEqual([{ type: 'key', key: '😀' }]);
    expect(read('jjj')).toEqual([{ type: 'text', text: 'jjj', bracketed: false }]);
    expect(read('user_000003\rz')).toEqual([{ type: 'text', text: 'user_000003\rz', bracketed: false }]);
  });

  it('only control characters are keys (Backspace held down)', () => {
    expect(keys('\u007f\u007f\u007f')).toEqual(['backspace', 'backspace', 'backspace']);
  });

  it('text outside a prompt is keys, one per character, control characters named', () => {
    expect(textKeys('jj\r')).toEqual(['j', 'j', 'enter']);
    expect(textKeys('2\t\u0015')).toEqual(['2', 'tab', 'ctrl+u']);
  });

  it('control characters around the text are keys typed ahead (Tab after "pa"), inside it they are text', () => {
    expect(splitTypedAhead('pa\t')).toEqual({ before: [], text: 'pa', after: ['tab'] });
    expect(splitTypedAhead('\u0015ab\u0017\u007f')).toEqual({ before: ['ctrl+u'], text: 'ab', after: ['ctrl+w', 'backspace'] });
    expect(splitTypedAhead('a\tb')).toEqual({ before: [], text: 'a\tb', after: [] });
  });

  it('a line break is never a key typed ahead: it belongs to the paste rule', () => {
    expect(splitTypedAhead('user_1\r\t')).toEqual({ before: [], text: 'user_1\r\t', after: [] });
    expect(splitTypedAhead('\r\nuser_1')).toEqual({ before: [], text: '\r\nuser_1', after: [] });
  });

  it('ignores the tail of an arrow key split by a slow link', () => {
    expect(read('[B')).toEqual([]);
  });
});

describe('bracketed paste', () => {
  it('everything between the markers is one text, however many reads it takes', () => {
    expect(read(PASTE_START, 'user_0000', '03\r', 'next line', PASTE_END)).toEqual([
      { type: 'text', text: 'user_000003\rnext line', bracketed: true },
    ]);
  });

  it('a single character and control characters inside a paste are text too, never keys', () => {
    expect(read(PASTE_START, 'q', PASTE_END)).toEqual([{ type: 'text', text: 'q', bracketed: true }]);
    expect(read(PASTE_START, '\u0003\u0015', PASTE_END)).toEqual([{ type: 'text', text: '\u0003\u0015', bracketed: true }]);
  });

  it('escape sequences inside a paste are dropped, not interpreted', () => {
    expect(read(PASTE_START, 'a', '\u001b[2J', '\u001b[A', '\u001b', 'b', PASTE_END)).toEqual([{ type: 'text', text: 'ab', bracketed: true }]);
  });

  it('keys work again after the paste; a stray end marker is nothing', () => {
    expect(keys(PASTE_START, 'x', PASTE_END, '\u001b[A', PASTE_END, 'j')).toEqual(['text:x', 'up', 'j']);
  });

  it('a huge paste is cut, not kept whole', () => {
    const [event] = read(PASTE_START, 'x'.repeat(40_000), 'y'.repeat(40_000), PASTE_END);
    expect(event?.type === 'text' && event.text.length).toBe(65_536);
  });
  it('ignores a focus report (Esc [I, Esc [O): it is no "[" (previous page)', () => {
    expect(read('\u001b[I')).toEqual([]);
    expect(read('\u001b[O')).toEqual([]);
  });
});
