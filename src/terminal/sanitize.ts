// Every string from the server is untrusted: anything that a terminal would interpret
// (escape sequences, control characters, bidi overrides) is made visible here (stray joiners and
// excess combining marks are removed),
// before it can reach Ink. The one rule for the whole app.
//
// Every pattern below must stay linear in the input length: a nickname can be 100k
// characters and this runs on every cell of every frame.
import { glyphs } from './glyphs.js';

// Escape sequences, replaced by one U+FFFD so that tampering stays visible.
// 1. CSI (7-bit `ESC [` or 8-bit 0x9B): parameters, intermediates, optional final byte.
// 2. String sequences (OSC, DCS, SOS, PM, APC, 7- or 8-bit introducer) up to BEL or ST.
//    The body excludes every control character, so a missing terminator fails fast at the
//    next control instead of rescanning the rest of the string from each introducer.
//    An unterminated one falls through to branch 3 (or to CONTROL for the 8-bit forms):
//    only the introducer is replaced and the following text stays visible.
// 3. Any other ESC with its intermediates and final byte (RIS `ESC c`, charset switches...).
const ESCAPE_SEQUENCE =
  /(?:\u001b\[|\u009b)[\u0030-\u003f]*[\u0020-\u002f]*[\u0040-\u007e]?|(?:\u001b[\]P_^X]|[\u0090\u0098\u009d\u009e\u009f])[^\u0000-\u001f\u007f-\u009f]*(?:\u0007|\u001b\\|\u009c)|\u001b[\u0020-\u002f]*[\u0030-\u007e]?/g;

// Lone surrogates render as garbage and break width measurement.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

// Invisible characters that reorder text (bidi embeddings, overrides, isolates, marks),
// hide it (zero-width space, word joiner, BOM, soft hyphen, invisible operators), or that
// terminals draw with a width string-width does not predict (Hangul fillers are
// "default ignorable" but take 1-2 cells on screen: the classic blank nickname).
// Shown, not dropped: one replacement character a run, as the INVISIBLE ones below are, so that
// `invoice\u202egpj.exe` reads as `invoice�gpj.exe` and not as a plausible `invoicegpj.exe`.
const FORMAT_CHARS = '\\u00ad\\u061c\\u115f\\u1160\\u180e\\u200b\\u200e\\u200f\\u202a-\\u202e\\u2060-\\u2064\\u2066-\\u2069\\u206a-\\u206f\\u3164\\ufeff\\uffa0\\ufff9-\\ufffb';
const FORMAT = new RegExp(`[${FORMAT_CHARS}]+`, 'g');

// Other invisible characters, which render as nothing at all but make two strings differ
// ("admin" and "admin" + a TAG character, or a message hidden in TAG characters inside "ok"):
// shown as one replacement character per run, so that a spoofed ID does not look like the real
// one. Unicode TAG characters (U+E0000-E007F), the combining grapheme joiner, Khmer inherent
// vowels, Mongolian variation selectors, musical formatting controls, and variation selectors
// FE00-FE0D and E0100-E01EF. FE0E and FE0F (text and emoji presentation) stay after a character
// that has an emoji form, where they choose how it is drawn; elsewhere they go too. TAG
// characters stay in an emoji tag sequence: a black flag, a subdivision code, CANCEL TAG (the
// flags of England, Scotland and Wales).
const INVISIBLE_CHARS = '\\ufe00-\\ufe0d\\u{e0100}-\\u{e01ef}\\u034f\\u17b4\\u17b5\\u180b-\\u180d\\u180f\\u{1d173}-\\u{1d17a}';
const INVISIBLE = new RegExp(`(?:[${INVISIBLE_CHARS}]|(?<!\\p{Emoji})[\\ufe0e\\ufe0f])+|(\\u{1f3f4})?([\\u{e0000}-\\u{e007f}]+)`, 'gu');
// The subdivision code of a flag: two letters and one to four letters or digits, as tags.
const FLAG_TAGS = /^[\u{e0061}-\u{e007a}]{2}[\u{e0030}-\u{e0039}\u{e0061}-\u{e007a}]{1,4}\u{e007f}$/u;

// ZWJ and ZWNJ are needed inside emoji sequences and in Indic and Persian words, where both
// neighbours are non-ASCII. Next to ASCII (or at an edge) they only serve to make two
// different strings look the same ("adm\u200din"). A whole run is judged at once, by looking
// at its neighbours in a callback: a lookaround regex would rescan long runs quadratically.
const JOINER_RUN = /[\u200c\u200d]+/g;
// U+2028/9 count as ASCII here because they become a newline below: a second pass must
// find nothing left to remove.
const KEEPS_JOINER = /[^\u0000-\u007f\u2028\u2029]/;

