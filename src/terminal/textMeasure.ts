// Ink's measurement of a text (its width and its lines), which Ink's own measure-text.js keeps in
// a cache that grows without limit: every distinct table line ever shown stays in memory (about
// 20 KB per page of 100 users). The patch of that file (scripts/ink-patches.mjs) makes it this:
// the same answers, the cache bounded by count and by the characters its keys hold (the table's
// body is one text of a page's lines), each key a string of its own characters (ownString.ts).
import { ownString } from './ownString.js';

export interface TextSize {
  width: number;
  height: number;
}

/** Texts the cache holds at most, whatever their length. */
const MAX_TEXTS = 2048;

/** Ink's measureText, with `widest` (Ink's widest-line) for the width and a cache of at most `maxChars` characters of keys. */
export function boundedMeasure(widest: (text: string) => number, maxChars: number): (text: string) => TextSize {
  const cache = new Map<string, TextSize>();
  let chars = 0;
  return (text) => {
    if (text.length === 0) return { width: 0, height: 0 };
    const known = cache.get(text);
    if (known) return known;
    const size = { width: widest(text), height: text.split('\n').length };
    chars += text.length;
    if (cache.size > MAX_TEXTS || chars > maxChars) {
      cache.clear();
      chars = text.length;
    }
    cache.set(ownString(text), size);
    return size;
  };
}
