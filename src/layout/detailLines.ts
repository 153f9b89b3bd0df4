// The detail pane's content as plain lines, so the pane can scroll by windows and the key handler
// knows how far it can scroll. Laid out lazily (detailDoc.ts) and memoised per row and width:
// only the lines on screen and a page ahead are ever computed.
import { treeLines } from './jsonTreeLines.js';
import type { AnyRow } from '../api/pages.js';
import type { ListKind } from '../lists/names.js';
import { displayText, settle } from '../terminal/settle.js';
import { ID_HEAD, idText } from '../terminal/sanitize.js';
import { listDef } from '../lists/registry.js';
import type { DetailOwner } from '../lists/types.js';
import { docWindow, fixedBlock, streamBlock, valueBlock, type Block, type PaneLine } from './detailDoc.js';
import { codePointHead, prepareValue } from '../domain/valueLines.js';
import { VariantCache } from '../domain/caches.js';

export type { PaneLine } from './detailDoc.js';

// The longest label shown whole (18 cells: "Original send time") and the cell that always follows it.
const LABEL_WIDTH = 19;
/** A title or label is cut to the pane's width anyway: this much of it is plenty. */
const SHORT_HEAD = 1024;

/**
 * Lines laid out past the window: enough to know the length of an ordinary row (and to say
 * "1-20 of 48"), little enough to stay a few milliseconds on a long one ("of ≥276").
 */
const AHEAD = 256;

const short = (value: string): string => displayText(codePointHead(value, SHORT_HEAD));
/** A field named as the server names an ID (`userID`, `groupID`, `platformIDs`) holds IDs: drawn so that none looks like another (idText). */
const ID_FIELD = /IDs?$/;
const drawID = (head: string): string => settle(idText(head, head.length));

/** The pane's blocks for a row: nothing is wrapped or sanitised until it is laid out. */
export function detailBlocks(kind: ListKind, row: AnyRow, width: number, color: boolean, owner?: DetailOwner): Block[] {
  const detail = listDef(kind).detail(row, owner ?? { now: Date.now() });
  const blocks: Block[] = [fixedBlock([{ kind: 'title', text: short(detail.title) }])];
  const valueWidth = Math.max(10, width - LABEL_WIDTH);
  const field = (label: string, value: string): void => {
    // Labels of content facts are JSON keys of the message: as untrusted as the values.
    const shown = short(label);
    blocks.push(valueBlock(() => (ID_FIELD.test(label) ? prepareValue(value, false, drawID, ID_HEAD) : prepareValue(value)), valueWidth, width, (text, i) => ({ kind: 'field', label: i === 0 ? shown : '', text })));
  };
  const note = (value: string, multiline: boolean): void => {
    blocks.push(valueBlock(() => prepareValue(value, multiline), width, width, (text) => ({ kind: 'note', text })));
  };
  const heading = (text: string): void => {
    blocks.push(fixedBlock([{ kind: 'heading', text }]));
  };
  // Who, when and what come first (the operator triages "who sent what, when"), then the metadata,
  // then the raw fields: the message is on the first screen even at 80x24.
  for (const f of detail.lead ?? []) field(f.label, f.value);
  const content = detail.content;
  if (content) {
    heading(`Message: ${short(content.typeName)}`);
    // The summary is shown only when no fact already says it (a text's Text is its summary).
    const said = content.facts.some((fact) => fact.value === content.summary);
    if (!said) field('summary', content.summary || '(empty)');
    for (const fact of content.facts) field(fact.label, fact.value);
    for (const text of content.notes) note(`note: ${text}`, false);
  }
  for (const section of detail.sections) {
    heading(short(section.title));
    for (const f of section.fields) field(f.label, f.value);
  }
  if (content) {
    const tree = content.tree;
    if (tree) {
      heading('Decoded JSON (raw content)');
      blocks.push(streamBlock(() => mapLines(treeLines(tree, width, { color, settled: true }), (line) => ({ kind: 'tree', line }))));
    } else if (content.raw) {
      heading('Raw content');
      note(content.raw, true);
    }
  }
  return blocks;
}

function* mapLines<T>(source: Iterable<T>, to: (item: T) => PaneLine): Generator<PaneLine> {
  for (const item of source) yield to(item);
}

/** A row's detail as laid out, by row (never copied: domain/caches.ts) and its width and owner. */
const memo = new VariantCache<AnyRow, Block[]>('detail blocks', 256);
function blocksFor(kind: ListKind, row: AnyRow, width: number, color: boolean, owner?: Omit<DetailOwner, 'now'>): Block[] {
  const key = `${kind}|${width}|${color}|${owner?.id ?? ''}|${owner?.name ?? ''}`;
  // "3 min ago" is as of when the row's detail was first laid out: a row's detail is rebuilt when
  // the row is (a live refresh, another page), not on every frame.
  return memo.through(row, key, () => detailBlocks(kind, row, width, color, { ...owner, now: Date.now() }));
}

/** @internal Every line at once, for tests; the app lays out only the window on screen (paneViewport). */
export function buildDetailLines(kind: ListKind, row: AnyRow, width: number, color: boolean, owner?: DetailOwner): PaneLine[] {
  return docWindow(detailBlocks(kind, row, width, color, owner), 0, Number.MAX_SAFE_INTEGER, 0).lines;
}

export { LABEL_WIDTH };

/** Whose list the row is on: a message's sender is told from it (domain/sender.ts). */
export type PaneOwner = Omit<DetailOwner, 'now'>;

export interface PaneViewport {
  /** Cells for text: the pane's box has a 1-cell left padding and keeps one free on the right. */
  inner: number;
  /** The lines on screen, from `start`. */
  lines: PaneLine[];
  /** The first line on screen: the scroll asked for, kept within the content. */
  start: number;
  /** Lines that fit under the pane's rule. */
  visible: number;
  maxScroll: number;
  /** Lines laid out: all of them when `exact`, else at least this many. */
  total: number;
  exact: boolean;
}

/** The first `count` lines of the pane of this width (as drawn), and whether that is all of them. */
export function paneHead(kind: ListKind, row: AnyRow, width: number, color: boolean, count: number, owner?: PaneOwner): { lines: PaneLine[]; complete: boolean } {
  const view = docWindow(blocksFor(kind, row, Math.max(10, width - 2), color, owner), 0, count, 0);
  return { lines: view.lines, complete: view.complete && view.known <= count };
}

/** The pane's geometry at a scroll position, for the pane itself and for the keys that scroll it. */
export function paneViewport(kind: ListKind, row: AnyRow, width: number, height: number, color: boolean, scroll = 0, owner?: PaneOwner): PaneViewport {
  const inner = Math.max(10, width - 2);
  const blocks = blocksFor(kind, row, inner, color, owner);
  const visible = Math.max(1, height - 1);
  let start = Math.max(0, Math.floor(scroll));
  const ahead = Math.max(visible, AHEAD);
  let view = docWindow(blocks, start, visible, ahead);
  if (view.complete && start > Math.max(0, view.known - visible)) {
    start = Math.max(0, view.known - visible);
    view = docWindow(blocks, start, visible, ahead);
  }
  // Not laid out to the end: it may scroll at least as far as what is known.
  const maxScroll = Math.max(0, view.known - visible);
  return { inner, lines: view.lines, start, visible, maxScroll, total: view.known, exact: view.complete };
}
