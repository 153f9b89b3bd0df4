import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scaled, UNTERMINATED_OSC } from './sanitizeInputs.js';
import { sanitize } from '../../src/terminal/sanitize.js';
import { HOSTILE, ORDINARY } from '../fixtures/hostile.js';

const ESC = '\u001b';
const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const CONTROL_EXCEPT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;
const BIDI = /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/;
const INVISIBLE = /[\u200b\u2060\ufeff\u00ad\u3164\uffa0\ufff9-\ufffb]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;


describe('sanitize: the hostile corpus', () => {
  it('has at least 50 cases', () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(50);
  });

  describe.each(HOSTILE)('$name', ({ value }) => {
    it('single-line: no escape, control, bidi, invisible or lone surrogate is left', () => {
      const out = sanitize(value);
      expect(out).not.toContain(ESC);
      expect(out).not.toMatch(ANY_CONTROL);
      expect(out).not.toMatch(BIDI);
      expect(out).not.toMatch(INVISIBLE);
      expect(out).not.toMatch(LONE_SURROGATE);
      expect(out).not.toMatch(/[\u2028\u2029]/);
    });

    it('multiline: the same, except that newlines survive', () => {
      const out = sanitize(value, { multiline: true });
      expect(out).not.toContain(ESC);
      expect(out).not.toMatch(CONTROL_EXCEPT_NEWLINE);
      expect(out).not.toMatch(BIDI);
      expect(out).not.toMatch(LONE_SURROGATE);
      expect(out).not.toContain('\r');
    });

    it('is idempotent in both modes', () => {
      const once = sanitize(value);
      expect(sanitize(once)).toBe(once);
      const multi = sanitize(value, { multiline: true });
      expect(sanitize(multi, { multiline: true })).toBe(multi);
    });

    it('runs in linear time', () => {
      // A quadratic pattern on the 50k-100k cases takes seconds to minutes.
    });
  });
});

describe('sanitize: ordinary text', () => {
  it.each(ORDINARY)('passes %j unchanged', (text) => {
    expect(sanitize(text)).toBe(text);
    expect(sanitize(text, { multiline: true })).toBe(text);
  });
});