// Long runs of combining marks ("zalgo") pile glyphs above and below their row.
// Four is more than any ordinary script needs on one base (Vietnamese uses two, Hebrew
// with cantillation three or four).
const MAX_MARKS = 4;
const COMBINING_RUN = new RegExp(`(\\p{M}{${MAX_MARKS}})\\p{M}+`, 'gu');

// U+2028/U+2029 are line breaks to some terminals and to Ink's wrapping.
const LINE_BREAK = /\r\n|[\r\n\u2028\u2029]/g;

// C0 (tab and newline are mapped before this runs), DEL, C1.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

const PLAIN_ASCII = /^[\u0020-\u007e]*$/;

// Every character any pass above acts on: controls (escape introducers, tab, CR, LF among them),
// the FORMAT and INVISIBLE characters, joiners, line and paragraph separators, combining marks,
// surrogates and everything beyond the BMP (the variation selectors, CGJ and the Khmer and Mongolian
// invisibles are marks). A string with none of them leaves every pass
// unchanged, so it is returned as it is: most non-ASCII names ("Mia Ødegaard", "王小明") are.
const NEEDS_PASSES =
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\u3164\ufeff\uffa0\ufff9-\ufffb\ud800-\udfff\u{10000}-\u{10ffff}\p{M}]/u;

export interface SanitizeOptions {
  /** Keep newlines (multi-line detail text); otherwise they become a visible ⏎. */
  multiline?: boolean;
}

/** Makes an untrusted value safe to print: no escape sequences, no control or bidi characters. */
export function sanitize(value: unknown, options: SanitizeOptions = {}): string {
  const s = toText(value);
  // Most cells are plain ASCII, and most other text has nothing the passes act on.
  if (PLAIN_ASCII.test(s) || !NEEDS_PASSES.test(s)) return s;
  return sanitizePasses(s, options);
}

/** Every pass, whatever the text (exported so that a test can hold the shortcut above to it). */
export function sanitizePasses(s: string, options: SanitizeOptions = {}): string {
  const multiline = options.multiline === true;
  const g = glyphs();
  return s
    .replace(ESCAPE_SEQUENCE, g.replacement)
    .replace(LONE_SURROGATE, g.replacement)
    .replace(FORMAT, g.replacement)
    .replace(INVISIBLE, markInvisible)
    .replace(JOINER_RUN, dropStrayJoiners)
    .replace(COMBINING_RUN, '$1')
    .replace(LINE_BREAK, multiline ? '\n' : g.newline)
    .replace(/\t/g, multiline ? '  ' : g.tab)
    .replace(CONTROL, g.replacement);
}

function markInvisible(run: string, flag: string | undefined, tags: string | undefined): string {
  if (tags === undefined) return glyphs().replacement;
  if (flag !== undefined && FLAG_TAGS.test(tags)) return run;
  return (flag ?? '') + glyphs().replacement;
}

function dropStrayJoiners(run: string, offset: number, whole: string): string {
  const before = whole[offset - 1] ?? '';
  const after = whole[offset + run.length] ?? '';
  return KEEPS_JOINER.test(before) && KEEPS_JOINER.test(after) ? run : '';
}

function toText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  try {
    return String(value);
  } catch {
    // An object whose toString throws (or a null-prototype object) must not crash a render.
    return glyphs().replacement;
  }
}

