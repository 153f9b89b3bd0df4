import { describe, expect, it } from 'vitest';
import { keyNames, type InkKey } from '../../src/keys/normalize.js';

const none: InkKey = {
  upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false,
  home: false, end: false, return: false, escape: false, ctrl: false, shift: false, tab: false,
  backspace: false, delete: false, meta: false,
};

describe('keyNames', () => {
  it('splits a burst of text into one key per character, naming control characters', () => {
    expect(keyNames('jjj\r', none)).toEqual(['j', 'j', 'j', 'enter']);
    expect(keyNames('2\t\u001b', none)).toEqual(['2', 'tab', 'escape']);
  });
  it('names flagged keys', () => {
    expect(keyNames('', { ...none, downArrow: true })).toEqual(['down']);
    expect(keyNames('\t', { ...none, tab: true, shift: true })).toEqual(['shift+tab']);
    expect(keyNames('c', { ...none, ctrl: true })).toEqual(['ctrl+c']);
  });
  it('reads Alt-x as Esc then x, since Esc and a key in one read look like Alt', () => {
    expect(keyNames('3', { ...none, meta: true })).toEqual(['escape', '3']);
    expect(keyNames('', { ...none, escape: true, meta: true })).toEqual(['escape']);
  });
  it('ignores the tail of an arrow key split by a slow link', () => {
    expect(keyNames('[B', none)).toEqual([]);
  });
  it('ignores a focus report (Esc [I, Esc [O): it is no "[" (previous page)', () => {
    expect(keyNames('[I', none)).toEqual([]);
    expect(keyNames('[O', none)).toEqual([]);
  });
});