describe('sanitize: what replaces what', () => {
  it('turns escape sequences into one visible replacement character each', () => {
    expect(sanitize(`${ESC}[2J${ESC}[Hpwned`)).toBe('\ufffd\ufffdpwned');
    expect(sanitize(`${ESC}[31;1mred${ESC}[0m`)).toBe('\ufffdred\ufffd');
    expect(sanitize('\u009b2Jx')).toBe('\ufffdx');
  });

  it('removes OSC, DCS, APC, PM and SOS bodies up to their terminator', () => {
    expect(sanitize(`${ESC}]0;owned\u0007user`)).toBe('\ufffduser');
    expect(sanitize(`${ESC}]2;owned${ESC}\\user`)).toBe('\ufffduser');
    expect(sanitize(`${ESC}]8;;https://evil.example/${ESC}\\click${ESC}]8;;${ESC}\\`)).toBe('\ufffdclick\ufffd');
    expect(sanitize(`${ESC}]52;c;aGk=\u0007`)).toBe('\ufffd');
    expect(sanitize(`${ESC}Pq#0${ESC}\\ok`)).toBe('\ufffdok');
    expect(sanitize(`${ESC}_Gf=1${ESC}\\ok`)).toBe('\ufffdok');
    expect(sanitize(`${ESC}^pm${ESC}\\ok`)).toBe('\ufffdok');
    expect(sanitize(`${ESC}Xsos${ESC}\\ok`)).toBe('\ufffdok');
    expect(sanitize('\u009d0;t\u009cafter')).toBe('\ufffdafter');
  });

  it('keeps the text after an unterminated string sequence visible', () => {
    expect(sanitize(`${ESC}]0;this stays`)).toBe('\ufffd0;this stays');
    expect(sanitize('\u009d0;this stays')).toBe('\ufffd0;this stays');
  });

  it('handles a lone or trailing ESC', () => {
    expect(sanitize(`tail${ESC}`)).toBe('tail\ufffd');
    expect(sanitize(`tail${ESC}[12;`)).toBe('tail\ufffd');
    expect(sanitize(`${ESC}c`)).toBe('\ufffd');
  });

  it('makes line breaks and tabs visible on one line', () => {
    expect(sanitize('line1\r\nline2\nline3\rline4')).toBe('line1⏎line2⏎line3⏎line4');
    expect(sanitize('a\u2028b\u2029c')).toBe('a⏎b⏎c');
    expect(sanitize('col1\tcol2')).toBe('col1→col2');
  });

  it('keeps line breaks in multiline mode and expands tabs', () => {
    expect(sanitize('line1\r\nline2\rline3\u2028x', { multiline: true })).toBe('line1\nline2\nline3\nx');
    expect(sanitize('a\tb', { multiline: true })).toBe('a  b');
  });

  it('replaces other controls', () => {
    expect(sanitize('admin\u0000root')).toBe('admin\ufffdroot');
    expect(sanitize('a\u0085b')).toBe('a\ufffdb');
    expect(sanitize('x\u007f')).toBe('x\ufffd');
  });

  it('shows bidi controls and invisible characters as the other invisibles are: one \ufffd a run, never dropped in silence', () => {
    expect(sanitize('invoice\u202Egpj.exe')).toBe('invoice\ufffdgpj.exe');
    expect(sanitize('\u2066a\u2069')).toBe('\ufffda\ufffd');
    expect(sanitize('ad\u200Bmi\u2060n\uFEFF')).toBe('ad\ufffdmi\ufffdn\ufffd');
    expect(sanitize('ad\u00ADmin')).toBe('ad\ufffdmin');
    expect(sanitize('\u3164\u3164')).toBe('\ufffd');
    // The same mark as a TAG character or a variation selector gets.
    expect(sanitize('admin\u{E0041}')).toBe(sanitize('admin\u202E'));
  });

  it('removes ZWJ/ZWNJ next to ASCII but keeps them inside emoji and scripts that need them', () => {
    expect(sanitize('ad\u200Dmi\u200Cn\u200D')).toBe('admin');
    expect(sanitize('\u200D😀')).toBe('😀');
    expect(sanitize('👨‍👩‍👧')).toBe('👨‍👩‍👧');
    expect(sanitize('می‌خواهم')).toBe('می‌خواهم');
    expect(sanitize(`é${'\u200D'.repeat(3)}a`)).toBe('éa');
  });

  it('replaces lone surrogates, keeps pairs', () => {
    expect(sanitize('a\uD83Db')).toBe('a\ufffdb');
    expect(sanitize('a\uDE00b')).toBe('a\ufffdb');
    expect(sanitize('\uDE00\uD83D')).toBe('\ufffd\ufffd');
    expect(sanitize('\uD83D\uDE00')).toBe('😀');
  });

  it('does not let removals join a surrogate pair back together', () => {
    expect(sanitize('\uD83D\u200B\uDE00')).toBe('\ufffd\ufffd\ufffd');
    expect(sanitize(`\uD83D${ESC}[m\uDE00`)).toBe('\ufffd\ufffd\ufffd');
  });

  it('caps runs of combining marks at four', () => {
    const zalgo = `Z${'\u0301'.repeat(10_000)}ALGO`;
    expect(sanitize(zalgo)).toBe(`Z${'\u0301'.repeat(4)}ALGO`);
    expect(sanitize('e\u0301\u0302')).toBe('e\u0301\u0302');
  });

  it('stringifies non-strings without throwing', () => {
    expect(sanitize(null)).toBe('');
    expect(sanitize(undefined)).toBe('');
    expect(sanitize(42)).toBe('42');
    expect(sanitize(false)).toBe('false');
    expect(sanitize(10n)).toBe('10');
    expect(sanitize(Object.create(null))).toBe('\ufffd');
    expect(sanitize({ toString: () => `${ESC}[2J` })).toBe('\ufffd');
  });
});

