// One value of the detail pane as lines, laid out only as far as they are looked at. A value may
// be megabytes (the reply cap is 8 MB): wrapping all of 4 MB of "a\n" took 34 s and 667 MB and
// blocked every key, Ctrl-C included. So only a head of each value is sanitised and wrapped
// (VALUE_HEAD_CHARS, at most VALUE_MAX_LINES lines), with a note of the full length; `y` still
// copies the whole row. Pure functions: a full-screen view or a search can reuse them.
import { formatCount } from '../content/format.js';
import { glyphs } from '../terminal/glyphs.js';
import { displayText } from '../terminal/settle.js';
import { wrapFrom } from '../terminal/width.js';

/** UTF-16 units of a value that are laid out at all. */
export const VALUE_HEAD_CHARS = 16 * 1024;
/** Lines of one value at most, whatever its length ("a\n" repeated is a line per two characters). */
export const VALUE_MAX_LINES = 400;

/** The first `max` UTF-16 units, never ending inside a surrogate pair. */
export function codePointHead(value: string, max: number): string {
  if (value.length <= max) return value;
  const end = max > 0 && value.charCodeAt(max - 1) >= 0xd800 && value.charCodeAt(max - 1) <= 0xdbff ? max - 1 : max;
  return value.slice(0, end);
}

/** Said under a value that is not shown whole. */
export function valueCutNote(length: number): string {
  return `${glyphs().ellipsis} not shown whole: ${formatCount(length)} characters in all (y copies the row)`;
}

export interface PreparedValue {
  /** The head of the value, sanitised and ready to wrap. */
  text: string;
  /** Length of the value as received, in UTF-16 units. */
  length: number;
  /** Whether `text` is only a head of it. */
  cut: boolean;
}

/** Sanitises the head of a value for the pane (newlines kept when `multiline`), or draws a head of `headChars` by `draw` (an ID's). */
export function prepareValue(value: string, multiline = false, draw?: (head: string) => string, headChars = VALUE_HEAD_CHARS): PreparedValue {
  const head = codePointHead(value, headChars);
  return { text: draw ? draw(head) : displayText(head, { multiline }), length: value.length, cut: head.length < value.length };
}

export interface ValueWindow {
  /** Lines [start, start + count) of the value, within `width` cells each. */
  lines: string[];
  /** Lines of the value follow the window. */
  more: boolean;
  /** Where the window reaches the end (no `more`): the value is not shown whole, valueCutNote follows. */
  cut: boolean;
}

/**
 * A window of a prepared value wrapped at `width`, of its first VALUE_MAX_LINES lines. Walks only
 * to the end of the window: the cost does not depend on the length of the value.
 * @internal For tests: the detail takes its windows through its document (detailDoc.ts).
 */
export function valueWindow(value: PreparedValue, width: number, window: { start: number; count: number }): ValueWindow {
  const start = Math.max(0, Math.floor(window.start));
  const end = Math.min(VALUE_MAX_LINES, start + Math.max(0, Math.floor(window.count)));
  const step = wrapFrom(value.text, width, 0, Math.min(end + 1, VALUE_MAX_LINES + 1), { words: true });
  const shown = step.lines.slice(0, VALUE_MAX_LINES);
  const overCap = step.lines.length > VALUE_MAX_LINES || (step.lines.length === VALUE_MAX_LINES && step.next !== -1);
  return { lines: shown.slice(start, end), more: shown.length > end, cut: value.cut || overCap };
}
