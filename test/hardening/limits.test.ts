// Bounds found by the tests above, checked directly: nesting depth of replies, the time to
// measure and wrap very long strings, and the crash line.
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { limitDepth, MAX_JSON_DEPTH } from '../../src/api/http.js';
import { crashLine } from '../../src/terminal/screen.js';
import { sanitize } from '../../src/terminal/sanitize.js';
import { displayWidth, truncate, wrap } from '../../src/terminal/width.js';
import { HOSTILE_VALUES } from '../fixtures/hostile.js';

describe('limitDepth', () => {
  it('cuts containers nested deeper than the limit, so a row can be copied as JSON', () => {
    const text = `{"a":${'{"b":'.repeat(100_000)}1${'}'.repeat(100_000)},"keep":[1,{"x":2}]}`;
    const value = limitDepth(JSON.parse(text), MAX_JSON_DEPTH) as Record<string, unknown>;
    expect(() => JSON.stringify(value)).not.toThrow();
    expect(JSON.stringify(value)).toContain(`‹nested deeper than ${MAX_JSON_DEPTH} levels›`);
    expect(value.keep).toEqual([1, { x: 2 }]);
  });

  it('replaces a "__proto__" key as a plain property, without touching the prototype', () => {
    const value = limitDepth(JSON.parse('{"o":{"__proto__":{"p":{}}}}'), 2) as { o: Record<string, unknown> };
    expect(Object.getPrototypeOf(value.o)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(value.o, '__proto__')?.value).toBe('‹nested deeper than 2 levels›');
  });
});

describe('very long strings', () => {
  it('are measured, cut and wrapped in linear time, with the same widths as string-width', () => {
    const long = ['é张😀'.repeat(25_000), '🇨🇳'.repeat(20_001), '👨‍👩‍👧‍👦'.repeat(5000), 'x'.repeat(200_000), ...HOSTILE_VALUES].map((v) => sanitize(v));
    const started = Date.now();
    for (const s of long) {
      const lines = wrap(s, 77);
      for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(77);
      expect(lines.join('')).toBe(s.replace(/\n/g, ''));
      expect(displayWidth(truncate(s, 40))).toBeLessThanOrEqual(40);
      if (s.length < 20_000) expect(displayWidth(s)).toBe(stringWidth(s));
    }
    // Quadratic walking took over 10 s here (V8's segmenter on a 100k string: over a second).
    expect(Date.now() - started).toBeLessThan(8000);
    expect(displayWidth('é张😀'.repeat(25_000))).toBe(5 * 25_000);
  });
});

describe('the crash line', () => {
  it('is one line, sanitised, with no token in it', () => {
    const line = crashLine(new Error('bad \u001b]0;x\u0007 token=eyJhbGciOiJIUzI1NiJ9.eyJ4IjoxfQ.c2lnbmF0dXJl\n    at f (file:///x.js:1:1)'));
    expect(line).not.toContain('eyJ');
    expect(line).not.toContain('\u001b');
    expect(line.trimEnd().split('\n')).toHaveLength(1);
  });
});
