// Characters that can join a neighbour into one grapheme (UAX #29): marks and other extenders,
// controls and format characters (ZWJ among them), Hangul jamo, regional indicators, emoji
// modifiers, prepended letters, spacing vowels that are not marks. Text without any is one
// grapheme per code point, and is split without Intl.Segmenter: several times faster, and the
// first segmenter of a process costs ICU's grapheme rules (about 18 ms here), which the explorer's
// first frame paid for a name like "Mia Ødegaard". Used by width.ts and by the bundle's
// string-width and ansi-tokenize (scripts/patches/).
//
// ESC and CSI (U+001B, U+009B) are left out of the controls: a control is a grapheme of its own
// (only CR LF is one of two), so a styled line splits into code points too.
const JOINS =
  /[\p{M}\0-\x1a\x1c-\x1f\x7f-\x9a\x9c-\x9f\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Grapheme_Extend}\p{Emoji_Modifier}\p{Regional_Indicator}\p{Default_Ignorable_Code_Point}\u1100-\u11ff\ua960-\ua97f\ud7b0-\ud7ff\u0e33\u0eb3\u0d4e\u{111c2}\u{111c3}\u{1193f}\u{11941}\u{11a3a}\u{11a84}-\u{11a89}\u{11d46}\u{11f02}]/u;

/** False when every code point of `text` is a grapheme of its own. */
export function mayJoin(text: string): boolean {
  return JOINS.test(text);
}
