// What may reach the terminal: the bytes Ink writes for a frame, checked against an allowlist of
// the sequences the app and Ink emit themselves. Anything else (OSC, DCS, APC, PM, SOS, C1 bytes,
// BEL, bare CR, bidi overrides, a cursor move inside a frame...) came from the data and is a leak.
import { displayWidth } from '../../src/terminal/width.js';

const ESC = '\u001b';

/**
 * Sequences Ink writes around a frame (never inside one): erase lines and move up / to column 1
 * (ansi-escapes eraseLines), hide/show the cursor (cli-cursor), synchronised output (?2026),
 * clear screen (clearTerminal, only when a frame fills the terminal).
 */
const FRAME_CONTROL = /\u001b\[(?:2K|\d*A|\d*B|\d*C|\d*D|\d*G|\?25[lh]|\?2026[lh]|2J|3J|H)/y;

/**
 * SGR as chalk writes it: one parameter per sequence, from the set of styles and the 16 colours
 * (the app uses named colours only). A leaked `ESC[31;1m`, `ESC[38;2;…m` or `ESC[m` fails.
 */
const SGR = /\u001b\[(\d{1,3})m/y;
const SGR_CODES = new Set([
  0, 1, 2, 3, 4, 7, 8, 9, 21, 22, 23, 24, 27, 28, 29, 39, 49,
  ...range(30, 37),
  ...range(40, 47),
  ...range(90, 97),
  ...range(100, 107),
]);

/** The app's own clipboard write (y): OSC 52 with a base64 payload only, as a write of its own. */
const OSC52_WRITE = /^\u001b\]52;c;[A-Za-z0-9+/]*={0,2}\u0007$/;

/**
 * What no copy may carry raw (docs/security.md, What is copied): C0 (newline included), DEL, C1,
 * line/paragraph separators, bidi controls.
 */
const COPY_RAW = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** Nothing below may appear in frame text: C0 but newline, DEL, C1, line/paragraph separators. */
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/;
/** Bidi embeddings, overrides, isolates and marks; invisible and interlinear characters. */
const BIDI_OR_INVISIBLE = /[\u061c\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\u206a-\u206f\ufeff\ufff9-\ufffb]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/**
 * Characters that draw nothing and could make an ID look like another: TAG characters outside an
 * emoji flag, variation selectors outside an emoji, and their kin (see sanitize.ts).
 */
const HIDING =
  /[\ufe00-\ufe0d]|[\u{e0100}-\u{e01ef}]|[\u034f\u17b4\u17b5\u180b-\u180f\u{1d173}-\u{1d17a}]|(?<!\p{Emoji})[\ufe0e\ufe0f]|(?<![\u{1f3f4}\u{e0020}-\u{e007e}])[\u{e0000}-\u{e007f}]/u;

export interface AuditOptions {
  columns: number;
  rows: number;
}

export interface AuditResult {
  violations: string[];
  /** What each clipboard write (OSC 52) carried, decoded. */
  copies: string[];
  /** The text of every frame, escape sequences removed. */
  frames: string[];
  /** Lines already measured (frames repeat most of their lines). */
  measured: Set<string>;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

function around(text: string, at: number): string {
  return JSON.stringify(text.slice(Math.max(0, at - 30), at + 40));
}

/** Skips a run of frame-control sequences starting at `at`; returns where the run ends. */
function skipControls(chunk: string, at: number): number {
  let i = at;
  for (;;) {
    FRAME_CONTROL.lastIndex = i;
    const m = FRAME_CONTROL.exec(chunk);
    if (!m) return i;
    i += m[0].length;
  }
}

/** Checks one write: [frame controls] text-with-SGR [frame controls]. */
export function auditChunk(chunk: string, options: AuditOptions, result: AuditResult): void {
  if (chunk.startsWith(`${ESC}]`)) {
    if (!OSC52_WRITE.test(chunk)) {
      result.violations.push(`OSC that is not the app's clipboard write: ${around(chunk, 0)}`);
      return;
    }
    const copied = Buffer.from(chunk.slice('\u001b]52;c;'.length, -1), 'base64').toString('utf8');
    result.copies.push(copied);
    const raw = COPY_RAW.exec(copied);
    if (raw) result.violations.push(`copy carries U+${raw[0].codePointAt(0)!.toString(16).padStart(4, '0')} raw: ${around(copied, raw.index)}`);
    return;
  }
  const bodyStart = skipControls(chunk, 0);
  // Find where a trailing run of frame controls starts (the cursor suffix, if any).
  let bodyEnd = chunk.length;
  for (let at = chunk.lastIndexOf(ESC); at >= bodyStart; at = chunk.lastIndexOf(ESC, at - 1)) {
    if (skipControls(chunk, at) === chunk.length) bodyEnd = at;
    else break;
  }
  let text = '';
  let i = bodyStart;
  while (i < bodyEnd) {
    const esc = chunk.indexOf(ESC, i);
    const stop = esc === -1 || esc >= bodyEnd ? bodyEnd : esc;
    text += chunk.slice(i, stop);
    if (stop === bodyEnd) break;
    SGR.lastIndex = stop;
    const m = SGR.exec(chunk);
    if (m && SGR_CODES.has(Number(m[1]))) {
      i = stop + m[0].length;
      continue;
    }
    result.violations.push(`escape sequence inside a frame: ${around(chunk, stop)}`);
    i = stop + 1;
  }
  if (text === '') return;
  const checks: [RegExp, string][] = [
    [CONTROL, 'control character'],
    [BIDI_OR_INVISIBLE, 'bidi or invisible format character'],
    [LONE_SURROGATE, 'lone surrogate'],
    [HIDING, 'invisible character'],
  ];
  for (const [pattern, what] of checks) {
    const m = pattern.exec(text);
    if (m) result.violations.push(`${what} U+${m[0].codePointAt(0)!.toString(16).padStart(4, '0')} in a frame: ${around(text, m.index)}`);
  }
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  if (lines.length > options.rows) result.violations.push(`frame of ${lines.length} lines on a ${options.rows}-row terminal`);
  lines.forEach((line, n) => {
    if (result.measured.has(line)) return;
    result.measured.add(line);
    const width = displayWidth(line);
    if (width > options.columns) result.violations.push(`line ${n} is ${width} cells wide (> ${options.columns}): ${JSON.stringify(line.slice(0, 120))}`);
  });
  result.frames.push(text);
}

/** Audits every write Ink (and the app) made to stdout. */
export function auditWrites(chunks: readonly string[], options: AuditOptions): AuditResult {
  const result: AuditResult = { violations: [], copies: [], frames: [], measured: new Set() };
  for (const chunk of chunks) auditChunk(chunk, options, result);
  // One leak repeats on every frame: report each distinct problem once.
  result.violations = [...new Set(result.violations)];
  return result;
}
