// The width policy: a grapheme is given the most cells any common terminal (tmux 3.x, xterm,
// VTE, kitty, iTerm2, Windows Terminal, in their default settings) draws it with, so that a line
// the app fits to the screen never wraps in any of them. Where they draw it narrower, the line
// ends a few cells short: never a wrap, at worst a misaligned column.
//
// Terminals fall in two families. Those that cluster graphemes (kitty, iTerm2, Windows Terminal)
// draw roughly what string-width computes. Those that add up code points (xterm, VTE, tmux, the
// Linux console) draw each code point with its wcwidth: a skin-tone modifier after a letter is
// two more cells, a Thai SARA AM or a Devanagari conjunct's second consonant one more, an Arabic
// number sign one. The widest of the two is taken, per grapheme.
//
// Two kinds of grapheme are not measured here but rewritten before they are drawn, because no
// width fits every terminal without losing the text (see settle.ts): emoji ZWJ sequences. They
// keep string-width's answer (2) so that text that keeps them (copying, JSON) measures as before.
//
// Ambiguous-width characters (East Asian Width A: …, ›, ·, →, ①, Greek, Cyrillic) count as
// narrow, as every terminal draws them by default; a terminal set to draw them wide also breaks
// the app's own marks, for which --ascii is the answer.
import stringWidth from 'string-width';

const REGIONAL_INDICATOR = /^\p{Regional_Indicator}$/u;
const FLAG = /^\p{Regional_Indicator}{2}$/u;
const EXTENDED_PICTOGRAPHIC = /\p{Extended_Pictographic}/gu;
/** Code points that every terminal draws in no cell. */
const ZERO_WIDTH = /^[\p{Mn}\p{Me}\p{Cf}\p{Cc}\p{Default_Ignorable_Code_Point}]$/u;
/**
 * Format characters that are drawn anyway: the Arabic and Syriac number signs and their kin
 * (Prepended_Concatenation_Mark, which JavaScript has no property for). tmux draws U+0600 in one cell.
 */
const DRAWN_FORMAT = /^[\u0600-\u0605\u06dd\u070f\u0890\u0891\u08e2\u{110bd}\u{110cd}]$/u;
/** Hangul medial vowels and final consonants: drawn inside the syllable the leading consonant opened. */
const HANGUL_TAIL = /^[\u1160-\u11ff\ud7b0-\ud7ff]$/u;
/** A character that has an emoji presentation, which U+FE0F asks for (kitty draws `#️` in two cells). */
const EMOJI_BASE = /^\p{Emoji}/u;

const ZWJ = '\u200d';
const VS16 = '\ufe0f';

/** An emoji ZWJ sequence: a joiner between two pictographs (string-width's own test). */
export function isEmojiZwjSequence(grapheme: string): boolean {
  if (!grapheme.includes(ZWJ) || grapheme.length > 50) return false;
  return (grapheme.match(EXTENDED_PICTOGRAPHIC)?.length ?? 0) >= 2;
}

/** What a terminal that adds up code points gives one code point. */
function codePointCells(char: string): number {
  if (REGIONAL_INDICATOR.test(char)) return 2; // kitty; xterm and tmux draw one cell
  if (DRAWN_FORMAT.test(char)) return 1;
  if (ZERO_WIDTH.test(char) || HANGUL_TAIL.test(char)) return 0;
  return Math.max(1, stringWidth(char));
}

function measure(grapheme: string): number {
  const clustered = stringWidth(grapheme);
  if (isEmojiZwjSequence(grapheme)) return clustered;
  // A flag: one or two cells a letter in xterm and tmux, one glyph of two in the others.
  if (FLAG.test(grapheme)) return 2;
  let summed = 0;
  for (const char of grapheme) summed += codePointCells(char);
  let width = Math.max(clustered, summed);
  if (grapheme.includes(VS16) && EMOJI_BASE.test(grapheme)) width = Math.max(width, 2);
  return width;
}

// Names, messages and pages repeat the same graphemes: a bounded memo makes CJK text about as
// cheap to measure as ASCII.
const memo = new Map<string, number>();
const MEMO_LIMIT = 8192;

/** Cells one grapheme (as Intl.Segmenter cuts them) takes in the widest common terminal. */
export function graphemeWidth(grapheme: string): number {
  if (grapheme.length === 1) {
    const code = grapheme.charCodeAt(0);
    if (code >= 0x20 && code < 0x7f) return 1;
  }
  let width = memo.get(grapheme);
  if (width === undefined) {
    width = measure(grapheme);
    // Long graphemes (a letter under thousands of marks) are rare: not worth keeping.
    if (grapheme.length <= 32) {
      if (memo.size >= MEMO_LIMIT) memo.clear();
      memo.set(grapheme, width);
    }
  }
  return width;
}
