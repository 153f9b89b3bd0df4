// A strict JSON parser that keeps number literals verbatim and fails with Go's scanner messages.
// JSON.parse cannot do either: Go rejects `1.0` or `1e3` for an int32 field (it needs the
// literal), and the real server's ArgsError text quotes Go's wording.

export type GoJsonValue =
  | { t: 'null' }
  | { t: 'bool'; v: boolean }
  | { t: 'number'; raw: string }
  | { t: 'string'; v: string }
  | { t: 'array'; items: GoJsonValue[] }
  | { t: 'object'; entries: Array<[string, GoJsonValue]> };

export class GoJsonSyntaxError extends Error {}

const END = 'unexpected end of JSON input';

/** How Go's scanner names an offending byte: 'x', '\n', '\'' or '\xe4' for non-ASCII. */
function quoteChar(c: string): string {
  if (c === "'") return "'\\''";
  if (c === '"') return "'\"'";
  const code = c.codePointAt(0) ?? 0;
  if (code >= 0x80) {
    const firstByte = Buffer.from(c, 'utf8')[0] ?? 0;
    return `'\\x${firstByte.toString(16)}'`;
  }
  if (code < 0x20 || code === 0x7f) {
    const short: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f', '\v': '\\v', '\u0007': '\\a' };
    return `'${short[c] ?? `\\x${code.toString(16).padStart(2, '0')}`}'`;
  }
  return `'${c}'`;
}

class GoJsonParser {
  private i = 0;
  constructor(private readonly s: string) {}

  parseDocument(): GoJsonValue {
    const value = this.value('looking for beginning of value');
    this.ws();
    if (this.i < this.s.length) this.fail('after top-level value');
    return value;
  }

  private fail(context: string): never {
    const c = this.s[this.i];
    if (c === undefined) throw new GoJsonSyntaxError(END);
    const cp = String.fromCodePoint(this.s.codePointAt(this.i) ?? 0);
    throw new GoJsonSyntaxError(`invalid character ${quoteChar(cp)} ${context}`);
  }

  private ws(): void {
    while (this.i < this.s.length && ' \t\n\r'.includes(this.s[this.i] ?? '')) this.i++;
  }

  private value(context: string): GoJsonValue {
    this.ws();
    const c = this.s[this.i];
    if (c === '{') return this.object();
    if (c === '[') return this.array();
    if (c === '"') return { t: 'string', v: this.string() };
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return { t: 'number', raw: this.number() };
    if (c === 't') return this.literal('true', { t: 'bool', v: true });
    if (c === 'f') return this.literal('false', { t: 'bool', v: false });
    if (c === 'n') return this.literal('null', { t: 'null' });
    return this.fail(context);
  }

  private literal(word: string, node: GoJsonValue): GoJsonValue {
    for (let k = 0; k < word.length; k++, this.i++) {
      if (this.s[this.i] !== word[k]) this.fail(`in literal ${word} (expecting '${word[k]}')`);
    }
    return node;
  }

  private object(): GoJsonValue {
    this.i++;
    const entries: Array<[string, GoJsonValue]> = [];
    this.ws();
    if (this.s[this.i] === '}') {
      this.i++;
      return { t: 'object', entries };
    }
    for (;;) {
      this.ws();
      if (this.s[this.i] !== '"') this.fail('looking for beginning of object key string');
      const key = this.string();
      this.ws();
      if (this.s[this.i] !== ':') this.fail('after object key');
      this.i++;
      entries.push([key, this.value('looking for beginning of value')]);
      this.ws();
      const c = this.s[this.i];
      this.i++;
      if (c === '}') return { t: 'object', entries };
      if (c !== ',') {
        this.i--;
        this.fail('after object key:value pair');
      }
    }
  }

  private array(): GoJsonValue {
    this.i++;
    const items: GoJsonValue[] = [];
    this.ws();
    if (this.s[this.i] === ']') {
      this.i++;
      return { t: 'array', items };
    }
    for (;;) {
      items.push(this.value('looking for beginning of value'));
      this.ws();
      const c = this.s[this.i];
      this.i++;
      if (c === ']') return { t: 'array', items };
      if (c !== ',') {
        this.i--;
        this.fail('after array element');
      }
    }
  }

  private string(): string {
    const start = this.i;
    this.i++;
    for (;;) {
      const c = this.s[this.i];
      if (c === undefined) this.fail('in string literal');
      if (c === '"') break;
      if (c < ' ') this.fail('in string literal');
      if (c === '\\') {
        this.i++;
        const e = this.s[this.i];
        if (e === 'u') {
          for (let k = 1; k <= 4; k++) {
            this.i++;
            if (!/[0-9a-fA-F]/.test(this.s[this.i] ?? '')) this.fail('in \\u hexadecimal character escape');
          }
        } else if (e === undefined || !'"\\/bfnrt'.includes(e)) {
          this.fail('in string escape code');
        }
      }
      this.i++;
    }
    this.i++;
    // The slice is now known to be a valid JSON string literal.
    return JSON.parse(this.s.slice(start, this.i)) as string;
  }

  private number(): string {
    const start = this.i;
    if (this.s[this.i] === '-') this.i++;
    if (this.s[this.i] === '0') this.i++;
    else if (!this.digits()) this.fail('in numeric literal');
    if (this.s[this.i] === '.') {
      this.i++;
      if (!this.digits()) this.fail('after decimal point in numeric literal');
    }
    if (this.s[this.i] === 'e' || this.s[this.i] === 'E') {
      this.i++;
      if (this.s[this.i] === '+' || this.s[this.i] === '-') this.i++;
      if (!this.digits()) this.fail('in exponent of numeric literal');
    }
    return this.s.slice(start, this.i);
  }

  private digits(): boolean {
    const start = this.i;
    while (this.i < this.s.length && (this.s[this.i] ?? '') >= '0' && (this.s[this.i] ?? '') <= '9') this.i++;
    return this.i > start;
  }
}

export function parseJson(text: string): GoJsonValue {
  return new GoJsonParser(text).parseDocument();
}
