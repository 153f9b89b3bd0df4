// The patched modules of the bundle (scripts/ink-patches.mjs) against the originals, on seeded
// generated inputs: Ink's Output (the frame a list of writes, clips and transformers gives),
// string-width and wrap-ansi's own copy of it (the width of strings mixing ASCII, wide,
// combining, emoji and zero-width characters) and ansi-tokenize (the cells of styled lines).
// slice-ansi's patch only makes its segmenter on first use and is not compared. The patches are meant to change speed only; any difference is printed and the
// exit code is 1. Run by test/terminal/inkPatches.test.ts (a plain node process: the patched
// copies import their dependencies by URL).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { patchInk } from '../../scripts/ink-patches.mjs';

const CASES = Number(process.argv[2] ?? 3000);
const dir = mkdtempSync(join(tmpdir(), 'oie-patch-eq-'));

/** A bare import as `file` resolves it (its own nested copy first), as a URL. */
function resolveFrom(file, spec) {
  try {
    return pathToFileURL(createRequire(file).resolve(spec)).href;
  } catch {
    return import.meta.resolve(spec);
  }
}

/** A patched copy of `file` in `dir`, its imports pointing at the originals' dependencies. */
async function patchedCopy(file, name, options) {
  const source = readFileSync(file, 'utf8');
  const patched = patchInk(file, source, options);
  if (patched === source && !options?.outputOnly) throw new Error(`no patch applies to ${file}`);
  const base = pathToFileURL(file).href;
  const rewritten = patched.replace(/from (['"])([^'"]+)\1/g, (_, quote, spec) =>
    `from '${spec.startsWith('.') ? new URL(spec, base).href : resolveFrom(file, spec)}'`,
  );
  const out = join(dir, name);
  writeFileSync(out, rewritten);
  return import(pathToFileURL(out).href);
}

// A small seeded generator (mulberry32): the same cases on every run.
let seed = 0x5eed;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const int = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
const pick = (list) => list[int(0, list.length - 1)];

const PIECES = ['a', 'b', 'z', ' ', '  ', '~', '|', 'user_0001', '王', '小明', 'é', 'e\u0301', 'x\u0308', '👍', '👍🏽', '👨‍👩‍👧', '🇫🇷', '#️⃣', '\u200b', '\u200d', '\ufe0f', '\u0600', '\t', '\u1100\u1161', 'ｶﾞ', '©', '…', '›', '\u0e33', '\u0915\u094d\u0937', '\u3000', '\u00a0'];
const STYLES = [['\u001B[1m', '\u001B[22m'], ['\u001B[31m', '\u001B[39m'], ['\u001B[7m', '\u001B[27m'], ['\u001B[2m', '\u001B[22m'], ['\u001B[38;5;45m', '\u001B[39m']];

function text(maxPieces) {
  let s = '';
  const n = int(0, maxPieces);
  for (let i = 0; i < n; i++) {
    const piece = pick(PIECES);
    s += random() < 0.2 ? ((style) => style[0] + piece + style[1])(pick(STYLES)) : piece;
  }
  return s;
}

const TRANSFORMERS = [
  [],
  [(line) => `\u001B[7m${line}\u001B[27m`],
  [(line, index) => (index === 0 ? `\u001B[1m${line}\u001B[22m` : line)],
  [(line) => line.toUpperCase()],
];

function frameCase() {
  const width = int(1, 50);
  const height = int(1, 8);
  const ops = [];
  let clips = 0;
  for (let i = int(1, 14); i > 0; i--) {
    const r = random();
    if (r < 0.1) {
      const clip = random() < 0.5 ? { x1: int(-2, width), x2: int(0, width + 2) } : { x1: int(-2, width), x2: int(0, width + 2), y1: int(-1, height), y2: int(0, height + 1) };
      ops.push(['clip', clip]);
      clips++;
    } else if (r < 0.15 && clips > 0) {
      ops.push(['unclip']);
      clips--;
    } else {
      const lines = Array.from({ length: int(1, 3) }, () => text(random() < 0.3 ? 40 : 8));
      // Mostly rows written at column 0, as a table's; sometimes beside or over each other.
      const x = random() < 0.5 ? 0 : int(-3, width + 3);
      ops.push(['write', x, int(-2, height + 1), lines.join('\n'), pick(TRANSFORMERS)]);
    }
  }
  return { width, height, ops };
}

function render(Output, { width, height, ops }) {
  const output = new Output({ width, height });
  for (const [kind, a, b, c, d] of ops) {
    if (kind === 'clip') output.clip(a);
    else if (kind === 'unclip') output.unclip();
    else output.write(a, b, c, { transformers: d });
  }
  return output.get();
}

const failures = [];
const inkBuild = dirname(fileURLToPath(import.meta.resolve('ink')));

// Ink's Output.
// The baseline is Ink with the patches that change what is drawn on purpose (the app's grapheme
// widths); the speed patches must not change a byte of it.
const { default: OriginalOutput } = await patchedCopy(join(inkBuild, 'output.js'), 'output-baseline.js', { outputOnly: true });
const { default: PatchedOutput } = await patchedCopy(join(inkBuild, 'output.js'), 'output.js');
for (let i = 0; i < CASES; i++) {
  const c = frameCase();
  const want = render(OriginalOutput, c);
  // Twice: the second frame comes from the patched module's caches.
  for (const round of [1, 2]) {
    const got = render(PatchedOutput, c);
    if (got.output !== want.output || got.height !== want.height) {
      failures.push({ what: `Output.get, case ${i}, round ${round}`, case: JSON.stringify(c.ops.map((op) => op.slice(0, 4))), width: c.width, height: c.height, want: want.output, got: got.output });
    }
  }
}

// string-width.
const swFile = fileURLToPath(import.meta.resolve('string-width'));
const { default: originalWidth } = await import(pathToFileURL(swFile).href);
const { default: patchedWidth } = await patchedCopy(swFile, 'string-width.js');
const strings = [];
for (let i = 0; i < CASES * 4; i++) strings.push(text(random() < 0.02 ? 400 : 12).replace(/\u001B\[[\d;]*m/g, random() < 0.8 ? '' : '$&'));
for (const s of strings) {
  for (const options of [undefined, { ambiguousIsNarrow: false }, { countAnsiEscapeCodes: true }]) {
    // Twice, as above: the patched one remembers widths.
    for (const round of [1, 2]) {
      const want = originalWidth(s, options);
      const got = patchedWidth(s, options);
      if (got !== want) failures.push({ what: `string-width, round ${round}`, options, string: JSON.stringify(s), want, got });
    }
  }
}

// Every code point of the BMP and of the emoji and tag planes (a sample of the rest), alone, between
// ASCII letters, and before U+FE0F: the patched module splits text without the segmenter where no
// character can join, and decides whether one code point is an RGI emoji without \p{RGI_Emoji}.
const codePoints = [];
for (let cp = 0xa0; cp <= 0x2ffff; cp++) {
  if (cp >= 0xd800 && cp <= 0xdfff) continue;
  if (cp > 0xffff && !(cp >= 0x1f000 && cp <= 0x1faff) && cp % 97 !== 0) continue;
  codePoints.push(String.fromCodePoint(cp));
}
codePoints.push(...Array.from({ length: 0x80 }, (_, i) => String.fromCodePoint(0xe0000 + i)));
let pointStrings = 0;
for (const c of codePoints) {
  for (const s of [c, `a${c}b`, `${c}\ufe0f`]) {
    pointStrings++;
    const want = originalWidth(s);
    const got = patchedWidth(s);
    if (got !== want) failures.push({ what: 'string-width, code point', string: JSON.stringify(s), want, got });
  }
}

// wrap-ansi's string-width 7 and ansi-tokenize (tokens and styled characters), on the generated strings (styled too) and on every
// code point above, plain and styled.
const nestedFile = fileURLToPath(new URL('wrap-ansi/node_modules/string-width/index.js', import.meta.resolve('string-width').replace(/string-width\/index\.js$/, '')));
const { default: nestedOriginal } = await import(pathToFileURL(nestedFile).href);
const { default: nestedPatched } = await patchedCopy(nestedFile, 'nested-string-width.js');
const tokenizeFile = join(dirname(fileURLToPath(import.meta.resolve('@alcalzone/ansi-tokenize'))), 'tokenize.js');
const { tokenize: tokenizeOriginal } = await import(pathToFileURL(tokenizeFile).href);
const { tokenize: tokenizePatched } = await patchedCopy(tokenizeFile, 'tokenize.js');
const styled = Array.from({ length: CASES }, () => text(12));
const samples = [...strings, ...styled, ...codePoints.map((c) => `\u001B[31m${c}\u001B[39m a`)];
for (const s of samples) {
  if (nestedPatched(s) !== nestedOriginal(s)) failures.push({ what: "wrap-ansi's string-width", string: JSON.stringify(s), want: nestedOriginal(s), got: nestedPatched(s) });
  const want = JSON.stringify(tokenizeOriginal(s));
  const got = JSON.stringify(tokenizePatched(s));
  if (got !== want) failures.push({ what: 'ansi-tokenize', string: JSON.stringify(s), want, got });
}
// Its styled characters (Ink's cells of a styled line): the same fields and codes, and the same
// line made back from them, where the patched ones share a hidden class and their run's codes.
const styledFile = join(dirname(tokenizeFile), 'styledChars.js');
const { styledCharsFromTokens: styledOriginal, styledCharsToString } = await import(pathToFileURL(styledFile).href);
const { styledCharsFromTokens: styledPatched } = await patchedCopy(styledFile, 'styledChars.js');
for (const s of samples) {
  const tokens = tokenizeOriginal(s);
  const original = styledOriginal(tokens);
  const patched = styledPatched(tokens);
  const want = JSON.stringify(original) + styledCharsToString(original);
  const got = JSON.stringify(patched) + styledCharsToString(patched);
  if (got !== want) failures.push({ what: 'ansi-tokenize styled characters', string: JSON.stringify(s), want, got });
}

rmSync(dir, { recursive: true, force: true });
process.stdout.write(JSON.stringify({ frames: CASES, strings: strings.length, codePointStrings: pointStrings, tokenized: samples.length, failures: failures.length, first: failures.slice(0, 3) }, null, 1) + '\n');
process.exitCode = failures.length === 0 ? 0 : 1;