describe('sanitize: speed', () => {
  it('handles an unterminated OSC followed by 100k characters', () => {
    expect(sanitize(UNTERMINATED_OSC)).toBe(`\ufffd0;${'a'.repeat(100_000)}`);
  });

  it('handles 25k and 100k 8-bit introducers, then joiners next to ASCII', () => {
    for (const n of [25_000, 100_000]) expect(sanitize(scaled(n))).toBe(`\ufffd0;${'\ufffd'.repeat(n)}${'éz'.repeat(n)}`);
  });

  // Linear time, checked without a stopwatch where V8 can count: it counts backtracks per regexp
  // execution and, with these flags, says when one went past the limit (10 times the longest
  // input; a linear pattern backtracks at most a few times n, catastrophic backtracking n² or 2ⁿ)
  // and finishes that execution in its linear engine, so a regression fails here instead of
  // hanging the run. A pattern that rescans the rest of the string once per match (quadratic
  // across executions, each one linear) is not counted: on these inputs it takes minutes, and
  // shows as the child not finishing within the minute given (about 40 times its normal time).
  // Patterns V8's linear engine cannot run (lookarounds, \p{...}) are not counted either.
  // No test asserts how long it took: a busy machine would break that.
  it('runs in linear time: no regexp execution backtracks more than 10 times the input length', () => {
    const child = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--enable-experimental-regexp-engine-on-excessive-backtracks',
        '--regexp-backtracks-before-fallback=1000000',
        '--trace-experimental-regexp-engine',
        fileURLToPath(new URL('./sanitizeBacktracks.ts', import.meta.url)),
      ],
      { cwd: fileURLToPath(new URL('../..', import.meta.url)), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 },
    );
    const fallbacks = child.stdout.split('\n').filter((line) => line.startsWith('Experimental execution'));
    if (child.status === null) throw new Error(`sanitize did not finish within a minute; backtracking past the limit:\n${fallbacks.join('\n')}`);
    expect(child.status, child.stderr).toBe(0);
    expect(child.stdout).toContain('sanitised');
    // Exactly one: the catastrophic control pattern the child runs last, proving the detector works.
    expect(fallbacks, 'a sanitize pattern backtracked past the limit').toHaveLength(1);
    expect(fallbacks[0]).toContain('(a+)+b');
  }, 90_000);
});

describe('sanitize: invisible characters that hide text or spoof an ID', () => {
  const tags = (text: string): string => Array.from(text, (c) => String.fromCodePoint(0xe0000 + c.codePointAt(0)!)).join('');
  const CANCEL_TAG = '\u{E007F}';
  const MARK = '\ufffd';

  it('shows TAG characters as one replacement character per run', () => {
    expect(sanitize(`admin${tags('x')}`)).toBe(`admin${MARK}`);
    expect(sanitize(`o${tags('wire 1000 to account 42')}k`)).toBe(`o${MARK}k`);
    expect(sanitize(`admin${tags('x')}`)).not.toBe(sanitize('admin'));
    expect(sanitize(`a${CANCEL_TAG}`, { multiline: true })).toBe(`a${MARK}`);
  });

  it('keeps the flags made of tags (England, Scotland, Wales), and only those shapes', () => {
    for (const code of ['gbeng', 'gbsct', 'gbwls']) {
      const flag = `🏴${tags(code)}${CANCEL_TAG}`;
      expect(sanitize(`team ${flag}`)).toBe(`team ${flag}`);
    }
    expect(sanitize(`🏴${tags('hello world')}${CANCEL_TAG}`)).toBe(`🏴${MARK}`);
    expect(sanitize(`🏴${tags('gbeng')}`)).toBe(`🏴${MARK}`); // no CANCEL TAG
    expect(sanitize(`x${tags('gbeng')}${CANCEL_TAG}`)).toBe(`x${MARK}`); // no black flag
  });

  it.each([
    ['combining grapheme joiner', 'ad\u034Fmin'],
    ['Khmer inherent vowels', 'ad\u17B4\u17B5min'],
    ['Mongolian variation selectors', 'ad\u180B\u180C\u180D\u180Fmin'],
    ['variation selectors 1-14', 'ad\uFE00\uFE0Dmin'],
    ['variation selectors 17-256', 'ad\u{E0100}\u{E01EF}min'],
    ['musical formatting controls', 'ad\u{1D173}\u{1D17A}min'],
    ['an emoji presentation selector after a letter', 'ad\uFE0Fmin'],
    ['a text presentation selector after a letter', 'ad\uFE0Emin'],
  ])('marks %s where they were', (_name, value) => {
    expect(sanitize(value)).toBe(`ad${MARK}min`);
    expect(sanitize(value, { multiline: true })).toBe(`ad${MARK}min`);
  });

  it('keeps the presentation selectors that belong to an emoji', () => {
    for (const text of ['❤️', '☺️', '#️⃣', '1️⃣', '🏳️‍🌈', '👁️‍🗨️', '⌚︎', '©️ 2025']) expect(sanitize(text)).toBe(text);
  });

  it('is idempotent on them, and leaves nothing invisible behind', () => {
    const values = [`a${tags('x')}\u034F\uFE0F${CANCEL_TAG}b`, `😀\u034F\uFE0F`, `🏴${tags('gbsct')}${CANCEL_TAG}\uFE0F`];
    for (const value of values) {
      const once = sanitize(value);
      expect(sanitize(once)).toBe(once);
      expect(once).not.toMatch(/[\uFE00-\uFE0D]|[\u{E0100}-\u{E01EF}]|[\u034F\u17B4\u17B5\u180B-\u180F\u{1D173}-\u{1D17A}]/u);
    }
  });
});