// An ID is what the operator tells users, groups and conversations apart by, so two different IDs
// must never be drawn alike, as browsers refuse to draw a confusable host name as it is (UTS #39).
// Beyond what sanitize() marks, an ID shows as its code point (`⟨U+00A0⟩`, `<U+00A0>` in ASCII):
// - every character that draws as a space (U+00A0, U+1680, U+2000-U+200A, U+202F, U+205F,
//   U+3000, U+2800 braille blank), and a space at either end (`imAdmin` and `imAdmin ` differ);
// - invisible characters, each one (sanitize() shows a run as one mark, and drops a stray joiner);
// - tabs and line breaks, which a cell draws with marks that text could hold itself (`→`, and in
//   ASCII a space);
// - the marks' own characters when the ID holds them (the open bracket, the replacement mark), so
//   that no ID can spell another's marked form;
// - in an ID that mixes scripts as no single language does (Latin with Cyrillic or Greek:
//   `us\u0435r_a`), each letter or digit outside the ID's main script. Latin with Han, kana,
//   Bopomofo or Hangul is one language's (UTS #39 "highly restrictive"), and stays as it is.
const ID_SPACE = /[\t\n\r\u2028\u2029\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000\u2800]/u;
// What sanitize() shows as one mark a run, or drops (a joiner next to ASCII: `adm\u200din` drew
// as `admin`): in an ID, each one by its code point.
const ID_INVISIBLE = new RegExp(`[${INVISIBLE_CHARS}${FORMAT_CHARS}\\u{e0000}-\\u{e007f}]|\\ufe0e|\\ufe0f|\\u200c|\\u200d`, 'u');
const EDGE_SPACE = /^ | $/;
const LETTER = /[\p{L}\p{N}]/u;
const CJK = new Set(['Han', 'Hiragana', 'Katakana', 'Bopomofo', 'Hangul']);
// The scripts a letter is looked up in, the common ones first; a letter of none is `Other`.
const SCRIPTS = [
  'Latin', 'Cyrillic', 'Greek', 'Han', 'Hiragana', 'Katakana', 'Hangul', 'Bopomofo', 'Arabic', 'Hebrew', 'Armenian', 'Georgian',
  'Thai', 'Lao', 'Devanagari', 'Bengali', 'Gurmukhi', 'Gujarati', 'Oriya', 'Tamil', 'Telugu', 'Kannada', 'Malayalam', 'Sinhala',
  'Tibetan', 'Myanmar', 'Khmer', 'Mongolian', 'Ethiopic', 'Cherokee', 'Canadian_Aboriginal', 'Coptic', 'Syriac', 'Thaana', 'Nko',
  'Tifinagh', 'Vai', 'Lisu', 'Yi', 'Runic', 'Ogham', 'Glagolitic', 'Gothic', 'Old_Italic', 'Deseret', 'Osage', 'Adlam',
].map((name) => ({ name, test: new RegExp(`^\\p{Script=${name}}$`, 'u') }));
const COMMON = /^[\p{Script=Common}\p{Script=Inherited}]$/u;
const scriptCache = new Map<string, string>();

/** A letter's or digit's script, by name; '' for one every script shares (ASCII digits, fullwidth forms). */
function scriptOf(char: string): string {
  let script = scriptCache.get(char);
  if (script === undefined) {
    script = COMMON.test(char) ? '' : (SCRIPTS.find((s) => s.test.test(char))?.name ?? 'Other');
    if (scriptCache.size > 4096) scriptCache.clear();
    scriptCache.set(char, script);
  }
  return script;
}

/** Scripts that one language writes together with `main`: the same, or Latin and the CJK ones. */
function goesWith(main: string, script: string): boolean {
  return script === '' || script === main || (CJK.has(script) && (main === 'Latin' || CJK.has(main))) || (script === 'Latin' && CJK.has(main));
}

/** The main script (the most letters and digits; the first to reach it on a tie) of an ID that mixes scripts as no language does; else undefined. */
function mainScript(chars: readonly string[]): string | undefined {
  const counts = new Map<string, number>();
  let main: string | undefined;
  for (const char of chars) {
    if (!LETTER.test(char)) continue;
    const script = scriptOf(char);
    if (script === '') continue;
    const n = (counts.get(script) ?? 0) + 1;
    counts.set(script, n);
    if (main === undefined || n > counts.get(main)!) main = script;
  }
  if (main === undefined || counts.size < 2) return undefined;
  const mixed = [...counts.keys()].some((script) => !goesWith(main, script));
  return mixed ? main : undefined;
}

const codePoint = (char: string): string => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** How much of an ID is drawn: more than a table cell, the breadcrumb or a prompt shows of one (a 100k-character one is cut). */
export const ID_HEAD = 1024;

/**
 * An ID as it is drawn (a table's ID column, a detail's ID field, the breadcrumb, the user
 * picker, `recent:`): its first `head` code units (a pair is not split), sanitize()d, with every
 * character that could make it look like another ID shown as its code point (see above). Apply
 * once: its marks are themselves marked again.
 */
export function idText(value: unknown, head = ID_HEAD): string {
  const whole = toText(value);
  const end = whole.length > head && /[\ud800-\udbff]/.test(whole[head - 1] ?? '') ? head - 1 : head;
  const s = whole.length > head ? whole.slice(0, end) : whole;
  const g = glyphs();
  if (PLAIN_ASCII.test(s) && !EDGE_SPACE.test(s) && !s.includes(g.open) && !s.includes(g.replacement)) return s;
  const chars = Array.from(s);
  const main = mainScript(chars);
  const mark = (char: string): string => `${g.open}${codePoint(char)}${g.close}`;
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i]!;
    const marked =
      ID_SPACE.test(char) ||
      ID_INVISIBLE.test(char) ||
      (char === ' ' && (i === 0 || i === chars.length - 1)) ||
      char === g.open ||
      char === g.replacement ||
      (main !== undefined && LETTER.test(char) && !goesWith(main, scriptOf(char)));
    out += marked ? mark(char) : char;
  }
  return sanitize(out);
}
