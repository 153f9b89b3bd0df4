// The detail pane's content as plain lines, so the pane can scroll by slicing and the key handler
// knows how far it can scroll. Pure and memoised per row and width.
import { jsonTreeLines, type TreeLine } from './jsonTreeLines.js';
import type { AnyRow, ListKind } from '../api/pages.js';
import { sanitize } from '../terminal/sanitize.js';
import { wrap } from '../terminal/width.js';
import { rowDetail } from './detailFields.js';

export type PaneLine =
  | { kind: 'title'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'field'; label: string; text: string }
  | { kind: 'note'; text: string }
  | { kind: 'tree'; line: TreeLine };

const LABEL_WIDTH = 18;

export function buildDetailLines(kind: ListKind, row: AnyRow, width: number, color: boolean): PaneLine[] {
  const detail = rowDetail(kind, row);
  const lines: PaneLine[] = [{ kind: 'title', text: sanitize(detail.title) }];
  const valueWidth = Math.max(10, width - LABEL_WIDTH);
  const field = (label: string, value: string): void => {
    const wrapped = wrap(sanitize(value), valueWidth);
    // Labels of content facts are JSON keys of the message: as untrusted as the values.
    const shown = sanitize(label);
    wrapped.forEach((text, i) => lines.push({ kind: 'field', label: i === 0 ? shown : '', text }));
  };
  for (const section of detail.sections) {
    lines.push({ kind: 'heading', text: sanitize(section.title) });
    for (const f of section.fields) field(f.label, f.value);
  }
  const content = detail.content;
  if (content) {
    lines.push({ kind: 'heading', text: `Content: ${sanitize(content.typeName)}` });
    field('summary', content.summary || '(empty)');
    for (const fact of content.facts) field(fact.label, fact.value);
    for (const note of content.notes) {
      for (const text of wrap(`note: ${sanitize(note)}`, width)) lines.push({ kind: 'note', text });
    }
    if (content.tree) {
      lines.push({ kind: 'heading', text: 'Decoded JSON' });
      for (const line of jsonTreeLines(content.tree, width, { color })) lines.push({ kind: 'tree', line });
    } else if (content.raw) {
      lines.push({ kind: 'heading', text: 'Raw content' });
      for (const text of wrap(sanitize(content.raw, { multiline: true }), width)) lines.push({ kind: 'note', text });
    }
  }
  return lines;
}

const memo = new WeakMap<object, { key: string; lines: PaneLine[] }>();
export function detailLinesFor(kind: ListKind, row: AnyRow, width: number, color: boolean): PaneLine[] {
  const key = `${kind}|${width}|${color}`;
  const hit = memo.get(row);
  if (hit && hit.key === key) return hit.lines;
  const lines = buildDetailLines(kind, row, width, color);
  memo.set(row, { key, lines });
  return lines;
}

export { LABEL_WIDTH };

export interface PaneViewport {
  /** Cells for text: the pane's box has a 1-cell left padding and keeps one free on the right. */
  inner: number;
  lines: PaneLine[];
  /** Lines that fit under the pane's rule. */
  visible: number;
  maxScroll: number;
}

/** The pane's geometry, for the pane itself and for the keys that scroll it. */
export function paneViewport(kind: ListKind, row: AnyRow, width: number, height: number, color: boolean): PaneViewport {
  const inner = Math.max(10, width - 2);
  const lines = detailLinesFor(kind, row, inner, color);
  const visible = Math.max(1, height - 1);
  return { inner, lines, visible, maxScroll: Math.max(0, lines.length - visible) };
}
