// What the app puts on a clipboard is data wherever it is pasted (api/inertText.ts): over every
// class of code point, JSON stays JSON and the same value with no raw control, a shell word is
// printable ASCII that a real sh (dash here) and bash read back as the text, and the check that
// refuses an ID (Y) names exactly the strings that carry a control.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { asciiJsonText, escapeJsonText, hasControl, shellWord } from '../../src/api/inertText.js';
import { jsonText } from '../../src/data/formats.js';
import { classesIn, inertCases } from '../support/codePoints.js';

const CASES = inertCases();
/** A raw byte a terminal, a tty or a line editor acts on: C0, DEL, C1, U+2028/2029. */
const RAW_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const PRINTABLE_ASCII = /^[\u0020-\u007e]*$/;
const CONTROL_CLASSES = ['c0', 'del', 'c1', 'separators', 'bidi', 'loneSurrogates'];

/** What `shell` prints for each word, each given to `printf '%s\n'` in one script. */
function evaluated(shell: 'sh' | 'bash', words: readonly string[]): string[] {
  const script = words.map((w) => `printf '%s\\n' ${w}`).join('\n');
  return execFileSync(shell, ['-s'], { input: script, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).split('\n').slice(0, -1);
}

describe('JSON for the clipboard and the terminal', () => {
  it('escapes every control JSON.stringify leaves raw, and parses back to the same value (y)', () => {
    for (const text of CASES) {
      const value = { [text]: text, nested: { list: [text, 1, null] } };
      for (const json of [jsonText(value), escapeJsonText(JSON.stringify(value))]) {
        expect(RAW_CONTROL.test(json), JSON.stringify(text)).toBe(false);
        expect(json).not.toMatch(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
        expect(JSON.parse(json)).toEqual(value);
      }
    }
    expect(jsonText({ id: "x'\u007f;" })).toBe(String.raw`{"id":"x'\u007f;"}`);
  });

  it('writes everything outside ASCII as \\u escapes: printable ASCII, the same JSON (the curl body)', () => {
    for (const text of CASES) {
      const json = asciiJsonText(JSON.stringify({ userID: text }));
      expect(json, JSON.stringify(text)).toMatch(PRINTABLE_ASCII);
      expect(JSON.parse(json)).toEqual({ userID: text });
    }
    expect(asciiJsonText(JSON.stringify('😀é'))).toBe(String.raw`"\ud83d\ude00\u00e9"`);
  });
});

describe('shell words', () => {
  it('quotes printable ASCII in single quotes, and refuses anything else', () => {
    for (const text of CASES) {
      const word = shellWord(text);
      if (PRINTABLE_ASCII.test(text)) expect(word).toMatch(/^'[\u0020-\u007e]*'$/);
      else expect(word, JSON.stringify(text)).toBeUndefined();
    }
  });

  it.each(['sh', 'bash'] as const)('%s reads each word back as the text, quotes, $ and backquotes included', (shell) => {
    const texts = [...CASES.filter((t) => PRINTABLE_ASCII.test(t)), ...CASES.map((t) => asciiJsonText(JSON.stringify(t)))];
    // printf '%s\n' of an empty word prints an empty line, as for any other.
    expect(evaluated(shell, texts.map((t) => shellWord(t)!))).toEqual(texts);
    expect(texts.length).toBeGreaterThan(CASES.length);
  });
});

describe('an ID with a control character (Y refuses it)', () => {
  it('is told from every other by its code points', () => {
    for (const text of CASES) {
      const expected = classesIn(text).some((c) => CONTROL_CLASSES.includes(c));
      expect(hasControl(text), JSON.stringify(text)).toBe(expected);
    }
    expect(hasControl('user_000001')).toBe(false);
    expect(hasControl('张伟😀é\u0301')).toBe(false);
  });
});
