// Where a JSON text stops being JSON. JSON.parse's messages quote the text around the error
// (`Unexpected token 'r', "root:$6$xy"... is not valid JSON`), which must not be printed for a
// file that is not ours; this finds the offset instead, so that an error can say "line 3,
// column 7". Iterative, so that 100,000 nested brackets cannot overflow the stack.

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const LITERALS = ['true', 'false', 'null'];

/** Where the string starting at `at` (on its quote) ends (just after its closing quote), or the error's offset as -offset - 1. */
function scanString(text: string, at: number): number {
  let i = at + 1;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x22) return i + 1; // "
    if (c < 0x20) return -i - 1; // a raw control character
    if (c === 0x5c) {
      const e = text[i + 1];
      if (e === 'u') {
        if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return -(i + 1) - 1;
        i += 6;
        continue;
      }
      if (e === undefined || !'"\\/bfnrt'.includes(e)) return -(i + 1) - 1;
      i += 2;
      continue;
    }
    i++;
  }
  return -text.length - 1;
}

type Expect = 'value' | 'firstValue' | 'key' | 'firstKey' | 'colon' | 'after';

/** The offset of the first syntax error in `text`, or undefined when it is valid JSON. */
export function jsonErrorAt(text: string): number | undefined {
  const open: string[] = [];
  let expect: Expect = 'value';
  let i = 0;
  for (;;) {
    while (i < text.length && WHITESPACE.has(text[i]!)) i++;
    const c = text[i];
    if (expect === 'after') {
      const top = open.at(-1);
      if (top === undefined) return c === undefined ? undefined : i;
      if (c === ',') {
        expect = top === '{' ? 'key' : 'value';
      } else if ((c === '}' && top === '{') || (c === ']' && top === '[')) {
        open.pop();
      } else {
        return i;
      }
      i++;
      continue;
    }
    if (c === undefined) return i;
    if ((expect === 'firstKey' && c === '}') || (expect === 'firstValue' && c === ']')) {
      open.pop();
      i++;
      expect = 'after';
      continue;
    }
    if (expect === 'key' || expect === 'firstKey') {
      if (c !== '"') return i;
      const end = scanString(text, i);
      if (end < 0) return -end - 1;
      i = end;
      expect = 'colon';
      continue;
    }
    if (expect === 'colon') {
      if (c !== ':') return i;
      i++;
      expect = 'value';
      continue;
    }
    // A value.
    if (c === '{' || c === '[') {
      open.push(c);
      i++;
      expect = c === '{' ? 'firstKey' : 'firstValue';
      continue;
    }
    if (c === '"') {
      const end = scanString(text, i);
      if (end < 0) return -end - 1;
      i = end;
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      NUMBER.lastIndex = i;
      const m = NUMBER.exec(text);
      if (!m || m[0] === '-') return i + (m?.[0].length ?? 0);
      i += m[0].length;
    } else {
      const literal = LITERALS.find((word) => text.startsWith(word, i));
      if (literal === undefined) return i;
      i += literal.length;
    }
    expect = 'after';
  }
}

/** 1-based line and column (in characters) of an offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}
