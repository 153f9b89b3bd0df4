// The detail pane's content as blocks (a title, a heading, a field, a JSON tree) that lay
// themselves out only as far as the pane looks: opening the pane or moving onto a row with a
// 4 MB value costs a screenful, and scrolling costs the lines scrolled. A block keeps what it laid
// out (at most VALUE_MAX_LINES a value), so scrolling back and forth does not redo it.
import type { TreeLine } from './jsonTreeLines.js';
import { VALUE_MAX_LINES, valueCutNote, type PreparedValue } from '../domain/valueLines.js';
import { wrap, wrapFrom } from '../terminal/width.js';

export type PaneLine =
  | { kind: 'title'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'field'; label: string; text: string }
  | { kind: 'note'; text: string }
  | { kind: 'tree'; line: TreeLine };

export interface Block {
  /** The block's lines from its first: at least `limit` of them when it has that many. */
  layout(limit: number): { lines: readonly PaneLine[]; complete: boolean };
}

/** Lines known up front (a title, a heading). */
export function fixedBlock(lines: PaneLine[]): Block {
  return { layout: () => ({ lines, complete: true }) };
}

/**
 * A value wrapped at `width`, resumed where the last call stopped; prepared (sanitised) only when
 * first shown. `line` makes the pane line of the n-th wrapped line (the label goes on the first).
 */
export function valueBlock(prepare: () => PreparedValue, width: number, noteWidth: number, line: (text: string, index: number) => PaneLine): Block {
  const lines: PaneLine[] = [];
  let value: PreparedValue | undefined;
  let next = 0;
  let complete = false;
  return {
    layout(limit) {
      while (!complete && lines.length < limit) {
        value ??= prepare();
        const want = Math.min(VALUE_MAX_LINES - lines.length, Math.max(32, limit - lines.length));
        const step = wrapFrom(value.text, width, next, want, { words: true });
        for (const text of step.lines) lines.push(line(text, lines.length));
        next = step.next;
        const overCap = next !== -1 && lines.length >= VALUE_MAX_LINES;
        if (next === -1 || overCap) {
          complete = true;
          if (value.cut || overCap) for (const text of wrap(valueCutNote(value.length), noteWidth, { words: true })) lines.push({ kind: 'note', text });
          value = undefined; // the head is no longer needed
        }
      }
      return { lines, complete };
    },
  };
}

/** Lines drawn from a generator (the JSON tree), taken as needed and kept. */
export function streamBlock(source: () => Iterator<PaneLine>): Block {
  const lines: PaneLine[] = [];
  let iterator: Iterator<PaneLine> | undefined;
  let complete = false;
  return {
    layout(limit) {
      iterator ??= source();
      while (!complete && lines.length < limit) {
        const next = iterator.next();
        if (next.done) complete = true;
        else lines.push(next.value);
      }
      return { lines, complete };
    },
  };
}

export interface DocWindow {
  lines: PaneLine[];
  /** Lines laid out so far: all of them when `complete`, else a lower bound. */
  known: number;
  complete: boolean;
}

/**
 * Lines [start, start + count) of the blocks, laying out `ahead` more lines after the window
 * (so that a page down knows there is more) and nothing further.
 */
export function docWindow(blocks: readonly Block[], start: number, count: number, ahead: number): DocWindow {
  const end = start + count;
  const horizon = end + ahead;
  const lines: PaneLine[] = [];
  let pos = 0;
  for (const [index, block] of blocks.entries()) {
    if (pos >= horizon) return { lines, known: pos, complete: false };
    const { lines: own, complete } = block.layout(horizon - pos);
    const from = Math.max(0, start - pos);
    const to = Math.min(own.length, end - pos);
    for (let i = from; i < to; i++) lines.push(own[i]!);
    pos += own.length;
    if (!complete) return { lines, known: pos, complete: false };
    if (index === blocks.length - 1) return { lines, known: pos, complete: true };
  }
  return { lines, known: pos, complete: true };
}
