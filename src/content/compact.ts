// A one-line rendering of any JsonNode, for summaries of content we have no words for.
// Bounded: it stops writing once the line is long enough, whatever the size of the tree.
import type { JsonNode } from './types.js';
import { MAX_SUMMARY_CELLS, oneLine } from './text.js';

// The tree is already depth-capped by the parser; this guards hand-built trees.
const MAX_DEPTH = 64;

class LineWriter {
  private parts: string[] = [];
  private length = 0;

  constructor(private readonly limit: number) {}

  get full(): boolean {
    return this.length > this.limit;
  }

  write(s: string): void {
    if (this.full) return;
    this.parts.push(s);
    this.length += s.length;
  }

  toString(): string {
    return this.parts.join('');
  }
}

function writeNode(node: JsonNode, w: LineWriter, depth: number): void {
  if (w.full) return;
  if (depth > MAX_DEPTH) return w.write('…');
  switch (node.kind) {
    case 'string':
      return w.write(`"${oneLine(node.value, 80)}"`);
    case 'number':
    case 'boolean':
      return w.write(String(node.value));
    case 'null':
      return w.write('null');
    case 'elided':
      return w.write('…');
    case 'embedded':
      return writeNode(node.value, w, depth);
    case 'array': {
      w.write('[');
      node.items.forEach((item, i) => {
        if (i > 0) w.write(', ');
        writeNode(item, w, depth + 1);
      });
      if (node.truncated) w.write(node.items.length > 0 ? ', …' : '…');
      return w.write(']');
    }
    case 'object': {
      w.write('{');
      node.entries.forEach((entry, i) => {
        if (i > 0) w.write(', ');
        w.write(`${oneLine(entry.key, 40)}: `);
        writeNode(entry.value, w, depth + 1);
      });
      if (node.truncated) w.write(node.entries.length > 0 ? ', …' : '…');
      return w.write('}');
    }
  }
}

/** e.g. `{key: "x", data: [1, 2]}`, sanitised and at most `cells` cells. */
export function compactJson(node: JsonNode, cells = MAX_SUMMARY_CELLS): string {
  const w = new LineWriter(cells);
  writeNode(node, w, 0);
  return oneLine(w.toString(), cells);
}
