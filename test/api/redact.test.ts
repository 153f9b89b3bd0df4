// Every form of a secret is masked: raw, inside a JSON string once and twice (as JSON.stringify,
// Go, Python and PHP escape it), percent-encoded (encodeURIComponent, a form's `+` for space, upper-
// and lower-case hex), in an HTML page, and in base64 and base64url at any offset in a longer
// encoded text. Property tests over seeded secrets holding quotes, backslashes, spaces, slashes,
// control characters, accented letters, CJK and emoji; the encodings here are the tests' own.
import { describe, expect, it } from 'vitest';
import { redact } from '../../src/api/redact.js';
import { prng } from '../support/prng.js';

const CLASSES = ['abcdefXYZ019', '"', '\\', ' ', '/', "'<>&", '+%=?#', '\n\t\u0001\u007f', 'éüß', '漢字', '😀🔑', '\u2028'];

function secrets(seed: number, count: number): string[] {
  const random = prng(seed);
  const pick = <T,>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  return Array.from({ length: count }, () => {
    const length = 6 + Math.floor(random() * 30);
    let secret = '';
    // Letters and digits for half of it (a real secret's body), the hard classes sprinkled in.
    while ([...secret].length < length) secret += pick([...(random() < 0.5 ? CLASSES[0]! : pick(CLASSES))]);
    return secret;
  });
}

const hex = (unit: number, upper = false): string => {
  const h = unit.toString(16).padStart(4, '0');
  return upper ? h.toUpperCase() : h;
};
const inJson = (value: string): string => JSON.stringify(value).slice(1, -1);
const asciiJson = (value: string, upper = false): string => inJson(value).replace(/[^\x20-\x7e]/g, (c) => `\\u${hex(c.charCodeAt(0), upper)}`);
const goJson = (value: string): string => inJson(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${hex(c.charCodeAt(0))}`);
const phpJson = (value: string): string => asciiJson(value).replace(/\//g, '\\/');

const ENCODINGS: [string, (secret: string) => string][] = [
  ['raw', (s) => s],
  ['JSON-escaped', inJson],
  ['doubly JSON-escaped (an error holding the request body, in JSON)', (s) => inJson(inJson(s))],
  ['the request body echoed in an error, in the envelope', (s) => inJson(JSON.stringify({ secret: s, userID: 'imAdmin' }))],
  ['JSON, non-ASCII as \\u escapes (Python)', (s) => asciiJson(s)],
  ['JSON, \\u escapes in upper case (Java)', (s) => asciiJson(s, true)],
  ['JSON, HTML-safe (Go)', goJson],
  ['JSON, doubly, HTML-safe (Go)', (s) => goJson(goJson(s))],
  ['JSON with \\/ (PHP)', phpJson],
  ['percent-encoded', encodeURIComponent],
  ['percent-encoded, lower-case hex', (s) => encodeURIComponent(s).replace(/%[0-9A-F]{2}/g, (p) => p.toLowerCase())],
  ['form-encoded (+ for space)', (s) => new URLSearchParams({ secret: s }).toString().slice('secret='.length)],
  ['a JSON body, percent-encoded', (s) => encodeURIComponent(JSON.stringify({ secret: s }))],
  ['HTML entities', (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')],
];

describe('redact masks every form of a secret', () => {
  const SAMPLE = secrets(33, 400);

  it('the sample holds every hard class', () => {
    for (const c of ['"', '\\', ' ', '😀', 'é', '\n']) expect(SAMPLE.some((s) => s.includes(c)), c).toBe(true);
  });

  it.each(ENCODINGS)('%s', (_, encode) => {
    for (const secret of SAMPLE) {
      const form = encode(secret);
      const text = `errDlt: wrong secret (${form}) for imAdmin; sent ${form}.`;
      const out = redact(text, [secret]);
      expect(out.includes(form), `${JSON.stringify(secret)} as ${JSON.stringify(form)} in ${JSON.stringify(out)}`).toBe(false);
      expect(out.includes(secret)).toBe(false);
      expect(out).toContain('‹redacted›');
      expect(out).toMatch(/^errDlt: wrong secret \(.*\) for imAdmin; sent .*\.$/s);
    }
  });

  it.each([
    ['base64', (b: Buffer) => b.toString('base64')],
    ['base64url', (b: Buffer) => b.toString('base64url')],
  ])('%s, alone and at every offset inside a longer encoded text (a Basic header, a dumped body)', (_, encode) => {
    for (const secret of SAMPLE) {
      const bytes = Buffer.from(secret, 'utf8');
      expect(redact(`got ${encode(bytes)} back`, [secret])).not.toContain(encode(bytes).replace(/=+$/, ''));
      for (const lead of ['', 'x', 'xy', `{"userID":"imAdmin","secret":"`]) {
        const message = Buffer.concat([Buffer.from(lead), bytes, Buffer.from('","platform":10}')]);
        const out = redact(`body=${encode(message)};`, [secret]);
        // The characters whose bits all come from the secret's bytes, but one group at each end.
        const start = Math.ceil((8 * lead.length) / 6) + 4;
        const end = Math.floor((8 * (lead.length + bytes.length)) / 6) - 4;
        if (end - start < 8) continue;
        expect(out, `${JSON.stringify(secret)} after ${JSON.stringify(lead)}`).not.toContain(encode(message).slice(start, end));
      }
    }
  });

  it('a secret with a quote, echoed by a server JSON-escaped in errDlt, as seen in issue 33', () => {
    const secret = 'quo"te\\back-7f3a';
    const errDlt = `invalid request ${JSON.stringify(JSON.stringify({ secret, userID: 'imAdmin' }))}`;
    expect(errDlt).toContain('quo\\\\\\"te');
    const out = redact(errDlt, [secret]);
    expect(out).not.toMatch(/quo|7f3a/);
    expect(out).toContain('imAdmin');
  });

  it('leaves text that holds no form of it alone, and a secret shorter than 4 characters is not looked for', () => {
    const text = 'errMsg: ArgsError, errDlt: userID imAdmin not found (page 1)';
    for (const secret of SAMPLE) if (!text.includes(secret)) expect(redact(text, [secret])).toBe(text);
    expect(redact('a b c', ['a b'])).toBe('a b c');
  });
});
