// The last step before server text is laid out on screen (see cellWidth.ts for the policy).
// Emoji ZWJ sequences are the one kind of grapheme whose width no count fits: kitty, iTerm2 and
// Windows Terminal draw 👨‍👩‍👧‍👦 in 2 cells, xterm and VTE in 8, tmux 3.3 in 2 but 🧑🏽‍🤝‍🧑🏿 in
// 6. Without its joiners a sequence is the emoji it is made of, which every terminal draws at the
// same width (👨👩👧👦, 8 cells): readable, and measured right.
import { sanitize, type SanitizeOptions } from './sanitize.js';

// A joiner between an emoji (with its modifiers, variation selectors and other extenders) and
// the next pictograph: what joins an emoji ZWJ sequence (UAX #29, GB11). The class run is
// scanned once per pictograph, so this stays linear.
const EMOJI_JOINER = /(\p{Extended_Pictographic}[\p{Grapheme_Extend}\p{Emoji_Modifier}]*)\u200d(?=\p{Extended_Pictographic})/gu;

/** Sanitised text with its emoji ZWJ sequences split into their emoji. */
export function settle(text: string): string {
  return text.includes('\u200d') ? text.replace(EMOJI_JOINER, '$1') : text;
}

/** sanitize(), then settle(): server text as it may be laid out and drawn. */
export function displayText(value: unknown, options: SanitizeOptions = {}): string {
  return settle(sanitize(value, options));
}
