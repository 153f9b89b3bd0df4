// Source patches to Ink 6.8, applied when bundling (scripts/build.mjs) and by the benchmark's
// module hook (bench/ink-loader.mjs), so that what is measured is what ships. Each patch must
// match exactly once: an Ink upgrade that changes the code fails the build instead of silently
// dropping a fix. See the README's Performance section.

import { fileURLToPath } from 'node:url';

// The app's width of a grapheme (the widest any common terminal draws it): Ink must place
// characters by the same count, or text beside a wider-drawn grapheme (the detail pane beside
// the table) lands further right on screen than Ink thinks, and wraps.
const CELL_WIDTH_MODULE = fileURLToPath(new URL('../src/terminal/cellWidth.ts', import.meta.url));

/** @type {{ file: string, why: string, find: string, replace: string }[]} */
export const INK_PATCHES = [
  {
    file: 'ink/build/output.js',
    why: "place each grapheme at the app's width (src/terminal/cellWidth.ts), not string-width's",
    find: "import stringWidth from 'string-width';",
    replace: `import stringWidth from 'string-width';\nimport { graphemeWidth as __oieGraphemeWidth } from ${JSON.stringify(CELL_WIDTH_MODULE)};`,
  },
  {
    file: 'ink/build/output.js',
    why: "place each grapheme at the app's width: the per-character step",
    find: 'const characterWidth = Math.max(1, this.caches.getStringWidth(character.value));',
    replace: 'const characterWidth = Math.max(1, __oieGraphemeWidth(character.value));',
  },
  {
    // Correctness. With incrementalRendering and a frame shorter than the terminal (the output
    // ends with '\n', the cursor parks on the line below the frame), Ink 6.8 moves up one line
    // too few before rewriting, so every frame lands one row lower and scrolls the screen: the
    // stale lines seen in tmux. The non-incremental path (eraseLines of lines.length) is right.
    file: 'ink/build/log-update.js',
    why: 'incremental rendering: cursor-up off by one when the frame ends with a newline',
    find: 'buffer.push(ansiEscapes.cursorUp(previousVisible - 1));',
    replace:
      "buffer.push(ansiEscapes.cursorUp(previousOutput.endsWith('\\n') ? previousVisible : previousVisible - 1));",
  },
  {
    // Speed. Output's caches (styled characters and widths per line) were created per frame,
    // so every frame re-tokenised every line. They are pure functions of the string: keep them
    // across frames, bounded (a line's styled characters are an object per cell).
    file: 'ink/build/output.js',
    why: 'keep the per-line tokenising and width caches across frames',
    find: '    caches = new OutputCaches();',
    replace: '    caches = __oieSharedCaches(OutputCaches);',
  },
  {
    file: 'ink/build/output.js',
    why: 'the shared, bounded cache instance',
    find: 'export default class Output {',
    replace: `let __oieCaches;
function __oieSharedCaches(Caches) {
    // A line's styled characters are an object per cell: keep a few frames' worth, not more.
    if (!__oieCaches || __oieCaches.styledChars.size > 256 || __oieCaches.widths.size > 4096 || __oieCaches.blockWidths.size > 1024) {
        __oieCaches = new Caches();
    }
    return __oieCaches;
}
export default class Output {`,
  },
  {
    // Speed. Turning each row's cells back into a string was most of a frame. A row written by
    // one text line starting at column 0 (every table row) is that line's string: cache it.
    file: 'ink/build/output.js',
    why: 'rows of one line: remember who wrote each row',
    find: '        const output = [];\n',
    replace: '        const output = [];\n        const __oieRows = [];\n',
  },
  {
    file: 'ink/build/output.js',
    why: 'rows of one line: record the writer',
    find: '                    const characters = this.caches.getStyledChars(line);\n',
    replace:
      '                    const characters = this.caches.getStyledChars(line);\n' +
      '                    __oieRows[y + offsetY] = __oieRows[y + offsetY] === undefined && x === 0 ? line : null;\n',
  },
  {
    file: 'ink/build/output.js',
    why: 'rows of one line: use the cached string',
    find: '            .map(line => {\n',
    replace:
      '            .map((line, __oieIndex) => {\n' +
      "            if (typeof __oieRows[__oieIndex] === 'string') return __oieRowString(this.caches, __oieRows[__oieIndex]);\n",
  },
  {
    file: 'ink/build/output.js',
    why: 'rows of one line: the string cache',
    find: 'let __oieCaches;\n',
    replace: `let __oieCaches;
const __oieRowStrings = new Map();
function __oieRowString(caches, line) {
    let cached = __oieRowStrings.get(line);
    if (cached === undefined) {
        if (__oieRowStrings.size > 1024) __oieRowStrings.clear();
        cached = styledCharsToString(caches.getStyledChars(line)).trimEnd();
        __oieRowStrings.set(line, cached);
    }
    return cached;
}
`,
  },
  {
    // Memory. Ink remembers the size of every text it ever measured, forever: each distinct
    // table line shown stays in memory (about 20 KB per page of 100 users). Bound it.
    file: 'ink/build/measure-text.js',
    why: 'bound the text measurement cache (it grew without limit)',
    find: '    cache.set(text, dimensions);',
    replace: '    if (cache.size > 2048) cache.clear();\n    cache.set(text, dimensions);',
  },
  {
    // Speed. Every text node was measured with string-width on every frame.
    file: 'ink/build/render-node-to-output.js',
    why: 'cache the width of each text node across frames',
    find: '                const currentWidth = widestLine(text);',
    replace: `                let currentWidth = __oieWidths.get(text);
                if (currentWidth === undefined) {
                    if (__oieWidths.size > 1024) __oieWidths.clear();
                    currentWidth = widestLine(text);
                    __oieWidths.set(text, currentWidth);
                }`,
  },
  {
    file: 'ink/build/render-node-to-output.js',
    why: 'the width cache',
    find: "import widestLine from 'widest-line';",
    replace: "import widestLine from 'widest-line';\nconst __oieWidths = new Map();",
  },
];

/** The patched source of an Ink module, or the source unchanged when no patch is for it. */
export function patchInk(path, source) {
  const normalized = path.replace(/\\/g, '/');
  const patches = INK_PATCHES.filter((p) => normalized.endsWith('/node_modules/' + p.file));
  let out = source;
  for (const patch of patches) {
    const at = out.indexOf(patch.find);
    if (at < 0 || out.indexOf(patch.find, at + 1) >= 0) {
      throw new Error(`ink patch no longer applies to ${patch.file} (${patch.why}): review scripts/ink-patches.mjs`);
    }
    out = out.slice(0, at) + patch.replace + out.slice(at + patch.find.length);
  }
  return out;
}

/** The files that get patched, for a check that each was seen. */
export const INK_PATCHED_FILES = [...new Set(INK_PATCHES.map((p) => p.file))];
