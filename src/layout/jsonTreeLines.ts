// A JSON tree as plain lines of styled segments, so the detail pane can scroll by slicing
// (offset/maxLines) and tests can read them without a terminal. Pure: no React.
import type { JsonNode } from '../content/types.js';
import { sanitize } from '../terminal/sanitize.js';
import { displayWidth, truncate, wrap } from '../terminal/width.js';
import { glyphs } from '../terminal/glyphs.js';

export interface TreeSegment {
  text: string;
  color?: string;
  dim?: boolean;
}
export type TreeLine = TreeSegment[];

export interface TreeOptions {
  /** Off for NO_COLOR: the text alone (quotes, brackets, markers) must still tell types apart. */
  color: boolean;
}

type Style = Omit<TreeSegment, 'text'>;
const STYLES = {
  key: { color: 'cyan' },
  string: { color: 'green' },
  number: { color: 'yellow' },
  boolean: { color: 'magenta' },
  null: { color: 'gray' },
  punctuation: { dim: true },
  marker: { color: 'blue' },
  elided: { color: 'red', dim: true },
  note: { dim: true },
} satisfies Record<string, Style>;

/** Shown before a document that was decoded out of a string; text, so it survives NO_COLOR. */
export const EMBEDDED_MARKER = '⟨json⟩';
/** EMBEDDED_MARKER in the current glyph mode (`<json>` in ASCII). */
export function embeddedMarker(): string {
  return `${glyphs().open}json${glyphs().close}`;
}
/**
 * Narrower than this and nothing useful fits; lines are laid out for this width instead.
 * It is what guarantees room for indentation (at most half), a key, ': ' and the marker.
 */
export const MIN_TREE_WIDTH = 24;
/** A value starts on its key's line only if at least this many cells are left there. */
const MIN_FIRST_CHUNK = 8;
// The parser caps depth at 32; this guards trees built by hand.
const MAX_RENDER_DEPTH = 64;

type Scalar = Exclude<JsonNode, { kind: 'object' | 'array' | 'embedded' }>;

function scalarText(node: Scalar): { text: string; style: Style } {
  switch (node.kind) {
    case 'string':
      return { text: `"${sanitize(node.value)}"`, style: STYLES.string };
    case 'number':
      return { text: sanitize(String(node.value)), style: STYLES.number };
    case 'boolean':
      return { text: String(node.value), style: STYLES.boolean };
    case 'null':
      return { text: 'null', style: STYLES.null };
    case 'elided':
      return { text: `${glyphs().open}${sanitize(node.reason)}${glyphs().close}`, style: STYLES.elided };
  }
}

class TreeWriter {
  readonly lines: TreeLine[] = [];
  private readonly width: number;

  constructor(
    width: number,
    private readonly color: boolean,
  ) {
    this.width = Math.max(MIN_TREE_WIDTH, Math.floor(width));
  }

  private seg(text: string, style: Style): TreeSegment {
    return this.color ? { text, ...style } : { text };
  }

  /** Indentation stops growing at half the width so deep values keep room to be read. */
  private indent(depth: number): number {
    return Math.min(depth * 2, Math.floor(this.width / 2));
  }

  /** The segments that start an entry: indentation, then the key (cut to leave room for a value). */
  private head(depth: number, key: string | undefined, embedded: boolean): { segments: TreeSegment[]; width: number } {
    const indent = this.indent(depth);
    const segments: TreeSegment[] = indent > 0 ? [{ text: ' '.repeat(indent) }] : [];
    let width = indent;
    const marker = `${embeddedMarker()} `;
    const markerWidth = embedded ? displayWidth(marker) : 0;
    if (key !== undefined) {
      const room = Math.max(1, this.width - indent - 2 - markerWidth - MIN_FIRST_CHUNK);
      const shown = truncate(sanitize(key), room);
      segments.push(this.seg(shown, STYLES.key), this.seg(': ', STYLES.punctuation));
      width += displayWidth(shown) + 2;
    }
    if (embedded) {
      segments.push(this.seg(marker, STYLES.marker));
      width += markerWidth;
    }
    return { segments, width };
  }

  /** Writes `text` after `head`, wrapping onto lines indented under the entry when too wide. */
  private flow(depth: number, head: { segments: TreeSegment[]; width: number }, text: string, style: Style): void {
    const room = this.width - head.width;
    if (displayWidth(text) <= room) {
      this.lines.push([...head.segments, this.seg(text, style)]);
      return;
    }
    let rest = text;
    if (room >= MIN_FIRST_CHUNK) {
      const first = wrap(text, room)[0] ?? '';
      this.lines.push([...head.segments, this.seg(first, style)]);
      rest = text.slice(first.length);
    } else if (head.segments.length > 0) {
      this.lines.push(head.segments);
    }
    const contIndent = Math.min(this.indent(depth) + 2, this.width - 2);
    for (const chunk of wrap(rest, this.width - contIndent)) {
      if (chunk === '') continue;
      this.lines.push([{ text: ' '.repeat(contIndent) }, this.seg(chunk, style)]);
    }
  }

  node(node: JsonNode, depth: number, key?: string, embedded = false): void {
    if (depth > MAX_RENDER_DEPTH) {
      this.flow(depth, this.head(depth, key, false), `${glyphs().open}too deep to show${glyphs().close}`, STYLES.elided);
      return;
    }
    if (node.kind === 'embedded') {
      this.node(node.value, depth, key, true);
      return;
    }
    const head = this.head(depth, key, embedded);
    if (node.kind !== 'object' && node.kind !== 'array') {
      const { text, style } = scalarText(node);
      this.flow(depth, head, text, style);
      return;
    }
    this.container(node, depth, head);
  }

  private container(node: Extract<JsonNode, { kind: 'object' | 'array' }>, depth: number, head: { segments: TreeSegment[]; width: number }): void {
    const [open, close] = node.kind === 'object' ? ['{', '}'] : ['[', ']'];
    const count = node.kind === 'object' ? node.entries.length : node.items.length;
    if (count === 0 && !node.truncated) {
      this.flow(depth, head, `${open}${close}`, STYLES.punctuation);
      return;
    }
    this.flow(depth, head, open, STYLES.punctuation);
    if (node.kind === 'object') for (const entry of node.entries) this.node(entry.value, depth + 1, entry.key);
    else for (const item of node.items) this.node(item, depth + 1);
    if (node.truncated) {
      const what = node.kind === 'object' ? 'entries' : 'items';
      this.flow(depth + 1, this.head(depth + 1, undefined, false), `${glyphs().ellipsis} ${node.truncated} more ${what} not shown`, STYLES.note);
    }
    this.flow(depth, this.head(depth, undefined, false), close, STYLES.punctuation);
  }
}

/** Every line of the tree, each at most `width` cells wide (for width >= MIN_TREE_WIDTH). */
export function jsonTreeLines(node: JsonNode, width: number, options: TreeOptions): TreeLine[] {
  const writer = new TreeWriter(width, options.color);
  writer.node(node, 0);
  return writer.lines;
}

/** The plain text of a line, for tests and copying. */
export function treeLineText(line: TreeLine): string {
  return line.map((segment) => segment.text).join('');
}

