import { describe, expect, it } from 'vitest';
import { newParseContext, parseJsonText } from '../../src/content/parse.js';
import type { JsonNode } from '../../src/content/types.js';

/** Back to plain JS, to compare with JSON.parse. Embedded documents stay as their string. */
function toPlain(node: JsonNode): unknown {
  switch (node.kind) {
    case 'object':
      return Object.fromEntries(node.entries.map((e) => [e.key, toPlain(e.value)]));
    case 'array':
      return node.items.map(toPlain);
    case 'embedded':
      return node.raw;
    case 'null':
      return null;
    case 'elided':
      return `<${node.reason}>`;
    default:
      return node.value;
  }
}

function parse(text: string, limits?: Parameters<typeof newParseContext>[0]) {
  const ctx = newParseContext(limits);
  return { result: parseJsonText(text, ctx), ctx };
}

function ok(text: string): JsonNode {
  const { result } = parse(text);
  if (!result.ok) throw new Error(`expected ${text} to parse: ${result.error}`);
  return result.node;
}

describe('parseJsonText on valid JSON', () => {
  it.each([
    '0',
    '-1.5e3',
    '"plain"',
    'true',
    'null',
    '[]',
    '{}',
    ' { "a" : [ 1 , 2.25 , -0 , "x" , false , null ] , "b" : { } } ',
    '{"esc":"quote \\" backslash \\\\ slash \\/ \\b\\f\\n\\r\\t \\u00e9 \\ud83d\\ude00"}',
    '{"cjk":"你好","emoji":"👨‍👩‍👧"}',
    '[[[[["deep"]]]]]',
  ])('agrees with JSON.parse on %s', (text) => {
    expect(toPlain(ok(text))).toEqual(JSON.parse(text));
  });

  it('keeps integers a double cannot hold as their digits', () => {
    const node = ok('{"seq":12345678901234567890,"small":9007199254740991,"neg":-9007199254740993,"huge":1e400,"frac":0.1}');
    expect(toPlain(node)).toEqual({ seq: '12345678901234567890', small: 9007199254740991, neg: '-9007199254740993', huge: '1e400', frac: 0.1 });
  });

  it('decodes strings holding JSON objects or arrays in place, recursively', () => {
    const inner = JSON.stringify({ x: JSON.stringify([1, 2]) });
    const node = ok(JSON.stringify({ detail: inner, notJson: '{oops', number: '42', spaced: '  [true]' }));
    expect(node).toEqual({
      kind: 'object',
      entries: [
        {
          key: 'detail',
          value: {
            kind: 'embedded',
            raw: inner,
            value: {
              kind: 'object',
              entries: [{ key: 'x', value: { kind: 'embedded', raw: '[1,2]', value: { kind: 'array', items: [{ kind: 'number', value: 1 }, { kind: 'number', value: 2 }] } } }],
            },
          },
        },
        { key: 'notJson', value: { kind: 'string', value: '{oops' } },
        { key: 'number', value: { kind: 'string', value: '42' } },
        { key: 'spaced', value: { kind: 'embedded', raw: '  [true]', value: { kind: 'array', items: [{ kind: 'boolean', value: true }] } } },
      ],
    });
  });

  it('keeps duplicate keys in order and allows __proto__ as a key', () => {
    const node = ok('{"__proto__":{"polluted":true},"a":1,"a":2}');
    expect(node.kind === 'object' && node.entries.map((e) => e.key)).toEqual(['__proto__', 'a', 'a']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('parseJsonText on invalid JSON', () => {
  it.each([
    ['', /end of input/],
    ['{', /expected a key|end of input/],
    ['[1,]', /unexpected character/],
    ['{"a" 1}', /expected ':'/],
    ['{"a":1,}', /expected a key/],
    ['01', /unexpected data/],
    ['"unterminated', /unterminated string/],
    ['"tab\there"', /control character/],
    ['"bad \\x escape"', /invalid string/],
    ['{} x', /unexpected data/],
    ['-', /unexpected character/],
    ['tru', /unexpected character/],
    ['[1 2]', /expected ','/],
    ["{'a':1}", /expected a key/],
    ['NaN', /unexpected character/],
  ])('rejects %j', (text, message) => {
    const { result } = parse(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });

  it('leaves the context untouched when a document fails late', () => {
    const { result, ctx } = parse(`[${'[1],'.repeat(600)}[1] oops]`);
    expect(result.ok).toBe(false);
    expect(ctx.nodes).toBe(0);
    expect(ctx.stats.entriesLeftOut).toBe(0);
  });
});

describe('parseJsonText limits', () => {
  it('elides containers deeper than the cap without recursion, for 100,000 levels', () => {
    const depth = 100_000;
    const { result, ctx } = parse('['.repeat(depth) + ']'.repeat(depth));
    expect(result.ok).toBe(true);
    expect(ctx.stats.depthElided).toBe(1);
    let node = result.ok ? result.node : undefined;
    let levels = 0;
    while (node?.kind === 'array') {
      levels += 1;
      node = node.items[0];
    }
    expect(levels).toBe(32);
    expect(node).toEqual({ kind: 'elided', reason: 'nesting deeper than 32 levels' });
  });

  it('still validates what it elides', () => {
    expect(parse('['.repeat(50) + '1,,' + ']'.repeat(50)).result.ok).toBe(false);
  });

  it('counts depth through embedded documents', () => {
    const { result, ctx } = parse(JSON.stringify({ a: JSON.stringify({ b: { c: 1 } }) }), { maxDepth: 2, maxEntries: 500, maxNodes: 1000 });
    expect(result.ok).toBe(true);
    expect(ctx.stats.depthElided).toBe(1);
    expect(JSON.stringify(result.ok && result.node)).toContain('"kind":"elided"');
  });

  it('cuts long arrays and objects and counts what it left out', () => {
    const { result, ctx } = parse(JSON.stringify({ list: Array.from({ length: 1200 }, (_, i) => i) }));
    const list = result.ok && result.node.kind === 'object' ? result.node.entries[0]?.value : undefined;
    expect(list?.kind === 'array' && list.items.length).toBe(500);
    expect(list?.kind === 'array' && list.truncated).toBe(700);
    expect(ctx.stats).toMatchObject({ entriesLeftOut: 700, containersCut: 1, nodeBudgetHit: false });
  });

  it('stops building at the node budget', () => {
    const { result, ctx } = parse(JSON.stringify(Array.from({ length: 100 }, () => [1, 2, 3])), { maxDepth: 32, maxEntries: 500, maxNodes: 20 });
    expect(result.ok).toBe(true);
    expect(ctx.stats.nodeBudgetHit).toBe(true);
    expect(ctx.nodes).toBeLessThanOrEqual(21);
    expect(ctx.stats.entriesLeftOut).toBeGreaterThan(0);
  });
});
