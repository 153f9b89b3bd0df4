import React from 'react';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { JsonTree } from '../../src/components/JsonTree.js';
import { EMBEDDED_MARKER, jsonTreeLines, treeLineText, type TreeLine } from '../../src/layout/jsonTreeLines.js';
import { decodeContent } from '../../src/content/decode.js';
import { newParseContext, parseJsonText } from '../../src/content/parse.js';
import type { JsonNode } from '../../src/content/types.js';
import { displayWidth } from '../../src/terminal/width.js';

function tree(text: string): JsonNode {
  const result = parseJsonText(text, newParseContext());
  if (!result.ok) throw new Error(result.error);
  return result.node;
}

const texts = (lines: TreeLine[]): string[] => lines.map(treeLineText);

describe('jsonTreeLines without colour', () => {
  const node = tree(JSON.stringify({ a: 'x', n: 1, b: true, z: null, e: '[1]', o: {}, l: [] }));

  it('stays readable from the text alone', () => {
    expect(texts(jsonTreeLines(node, 40, { color: false }))).toEqual([
      '{',
      '  a: "x"',
      '  n: 1',
      '  b: true',
      '  z: null',
      `  e: ${EMBEDDED_MARKER} [`,
      '    1',
      '  ]',
      '  o: {}',
      '  l: []',
      '}',
    ]);
  });

  it('carries no colour or dim attributes at all', () => {
    for (const line of jsonTreeLines(node, 40, { color: false })) {
      for (const segment of line) expect(segment).toEqual({ text: segment.text });
    }
  });

  it('tells a numeric string from a number and marks an embedded scalar document', () => {
    const lines = texts(jsonTreeLines(tree('{"s":"42","n":42,"d":"{\\"k\\":\\"v\\"}"}'), 40, { color: false }));
    expect(lines).toContain('  s: "42"');
    expect(lines).toContain('  n: 42');
    expect(lines).toContain(`  d: ${EMBEDDED_MARKER} {`);
    expect(lines).toContain('    k: "v"');
  });

  it('shows what the caps left out', () => {
    const node: JsonNode = { kind: 'array', items: [{ kind: 'elided', reason: 'nesting deeper than 32 levels' }], truncated: 7 };
    expect(texts(jsonTreeLines(node, 50, { color: false }))).toEqual(['[', '  ⟨nesting deeper than 32 levels⟩', '  … 7 more items not shown', ']']);
  });
});

describe('jsonTreeLines with colour', () => {
  it('gives keys and each value type a distinct colour', () => {
    const lines = jsonTreeLines(tree('{"s":"x","n":1,"b":false,"z":null,"e":"[2]"}'), 40, { color: true });
    const colourOf = (text: string): string | undefined => lines.flat().find((s) => s.text === text)?.color;
    const colours = [colourOf('s'), colourOf('"x"'), colourOf('1'), colourOf('false'), colourOf('null'), colourOf(`${EMBEDDED_MARKER} `)];
    expect(colours.every((c) => typeof c === 'string')).toBe(true);
    expect(new Set(colours).size).toBe(colours.length);
  });
});

describe('jsonTreeLines wrapping', () => {
  const samples = [
    '很长的中文字符串，用来测试换行是否按显示宽度计算。'.repeat(4),
    '👨‍👩‍👧‍👦 family, 🇯🇵 flag, e\u0301 accent, ｆｕｌｌｗｉｄｔｈ '.repeat(5),
    'ascii '.repeat(40),
    '한국어와 日本語 mixed with ascii words and emoji 🎉🎉🎉 '.repeat(3),
  ];

  it.each([24, 25, 31, 40, 80])('keeps every line within %i cells and loses no text', (width) => {
    for (const s of samples) {
      const node: JsonNode = { kind: 'object', entries: [{ key: '键名', value: { kind: 'array', items: [{ kind: 'string', value: s }] } }] };
      const lines = jsonTreeLines(node, width, { color: true });
      for (const line of lines) expect(displayWidth(treeLineText(line)), treeLineText(line)).toBeLessThanOrEqual(width);
      const valueText = lines
        .flat()
        .filter((seg) => seg.color === 'green')
        .map((seg) => seg.text)
        .join('');
      expect(valueText).toBe(`"${s}"`);
    }
  });

  it('keeps long CJK keys, embedded markers and deep nesting within the width', () => {
    const deep = '{"键":'.repeat(40) + JSON.stringify({ ['非常长的键名'.repeat(10)]: JSON.stringify({ inner: '内容'.repeat(50) }) }) + '}'.repeat(40);
    const d = decodeContent(1234, deep);
    expect(d.tree).not.toBeNull();
    for (const width of [24, 33, 60]) {
      for (const line of jsonTreeLines(d.tree as JsonNode, width, { color: false })) {
        expect(displayWidth(treeLineText(line)), treeLineText(line)).toBeLessThanOrEqual(width);
      }
    }
  });

  it('wraps long numbers kept as digits too', () => {
    const node: JsonNode = { kind: 'number', value: '9'.repeat(100) };
    const lines = texts(jsonTreeLines(node, 30, { color: false }));
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.join('').replace(/ /g, '')).toBe('9'.repeat(100));
  });
});

describe('untrusted strings', () => {
  const evil = 'a\u001b[2J\u001b]0;owned\u0007b\u009b31mc\u202ed\u0000e\nf';
  const node: JsonNode = { kind: 'object', entries: [{ key: evil, value: { kind: 'string', value: evil } }, { key: 'r', value: { kind: 'elided', reason: evil } }] };

  it('never puts escape, control or bidi characters in a line', () => {
    for (const color of [true, false]) {
      for (const line of jsonTreeLines(node, 40, { color })) {
        expect(treeLineText(line)).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e]/);
        expect(treeLineText(line)).not.toContain('owned');
      }
    }
  });

  it('renders no escape sequence from the data through Ink', () => {
    const { lastFrame, unmount } = render(<JsonTree node={node} width={60} color={false} />);
    const frame = lastFrame() ?? '';
    expect(frame).toContain('⏎');
    expect(frame).not.toContain('\u001b');
    expect(frame).not.toContain('owned');
    unmount();
  });
});

describe('<JsonTree>', () => {
  const node = tree(JSON.stringify({ one: 1, two: 2, three: 3, four: 4 }));

  it('renders the lines of jsonTreeLines', () => {
    const { lastFrame, unmount } = render(<JsonTree node={node} width={40} color={false} />);
    expect((lastFrame() ?? '').split('\n')).toEqual(texts(jsonTreeLines(node, 40, { color: false })));
    unmount();
  });

  it('shows the window given by offset and maxLines', () => {
    const { lastFrame, unmount } = render(<JsonTree node={node} width={40} color={false} offset={2} maxLines={2} />);
    expect((lastFrame() ?? '').split('\n')).toEqual(['  two: 2', '  three: 3']);
    unmount();
  });

  it('shows nothing past the end', () => {
    const { lastFrame, unmount } = render(<JsonTree node={node} width={40} color={false} offset={50} maxLines={5} />);
    expect(lastFrame()).toBe('');
    unmount();
  });
});
