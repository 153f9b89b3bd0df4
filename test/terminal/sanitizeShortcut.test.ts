// sanitize() returns text that none of its passes would change without running them (most names
// that are not ASCII). The shortcut must be exact: for every code point, alone and between two
// letters, in both modes, sanitize gives what all the passes give; and the hostile corpus too.
import { describe, expect, it } from 'vitest';
import { sanitize, sanitizePasses } from '../../src/terminal/sanitize.js';
import { HOSTILE_VALUES, ORDINARY } from '../fixtures/hostile.js';

function* codePoints(): Generator<string> {
  for (let cp = 0; cp <= 0xffff; cp++) yield String.fromCharCode(cp); // lone surrogates included
  for (let cp = 0x10000; cp <= 0x10ffff; cp += 97) yield String.fromCodePoint(cp);
  for (const cp of [0x1f3f4, 0xe0001, 0xe0061, 0xe007f, 0xe0100, 0x1d173, 0x1f44d, 0x1f3fd]) yield String.fromCodePoint(cp);
}

describe('sanitize: the shortcut for text the passes leave alone', () => {
  it('gives what every pass gives, for every code point alone and between letters', () => {
    const differing: string[] = [];
    let shortcuts = 0;
    for (const c of codePoints()) {
      for (const s of [c, `a${c}b`, `王${c}${c}`]) {
        for (const multiline of [false, true]) {
          const got = sanitize(s, { multiline });
          if (got !== sanitizePasses(s, { multiline })) differing.push(s);
          else if (got === s) shortcuts++;
        }
      }
    }
    expect(differing.map((s) => [...s].map((ch) => ch.codePointAt(0)!.toString(16)).join(' '))).toEqual([]);
    // The shortcut is taken for most of them (CJK, Latin, Cyrillic...): it is not dead code.
    expect(shortcuts).toBeGreaterThan(100_000);
  });

  it('gives what every pass gives on the hostile corpus and ordinary text', () => {
    for (const s of [...HOSTILE_VALUES, ...ORDINARY]) {
      expect(sanitize(s)).toBe(sanitizePasses(s));
      expect(sanitize(s, { multiline: true })).toBe(sanitizePasses(s, { multiline: true }));
    }
  });
});
