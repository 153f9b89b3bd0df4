// Text that leaves the app to be pasted (the clipboard: y, Y, C) and the JSON it prints is built
// here, so that wherever it lands it is data and never a keystroke: a tty's line discipline acts on
// DEL and C0 controls (DEL erases, ^U kills the line, a newline runs it), a terminal on ESC and C1
// (ESC[201~ ends a bracketed paste early; 0x9b is an 8-bit CSI), editors and JavaScript on U+2028
// and U+2029, and a reader's eye on bidi controls. It lives in api/, the lowest layer, because the
// lowest of its users is curl.ts (C); data/formats.ts (y, -o json) and the store (Y) sit above. Pure.

/**
 * What JSON.stringify leaves raw that a terminal could act on: DEL, C1, the line and paragraph
 * separators and the bidi controls (Unicode's Bidi_Control set: the Arabic letter mark U+061C
 * too). (It escapes C0 itself, and lone surrogates.) Outside strings JSON has none of these, so
 * escaping them anywhere keeps the document equal.
 */
const UNSAFE_IN_JSON = /[\u007f-\u009f\u061c\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
/** Everything but ASCII: a JSON text escaped of these is printable ASCII (given no indentation). */
const NOT_ASCII = /[^\u0000-\u007e]/g;
/** A character of text that must not reach a clipboard raw: C0, DEL, C1, U+2028/2029, bidi controls, a lone surrogate. */
const CONTROL =
  /[\u0000-\u001f\u007f-\u009f\u061c\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** C0 controls (tab and newline included), DEL and C1 controls: what a URL or a variable must not hold as given. */
const CONTROL_CODE = /[\u0000-\u001f\u007f-\u009f]/;
const PRINTABLE_ASCII = /^[\u0020-\u007e]*$/;

const unicodeEscape = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** JSON.stringify's text with every character a terminal could act on written as \uXXXX: still the same JSON. */
export function escapeJsonText(json: string): string {
  return json.replace(UNSAFE_IN_JSON, unicodeEscape);
}

/**
 * JSON.stringify's text (without indentation) with every character outside ASCII written as
 * \uXXXX (an astral one as its two surrogates): printable ASCII only, the same JSON, and a word
 * that single quotes make data in every POSIX shell and every locale.
 */
export function asciiJsonText(json: string): string {
  return json.replace(NOT_ASCII, unicodeEscape);
}

/** Whether `text` holds a C0 control, DEL or a C1 control (a base URL or a proxy variable holding one is refused). */
export function hasControlCode(text: string): boolean {
  return CONTROL_CODE.test(text);
}

/** Whether `text` holds a character that must not be copied raw (see CONTROL). */
export function hasControl(text: string): boolean {
  return CONTROL.test(text);
}

/**
 * `text` as one POSIX shell word in single quotes (a quote inside closed, escaped and reopened),
 * or undefined when it holds anything but printable ASCII: dash has no $'…', and a raw byte
 * outside it is what a pasted command must never carry (DEL inside quotes erases the closing one).
 */
export function shellWord(text: string): string | undefined {
  if (!PRINTABLE_ASCII.test(text)) return undefined;
  return `'${text.replaceAll("'", `'\\''`)}'`;
}
