// errDlt of real servers echoes the token ("jwt parse error, token=<jwt>"); nothing the server or
// the network says may reach the screen or a log before passing through here. A server echoes
// what it was sent in whatever form its error path writes: inside a JSON string (once, or twice
// when an error holding JSON is itself put in JSON), percent-encoded from a query or a form, in an
// HTML page, in base64 (a Basic header, a dumped body). Each given secret is masked in every such
// form, computed from the secret (secretForms), so that none is matched by a pattern that could
// backtrack.

const MASK = '‹redacted›';
const JWT = /eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g;
// A bare number after "token:" is not a credential: older servers write "header must have token: 1001 ArgsError".
const TOKEN_ASSIGNMENT = /(token\s*[=:]\s*)("?)(?!\d+(?![^\s",}]))[^\s",}]+/gi;
/** Short values would mask ordinary words; a secret that short is masked by the patterns above or not at all. */
const MIN_SECRET = 4;
/** A base64 run shorter than this (36 bits of the secret) could be ordinary text. */
const MIN_BASE64 = 8;

/** Removes the given secrets in every form a server could echo them, anything shaped like a JWT, and any `token=...` value. */
export function redact(text: string, secrets: readonly (string | undefined)[] = []): string {
  let out = text;
  for (const secret of secrets) {
    if (!secret || secret.length < MIN_SECRET) continue;
    for (const form of secretForms(secret)) if (out.includes(form)) out = out.split(form).join(MASK);
  }
  return out.replace(JWT, MASK).replace(TOKEN_ASSIGNMENT, `$1$2${MASK}`);
}

const cache = new Map<string, readonly string[]>();

/** Every form of `secret` masked, longest first (a longer form holds shorter ones: masked whole). */
function secretForms(secret: string): readonly string[] {
  const known = cache.get(secret);
  if (known) return known;
  const json = JSON_ESCAPES.flatMap((escape) => [escape(secret), escape(escape(secret))]);
  const forms = new Set([
    secret,
    ...json,
    ...URL_ENCODINGS.flatMap((encode) => [secret, jsonString(secret)].flatMap((value) => encoded(encode, value))),
    ...[secret, jsonString(secret)].flatMap(htmlForms),
    ...[secret, jsonString(secret)].flatMap((value) => base64Forms(Buffer.from(value, 'utf8'))),
  ]);
  const sorted = [...forms].filter((form) => form.length >= MIN_SECRET).sort((a, b) => b.length - a.length);
  // Two secrets and the token, renewed now and then: a handful of entries at most.
  if (cache.size >= 16) cache.clear();
  cache.set(secret, sorted);
  return sorted;
}

/** Inside a JSON string as JSON.stringify, Node and most encoders write it. */
const jsonString = (value: string): string => JSON.stringify(value).slice(1, -1);
const hex4 = (unit: number): string => unit.toString(16).padStart(4, '0');
const escapeUnits = (value: string, which: RegExp): string => value.replace(which, (c) => `\\u${hex4(c.charCodeAt(0))}`);
const upperHex = (value: string): string => value.replace(/\\u([0-9a-f]{4})/g, (_, h: string) => `\\u${h.toUpperCase()}`);

/** JSON string escapes as servers write them; each is also applied twice (an error holding JSON, put in JSON). */
const JSON_ESCAPES: readonly ((value: string) => string)[] = [
  jsonString,
  // Go's encoding/json: <, > and & as \u003c…, and U+2028/U+2029.
  (value) => escapeUnits(jsonString(value), /[<>&\u2028\u2029]/g),
  (value) => upperHex(escapeUnits(jsonString(value), /[<>&\u2028\u2029]/g)),
  // Python's json.dumps (ensure_ascii), Java's and .NET's: everything outside printable ASCII.
  (value) => escapeUnits(jsonString(value), /[^\x20-\x7e]/g),
  (value) => upperHex(escapeUnits(jsonString(value), /[^\x20-\x7e]/g)),
  // PHP's json_encode: the same, and `/` as `\/`.
  (value) => escapeUnits(jsonString(value), /[^\x20-\x7e]/g).replace(/\//g, '\\/'),
];

/** `encode(value)`, or nothing when it cannot be written so (encodeURIComponent throws on a lone surrogate). */
function encoded(encode: (value: string) => string, value: string): string[] {
  try {
    return [encode(value)];
  } catch {
    return [];
  }
}

const lowerPercent = (value: string): string => value.replace(/%[0-9A-F]{2}/g, (p) => p.toLowerCase());
/** Percent-encodes the UTF-8 bytes of every character `escape` matches (a whole character, surrogate pairs included). */
const percent = (value: string, escape: RegExp): string =>
  [...value].map((c) => (escape.test(c) ? [...Buffer.from(c, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('') : c)).join('');

/** Percent-encodings as URL and form encoders write them, upper- and lower-case hex. */
const URL_ENCODINGS: readonly ((value: string) => string)[] = [
  encodeURIComponent,
  (value) => lowerPercent(encodeURIComponent(value)),
  // application/x-www-form-urlencoded (URLSearchParams, HTML forms): space as `+`.
  (value) => new URLSearchParams({ v: value }).toString().slice(2),
  (value) => lowerPercent(new URLSearchParams({ v: value }).toString().slice(2)),
  // Go's url.QueryEscape: only letters, digits and -_.~ stay, space as `+`.
  (value) => percent(value, /[^A-Za-z0-9\-_.~ ]/).replace(/ /g, '+'),
  // Everything but letters and digits.
  (value) => percent(value, /[^A-Za-z0-9]/),
  (value) => lowerPercent(percent(value, /[^A-Za-z0-9]/)),
];

/** In an HTML page: the common entity escapes, and Go's html.EscapeString (&#34; &#39;). */
function htmlForms(value: string): string[] {
  const amp = value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return [amp.replace(/"/g, '&quot;').replace(/'/g, '&#39;'), amp.replace(/"/g, '&#34;').replace(/'/g, '&#39;'), amp.replace(/"/g, '&quot;').replace(/'/g, '&#x27;')];
}

/**
 * The base64 and base64url runs that `bytes` make wherever they sit in a longer encoded text: for
 * each of the 3 alignments (the bytes start 0, 1 or 2 bytes into a 3-byte group), the characters
 * whose 6 bits all come from `bytes`; and the whole encoding, padded or not, for `bytes` alone.
 */
function base64Forms(bytes: Buffer): string[] {
  const runs = [bytes.toString('base64'), bytes.toString('base64').replace(/=+$/, '')];
  for (let k = 0; k < 3; k += 1) {
    const encoded = Buffer.concat([Buffer.alloc(k), bytes]).toString('base64');
    runs.push(encoded.slice(Math.ceil((8 * k) / 6), Math.floor((8 * (k + bytes.length)) / 6)));
  }
  return runs.filter((run) => run.length >= MIN_BASE64).flatMap((run) => [run, run.replace(/\+/g, '-').replace(/\//g, '_')]);
}
