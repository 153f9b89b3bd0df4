// Source patches to Ink 6.8, applied when bundling (scripts/build.mjs) and by the benchmark's
// module hook (bench/ink-loader.mjs), so that what is measured is what ships. Each patch must
// match exactly once: an Ink upgrade that changes the code fails the build instead of silently
// dropping a fix. See the README's Performance section. The longer patches have their own files
// in patches/.
import { OUTPUT_GET_ORIGINAL, OUTPUT_GET_PATCHED } from './patches/output-get.mjs';
import { SEGMENTER_PATCHES } from './patches/segmenters.mjs';
import { OWN_STRING_MODULE, STRING_WIDTH_PATCHES } from './patches/string-width.mjs';
import { TERMINAL_EVENT_PATCHES } from './patches/terminal-events.mjs';

import { readFileSync } from 'node:fs';
import { dirname, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { appModule } from './patches/appModule.mjs';

// The app's width of a grapheme (the widest any common terminal draws it): Ink must place
// characters by the same count, or text beside a wider-drawn grapheme (the detail pane beside
// the table) lands further right on screen than Ink thinks, and wraps.
const CELL_WIDTH_MODULE = appModule('src/terminal/cellWidth.ts');
// Ink's measure-text.js, ours whole (its cache bounded).
const TEXT_MEASURE_MODULE = appModule('src/terminal/textMeasure.ts');
// The characters Ink's caches keyed by a whole text may hold (measurement, widest line): the
// table's body is one text of its 44 lines (9,000 characters at 200 columns, two bytes each with
// a CJK name), where a key was one line, and 2,048 of them would be 36 MB. This holds a few pages.
const TEXT_CACHE_CHARS = 64 * 1024;

// Each patch says why it exists (`why`) and whether upstream has it (`upstream`), one line each.
// `changesOutput` marks the patches that change what is drawn (on purpose); the others change speed
// or memory only, which test/support/patchEquivalence.mjs checks against the former alone.
/** @type {{ file: string, why: string, upstream: string, find: string, replace: string, changesOutput?: boolean }[]} */
export const INK_PATCHES = [
  {
    // The app reads keys by their raw sequence (src/keys/normalize.ts); Ink's useInput hands its
    // handler a reduced string (ESC cut off, Ctrl keys by name). Passing the sequence as a third
    // argument lets src/components/useTerminalInput.ts keep useInput's batched updates without
    // listening on Ink's internal input emitter.
    file: 'ink/build/hooks/use-input.js',
    why: "useInput also passes the raw sequence read from stdin, as the handler's third argument",
    upstream: 'not in ink 6.8.0 (useInput gives only the parsed key); a candidate for upstream',
    find: '                    inputHandler(input, key);',
    replace: '                    inputHandler(input, key, data);',
  },
  {
    file: 'ink/build/output.js',
    changesOutput: true,
    why: "place each grapheme at the app's width (src/terminal/cellWidth.ts), not string-width's",
    upstream: 'not in ink 6.8.0, and app-specific (Ink has no hook for a width function)',
    find: "import stringWidth from 'string-width';",
    replace: `import stringWidth from 'string-width';\nimport { graphemeWidth as __oieGraphemeWidth } from ${CELL_WIDTH_MODULE};`,
  },
  {
    // Correctness. With incrementalRendering and a frame shorter than the terminal (the output
    // ends with '\n', the cursor parks on the line below the frame), Ink 6.8 moves up one line
    // too few before rewriting, so every frame lands one row lower and scrolls the screen: the
    // stale lines seen in tmux. The non-incremental path (eraseLines of lines.length) is right.
    file: 'ink/build/log-update.js',
    changesOutput: true,
    why: 'incremental rendering: cursor-up off by one when the frame ends with a newline',
    upstream: 'not in ink 6.8.0: a bug fix to send upstream',
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
    upstream: 'not in ink 6.8.0: a speed-up, a candidate for upstream',
    find: '    caches = new OutputCaches();',
    replace: '    caches = __oieSharedCaches(OutputCaches);',
  },
  {
    file: 'ink/build/output.js',
    why: 'the shared, bounded cache instance',
    upstream: 'not in ink 6.8.0: part of the cache patch above',
    find: 'export default class Output {',
    replace: `import { ownString as __oieOwnString } from ${OWN_STRING_MODULE};
let __oieCaches;
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
    // Memory. The lines Ink tokenises are cut from their text (split), and a cut of 13 or more
    // characters is a view that keeps the whole text: each kept line kept its page's body.
    file: 'ink/build/output.js',
    why: "the styled characters' cache keeps its lines, not the texts they were cut from",
    upstream: 'not in ink 6.8.0: a memory fix, a candidate for upstream',
    find: '            this.styledChars.set(line, cached);',
    replace: '            this.styledChars.set(__oieOwnString(line), cached);',
  },
  {
    // Speed and memory. Every frame was a grid of cell objects, each line tokenised into
    // graphemes and joined back into a string; now a row is a function of what was written to it.
    // See the file.
    file: 'ink/build/output.js',
    why: 'rows are built from their writes, not from a grid of cells',
    upstream: 'not in ink 6.8.0: a speed-up, a candidate for upstream',
    find: OUTPUT_GET_ORIGINAL,
    replace: OUTPUT_GET_PATCHED,
  },
  {
    // After the rows patch, which keeps this step for rows it builds from cells.
    file: 'ink/build/output.js',
    changesOutput: true,
    why: "place each grapheme at the app's width: the per-character step",
    upstream: 'not in ink 6.8.0, and app-specific (as the first width patch)',
    find: 'const characterWidth = Math.max(1, this.caches.getStringWidth(character.value));',
    replace: 'const characterWidth = Math.max(1, __oieGraphemeWidth(character.value));',
  },
  {
    file: 'ink/build/output.js',
    why: 'a row from what was written to it: the string of each list of writes, remembered',
    upstream: 'not in ink 6.8.0: part of the rows patch',
    find: 'let __oieCaches;\n',
    replace: `let __oieCaches;
const __oieRowStrings = new Map();
function __oieRow(output, rowWrites) {
    if (rowWrites === undefined) {
        return '';
    }
    if (rowWrites.length === 2 && rowWrites[0] === 0 && !rowWrites[1].includes('\\u001B') && !rowWrites[1].includes('\\u009B')) {
        // One unstyled line at column 0: its cells would give back the line itself.
        return rowWrites[1].trimEnd();
    }
    let key = String(output.width);
    for (let w = 0; w < rowWrites.length; w += 2) {
        key += \`|\${rowWrites[w]}:\${rowWrites[w + 1].length}:\${rowWrites[w + 1]}\`;
    }
    let cached = __oieRowStrings.get(key);
    if (cached === undefined) {
        if (__oieRowStrings.size >= 512) __oieRowStrings.clear();
        cached = styledCharsToString(output.__oieCells(rowWrites)).trimEnd();
        __oieRowStrings.set(__oieOwnString(key), cached);
    }
    return cached;
}
`,
  },
  {
    // Memory. Ink remembers the size of every text it ever measured, forever: each distinct
    // table line shown stays in memory (about 20 KB per page of 100 users). The whole module is
    // ours (src/terminal/textMeasure.ts: the same answers, the cache bounded by count and by the
    // characters its keys hold), one patch where two edited it; the find is Ink's whole body, so
    // an Ink that changes it fails the build.
    file: 'ink/build/measure-text.js',
    why: 'bound the text measurement cache (it grew without limit): the module is src/terminal/textMeasure.ts',
    upstream: 'not in ink 6.8.0: a memory fix, a candidate for upstream',
    find: `const cache = new Map();
const measureText = (text) => {
    if (text.length === 0) {
        return {
            width: 0,
            height: 0,
        };
    }
    const cachedDimensions = cache.get(text);
    if (cachedDimensions) {
        return cachedDimensions;
    }
    const width = widestLine(text);
    const height = text.split('\\n').length;
    const dimensions = { width, height };
    cache.set(text, dimensions);
    return dimensions;
};`,
    replace: `import { boundedMeasure as __oieBoundedMeasure } from ${TEXT_MEASURE_MODULE};
const measureText = __oieBoundedMeasure(widestLine, ${TEXT_CACHE_CHARS});`,
  },
  {
    // Speed. Every text node was measured with string-width on every frame.
    file: 'ink/build/render-node-to-output.js',
    why: 'cache the width of each text node across frames',
    upstream: 'not in ink 6.8.0: a speed-up, a candidate for upstream',
    find: '                const currentWidth = widestLine(text);',
    replace: `                let currentWidth = __oieWidths.get(text);
                if (currentWidth === undefined) {
                    __oieWidthChars += text.length;
                    if (__oieWidths.size > 1024 || __oieWidthChars > ${TEXT_CACHE_CHARS}) {
                        __oieWidths.clear();
                        __oieWidthChars = text.length;
                    }
                    currentWidth = widestLine(text);
                    __oieWidths.set(__oieOwnString(text), currentWidth);
                }`,
  },
  {
    file: 'ink/build/render-node-to-output.js',
    why: 'the width cache',
    upstream: 'not in ink 6.8.0: part of the width cache patch',
    find: "import widestLine from 'widest-line';",
    replace: `import widestLine from 'widest-line';\nimport { ownString as __oieOwnString } from ${OWN_STRING_MODULE};\nconst __oieWidths = new Map();\nlet __oieWidthChars = 0;`,
  },
  {
    // Memory. Ink keeps the styled characters of up to 256 lines (the cache patch above); each
    // was made by spreading its token, which in V8 gives every such object a hidden class of its
    // own, and had a copy of the style codes of its own: 330 bytes a character, 15 MB for 256
    // styled lines of 200 cells. Written as a literal they share one hidden class, and the
    // characters of one run share its codes (`codes` is a new array at each ANSI token and never
    // changed after: reduceAnsiCodesIncremental copies it): 100 bytes. Same fields, same values.
    file: '@alcalzone/ansi-tokenize/build/styledChars.js',
    why: 'styled characters as literals sharing one hidden class and their run\'s codes, not spread copies',
    upstream: 'not in @alcalzone/ansi-tokenize 0.2.5: a memory fix, a candidate for upstream',
    find: `            ret.push({
                ...token,
                styles: [...codes],
            });`,
    replace: `            ret.push({
                type: token.type,
                value: token.value,
                fullWidth: token.fullWidth,
                styles: codes,
            });`,
  },
  ...STRING_WIDTH_PATCHES,
  ...SEGMENTER_PATCHES,
  ...TERMINAL_EVENT_PATCHES,
  {
    // Start-up. Yoga's Emscripten loader reads its embedded WebAssembly (a data: URL) with fetch
    // whenever fetch exists, and on Node 20 the first fetch loads and compiles undici: about 35 ms
    // and a base64 decode by way of a Response, before the first frame. Its own synchronous decode
    // of the same bytes is the path it takes where fetch is missing. Upstream, this is Yoga's
    // build choosing the Node environment for its loader.
    file: 'yoga-layout/dist/binaries/yoga-wasm-base64-esm.js',
    why: "decode Yoga's embedded WebAssembly without fetch (which loads undici)",
    upstream: 'not in yoga-layout 3.2.1: their build\'s choice of loader',
    find: '"function"!=typeof fetch?Promise.resolve()',
    replace: 'true?Promise.resolve()',
  },
];

/**
 * The patched source of an Ink module, or the source unchanged when no patch is for it.
 * `outputOnly`: only the patches that change what is drawn (the baseline of the equivalence check).
 */
export function patchInk(path, source, { outputOnly = false } = {}) {
  const inside = insideNodeModules(path);
  const patches = INK_PATCHES.filter((p) => inside === p.file && (!outputOnly || p.changesOutput));
  let out = source;
  for (const patch of patches) {
    const at = out.indexOf(patch.find);
    if (at < 0 || out.indexOf(patch.find, at + 1) >= 0) {
      throw new Error(`ink patch no longer applies to ${patch.file} (${patch.why}): review scripts/ink-patches.mjs`);
    }
    out = out.slice(0, at) + patch.replace + out.slice(at + patch.find.length);
  }
  return patches.length === 0 ? out : resolveAppModules(path, out);
}

const APP_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** appModule()'s names, as paths relative to the patched file: the project may live anywhere. */
function resolveAppModules(path, source) {
  return source.replace(APP_MODULE_NAME, (_, inApp) => {
    const specifier = relative(dirname(path), APP_ROOT + inApp).split(sep).join('/');
    return JSON.stringify(specifier.startsWith('.') ? specifier : `./${specifier}`);
  });
}

const APP_MODULE_NAME = /"@oie-app\/([^"]+)"/g;

/**
 * The path inside the project's node_modules: a nested copy (wrap-ansi's own string-width 7) is
 * another file, with patches of its own.
 */
export function insideNodeModules(path) {
  const normalized = path.replace(/\\/g, '/');
  const at = normalized.indexOf('/node_modules/');
  return at < 0 ? '' : normalized.slice(at + '/node_modules/'.length);
}

/** The files that get patched, for a check that each was seen. */
export const INK_PATCHED_FILES = [...new Set(INK_PATCHES.map((p) => p.file))];

/** esbuild's onLoad filter for the patched files (either path separator). */
export const INK_PATCH_FILTER = new RegExp(
  `[\\\\/]node_modules[\\\\/](?:${INK_PATCHED_FILES.map((f) => f.replace(/[.]/g, '\\.').replace(/\//g, '[\\\\/]')).join('|')})$`,
);

/**
 * The esbuild plugin that bundles Ink as the CLI ships it: its devtools (and the `ws` library they
 * import; only used with DEV=true) left out, and the patches above applied. `onPatched` hears each
 * file a patch changed (the build checks that every one was). Used by scripts/build.mjs and by the
 * bench's Ink floors, so that a floor pays for the Ink the CLI draws with.
 */
export function inkPatchesPlugin(devtoolsStub, onPatched = () => undefined) {
  return {
    name: 'ink-patches',
    setup(b) {
      b.onResolve({ filter: /^\.\/devtools\.js$/ }, (args) => (/[\\/]ink[\\/]build[\\/]/.test(args.importer) ? { path: devtoolsStub } : undefined));
      b.onLoad({ filter: INK_PATCH_FILTER }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        const contents = patchInk(args.path, source);
        if (contents === source) return undefined;
        onPatched(insideNodeModules(args.path));
        return { contents, loader: 'js' };
      });
    },
  };
}
