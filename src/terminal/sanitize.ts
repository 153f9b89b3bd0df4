// Every string from the server is untrusted: anything that a terminal would interpret
// (escape sequences, control characters, bidi overrides) is made visible or removed here,
// before it can reach Ink. The one rule for the whole app.

// CSI, OSC, DCS, APC, PM, SOS sequences (7-bit ESC forms and their 8-bit C1 introducers), and lone ESC pairs.
const ESCAPE_SEQUENCE =
  /(?:\u001b\[|\u009b)[\u0030-\u003f]*[\u0020-\u002f]*[\u0040-\u007e]?|(?:\u001b[\]P_^X]|[\u009d\u0090\u009f\u009e\u0098])[\s\S]*?(?:\u0007|\u001b\\|\u009c|$)|\u001b[\u0020-\u002f]*[\u0030-\u007e]?/g;
// C0 (but tab/newline handled separately), DEL, C1.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
// Bidi embeddings/overrides/isolates, and other invisible format characters that can reorder or hide text.
const FORMAT = /[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\u206a-\u206f\ufeff\ufff9-\ufffb\u00ad\u061c\u180e]/g;
// Lone surrogates render as garbage or break width measurement.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
// A run of combining marks longer than this is "zalgo" and can paint over other rows.
const COMBINING_RUN = /(\p{M}{3})\p{M}+/gu;

export interface SanitizeOptions {
  /** Keep newlines (multi-line detail text); otherwise they become a visible ⏎. */
  multiline?: boolean;
}

/** Makes an untrusted string safe to print: no escape sequences, no control or bidi characters. */
export function sanitize(value: unknown, options: SanitizeOptions = {}): string {
  if (value === null || value === undefined) return '';
  let s = typeof value === 'string' ? value : String(value);
  s = s
    .replace(ESCAPE_SEQUENCE, '\ufffd')
    .replace(LONE_SURROGATE, '\ufffd')
    .replace(FORMAT, '')
    .replace(COMBINING_RUN, '$1');
  s = options.multiline ? s.replace(/\r\n?/g, '\n') : s.replace(/\r\n|\r|\n/g, '⏎');
  s = s.replace(/\t/g, options.multiline ? '  ' : '→');
  return s.replace(CONTROL, (c) => (c === '\n' ? c : '\ufffd'));
}
