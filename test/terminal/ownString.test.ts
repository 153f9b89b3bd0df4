// A cache's key must hold only its own characters: V8 makes a cut of 13 or more characters a view
// into the text it came from, and a table line kept as a key kept its whole page alive. Measured
// as the heap after a full collection, with 300 pages' bodies of 18 KB each: kept whole, they are
// 5 MB; their lines alone, about 0.1 MB.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { ownString } from '../../src/terminal/ownString.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const PAGES = 300;
/** A page's body: 44 lines of a 200-column table with a CJK name, as the table draws it. */
const body = (page: number): string =>
  Array.from({ length: 44 }, (_, row) => `user_${String(page * 50 + row).padStart(7, '0')}  周杰倫 ${page}:${row} `.padEnd(200, '.')).join('\n');

/** Heap growth (bytes) while `keep` holds one line of each of PAGES pages, after a full collection. */
function retainedBy(keepLine: (line: string) => unknown): number {
  gc();
  const before = process.memoryUsage().heapUsed;
  const kept: unknown[] = [];
  for (let page = 0; page < PAGES; page++) kept.push(keepLine(body(page).split('\n')[7]!));
  gc();
  const grown = process.memoryUsage().heapUsed - before;
  expect(kept).toHaveLength(PAGES);
  return grown;
}

describe('ownString', () => {
  it('is the same text', () => {
    for (const text of ['', 'short', 'user_0000001  周杰倫 1:7 ....', 'a'.repeat(13), '👍🏽 ok '.repeat(40)]) expect(ownString(text)).toBe(text);
  });

  it('keeps a line cut from a page without the page', () => {
    const pageSize = body(0).length * 2;
    // The measure itself: a cut line kept as it is keeps its page.
    expect(retainedBy((line) => line)).toBeGreaterThan((PAGES * pageSize) / 2);
    expect(retainedBy((line) => ownString(line))).toBeLessThan((PAGES * pageSize) / 10);
  });
});

describe("the patched width cache (string-width's, which Ink measures every line with)", () => {
  it('does not keep the pages its lines were cut from', () => {
    const pageSize = body(0).length * 2;
    // Each line (under 512 units, not ASCII alone) is remembered with its width.
    expect(retainedBy((line) => stringWidth(line))).toBeLessThan((PAGES * pageSize) / 10);
  });
});
