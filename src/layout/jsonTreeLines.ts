// A JSON tree as plain lines of styled segments, so the detail pane can scroll by slicing
// (offset/maxLines) and tests can read them without a terminal. Pure: no React.
import type { JsonNode } from '../content/types.js';
import { sanitize } from '../terminal/sanitize.js';
import { displayText } from '../terminal/settle.js';
import { displayWidth, truncate, wrap, wrapFrom } from '../terminal/width.js';
import { glyphs } from '../terminal/glyphs.js';
import { codePointHead, VALUE_HEAD_CHARS, VALUE_MAX_LINES, valueCutNote } from '../domain/valueLines.js';

export interface TreeSegment {
  text: string;
  color?: string;
  dim?: boolean;
}
export type TreeLine = TreeSegment[];

export interface TreeOptions {
  /** Off for NO_COLOR: the text alone (quotes, brackets, markers) must still tell types apart. */
  color: boolean;
  /** Split emoji ZWJ sequences before laying out, as text drawn on a terminal must be (settle.ts). */
  settled?: boolean;
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

/**
 * Shown before a document that was decoded out of a string (`⟨json⟩`, `<json>` in ASCII); text,
 * so it survives NO_COLOR.
 */
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

function scalarText(node: Scalar, clean: (s: string) => string): { text: string; style: Style; cutFrom?: number } {
  switch (node.kind) {
    case 'string': {
      const { text, cutFrom } = headOf(node.value, clean);
      return { text: `"${text}${cutFrom === undefined ? '"' : glyphs().ellipsis}`, style: STYLES.string, ...(cutFrom === undefined ? {} : { cutFrom }) };
    }
    case 'number':
      return { text: clean(String(node.value)), style: STYLES.number };
    case 'boolean':
      return { text: String(node.value), style: STYLES.boolean };
    case 'null':
      return { text: 'null', style: STYLES.null };
    case 'elided':
      return { text: `${glyphs().open}${clean(node.reason)}${glyphs().close}`, style: STYLES.elided };
  }
}

/** A string's laid-out head: only the first VALUE_HEAD_CHARS are sanitised and shown. */
function headOf(value: string, clean: (s: string) => string): { text: string; cutFrom?: number } {
  if (value.length <= VALUE_HEAD_CHARS) return { text: clean(value) };
  return { text: clean(codePointHead(value, VALUE_HEAD_CHARS)), cutFrom: value.length };
}

class TreeWriter {
  private readonly width: number;
  private readonly clean: (s: string) => string;

  constructor(
    width: number,
    private readonly color: boolean,
    settled: boolean,
  ) {
    this.width = Math.max(MIN_TREE_WIDTH, Math.floor(width));
    this.clean = settled ? (s) => displayText(s) : (s) => sanitize(s);
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
      // A key is cut to its room anyway: sanitising all of a 256 KB key would be wasted.
      const shown = truncate(this.clean(key.length > room * 8 + 64 ? codePointHead(key, room * 8 + 64) : key), room);
      segments.push(this.seg(shown, STYLES.key), this.seg(': ', STYLES.punctuation));
      width += displayWidth(shown) + 2;
    }
    if (embedded) {
      segments.push(this.seg(marker, STYLES.marker));
      width += markerWidth;
    }
    return { segments, width };
  }

  /**
   * Writes `text` after `head`, wrapping onto lines indented under the entry when too wide. Lazy:
   * a long value is wrapped only as far as the lines taken, and at most VALUE_MAX_LINES of it.
   */
  private *flow(depth: number, head: { segments: TreeSegment[]; width: number }, text: string, style: Style, cutFrom?: number): Generator<TreeLine> {
    const room = this.width - head.width;
    const first = wrapFrom(text, Math.max(1, room), 0, 1);
    if (first.next === -1) {
      yield [...head.segments, this.seg(first.lines[0] ?? '', style)];
      if (cutFrom !== undefined) yield* this.cutNote(depth, cutFrom);
      return;
    }
    let offset = 0;
    if (room >= MIN_FIRST_CHUNK) {
      yield [...head.segments, this.seg(first.lines[0] ?? '', style)];
      offset = first.next;
    } else if (head.segments.length > 0) {
      yield head.segments;
    }
    const contIndent = Math.min(this.indent(depth) + 2, this.width - 2);
    let lines = 1;
    while (offset !== -1) {
      const step = wrapFrom(text, this.width - contIndent, offset, 32);
      for (const chunk of step.lines) {
        if (chunk === '') continue;
        if (lines >= VALUE_MAX_LINES) {
          yield* this.cutNote(depth, cutFrom ?? text.length);
          return;
        }
        yield [{ text: ' '.repeat(contIndent) }, this.seg(chunk, style)];
        lines++;
      }
      offset = step.next;
    }
    if (cutFrom !== undefined) yield* this.cutNote(depth, cutFrom);
  }

  private *cutNote(depth: number, length: number): Generator<TreeLine> {
    const contIndent = Math.min(this.indent(depth) + 2, this.width - 2);
    for (const chunk of wrap(valueCutNote(length), this.width - contIndent)) {
      yield [{ text: ' '.repeat(contIndent) }, this.seg(chunk, STYLES.note)];
    }
  }

  *node(node: JsonNode, depth: number, key?: string, embedded = false): Generator<TreeLine> {
    if (depth > MAX_RENDER_DEPTH) {
      yield* this.flow(depth, this.head(depth, key, false), `${glyphs().open}too deep to show${glyphs().close}`, STYLES.elided);
      return;
    }
    if (node.kind === 'embedded') {
      yield* this.node(node.value, depth, key, true);
      return;
    }
    const head = this.head(depth, key, embedded);
    if (node.kind !== 'object' && node.kind !== 'array') {
      const { text, style, cutFrom } = scalarText(node, this.clean);
      yield* this.flow(depth, head, text, style, cutFrom);
      return;
    }
    yield* this.container(node, depth, head);
  }

  private *container(node: Extract<JsonNode, { kind: 'object' | 'array' }>, depth: number, head: { segments: TreeSegment[]; width: number }): Generator<TreeLine> {
    const [open, close] = node.kind === 'object' ? ['{', '}'] : ['[', ']'];
    const count = node.kind === 'object' ? node.entries.length : node.items.length;
    if (count === 0 && !node.truncated) {
      yield* this.flow(depth, head, `${open}${close}`, STYLES.punctuation);
      return;
    }
    yield* this.flow(depth, head, open, STYLES.punctuation);
    if (node.kind === 'object') for (const entry of node.entries) yield* this.node(entry.value, depth + 1, entry.key);
    else for (const item of node.items) yield* this.node(item, depth + 1);
    if (node.truncated) {
      const what = node.kind === 'object' ? 'entries' : 'items';
      yield* this.flow(depth + 1, this.head(depth + 1, undefined, false), `${glyphs().ellipsis} ${node.truncated} more ${what} not shown`, STYLES.note);
    }
    yield* this.flow(depth, this.head(depth, undefined, false), close, STYLES.punctuation);
  }
}

/**
 * The lines of the tree one by one, each at most `width` cells wide (for width >= MIN_TREE_WIDTH):
 * take only what is shown, the rest is never laid out.
 */
export function* treeLines(node: JsonNode, width: number, options: TreeOptions): Generator<TreeLine> {
  yield* new TreeWriter(width, options.color, options.settled === true).node(node, 0);
}

/** The plain text of a line, for tests and copying. */
export function treeLineText(line: TreeLine): string {
  return line.map((segment) => segment.text).join('');
}
