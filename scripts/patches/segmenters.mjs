// Patches to the three other modules of Ink's that make an Intl.Segmenter when they load (see
// ../ink-patches.mjs). The first segmenter of a process costs ICU's grapheme rules, about 20 ms
// here, whichever module makes it: with string-width's own made on first use
// (string-width.mjs), these three paid it while the explorer's UI chunk loaded, before the first
// frame. Each is made on first use now; and ansi-tokenize, which Ink's output stage runs on every
// styled line, splits a line in which no character can join another (src/terminal/graphemeJoins.ts)
// into code points, as the segmenter would. Speed only: test/support/patchEquivalence.mjs compares
// each with its original. Candidates for upstream as they are.
import { JOINS_MODULE } from './string-width.mjs';

/** @type {{ file: string, why: string, upstream: string, find: string, replace: string }[]} */
export const SEGMENTER_PATCHES = [
  {
    file: 'slice-ansi/tokenize-ansi.js',
    why: 'slice-ansi: the segmenter is made on first use',
    upstream: 'not in slice-ansi 8.0.0: a start-up fix, a candidate for upstream',
    find: "const GRAPHEME_SEGMENTER = new Intl.Segmenter(undefined, {granularity: 'grapheme'});",
    replace: `let __oieSegmenter;
const GRAPHEME_SEGMENTER = {segment: string => (__oieSegmenter ??= new Intl.Segmenter(undefined, {granularity: 'grapheme'})).segment(string)};`,
  },
  {
    file: 'wrap-ansi/node_modules/string-width/index.js',
    why: "wrap-ansi's string-width: the segmenter is made on first use",
    upstream: 'not in string-width 7.2.0 (wrap-ansi 9.0.2\'s): a start-up fix',
    find: 'const segmenter = new Intl.Segmenter();',
    replace: `let __oieSegmenter;
const segmenter = {segment: string => (__oieSegmenter ??= new Intl.Segmenter()).segment(string)};`,
  },
  {
    file: '@alcalzone/ansi-tokenize/build/tokenize.js',
    why: 'ansi-tokenize: the segmenter is made on first use, and not used where every code point is a grapheme',
    upstream: 'not in @alcalzone/ansi-tokenize 0.2.5: a speed-up that uses the app\'s join rule',
    find: 'const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });',
    replace: `import { mayJoin as __oieMayJoin } from ${JOINS_MODULE};
let __oieSegmenter;
const segmenter = { segment: (string) => (__oieSegmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" })).segment(string) };
function __oieSegments(string) {
    if (__oieMayJoin(string))
        return segmenter.segment(string);
    const segments = [];
    let index = 0;
    for (const segment of string) {
        segments.push({ segment, index });
        index += segment.length;
    }
    return segments;
}`,
  },
  {
    file: '@alcalzone/ansi-tokenize/build/tokenize.js',
    why: 'ansi-tokenize: the split above',
    upstream: 'not in @alcalzone/ansi-tokenize 0.2.5: part of the patch above',
    find: 'for (const { segment, index } of segmenter.segment(str)) {',
    replace: 'for (const { segment, index } of __oieSegments(str)) {',
  },
];
