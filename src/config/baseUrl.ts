// A base URL as the app uses it: checked as given, then parsed once. `new URL(raw)` drops tabs and
// newlines and percent-encodes ESC and DEL, so a URL that holds one would look harmless after
// parsing while the text typed, logged or copied still held it: such a URL is refused as given,
// wherever it came from. Everything past this point (the client, the header, the curl that `C`
// copies) sees only the normalised form. The check itself is api/inertText.ts's hasControlCode.

/** What is wrong with such a URL, after the name of where it came from. */
export const CONTROL_CHARACTER_PROBLEM =
  'must not hold control characters (a tab, newline, escape, DEL or C1 code): give the URL again as plain text';

/**
 * The one form of a checked base URL: parsed (the host lower-cased, a default port dropped, the
 * path percent-encoded, so it is printable ASCII) and without a trailing slash, to which each
 * operation's path is appended.
 */
export function normalBaseUrl(raw: string): string {
  return new URL(raw.trim()).href.replace(/\/+$/, '');
}
