// How far the open detail can scroll, and by how much a page-wise scroll moves, in the pane's box
// (screenGeometry's `detail`): the same lines the pane draws. Plain values in: the keys pass the
// row and the box, so this neither reads the store nor works out where the pane is.
import type { AnyRow } from '../api/pages.js';
import type { ListKind } from '../lists/names.js';
import { paneViewport, type PaneOwner } from './detailLines.js';

export interface DetailScroll {
  maxScroll: number;
  pageSize: number;
}

/** The open detail: its row, whose list it is on, and its box. */
export interface DetailPaneBox {
  kind: ListKind;
  row: AnyRow;
  width: number;
  /** Lines of the pane, its rule included. */
  rows: number;
  /** Whose list the row is on: a message's sender is told from it. */
  owner: PaneOwner;
}

export function detailScroll(pane: DetailPaneBox | null, scroll: number, color: boolean): DetailScroll {
  if (!pane) return { maxScroll: 0, pageSize: 5 };
  const view = paneViewport(pane.kind, pane.row, pane.width, pane.rows, color, scroll, pane.owner);
  return { maxScroll: view.maxScroll, pageSize: Math.max(1, view.visible - 1) };
}
