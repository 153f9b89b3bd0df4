// How far the detail pane of the row under the cursor can scroll, and by how much a page-wise
// scroll moves, at the frame's current size: the same geometry the pane draws with.
import type { AnyRow, ListKind } from '../api/pages.js';
import { currentList, ownerName, selectedRow } from '../store/selectors.js';
import type { AppState } from '../store/types.js';
import { paneViewport, type PaneOwner } from './detailLines.js';
import { bodyHeight, listBodyHeight, paneLayout, USER_SUMMARY_LINES, type FrameSize } from './frame.js';

export interface DetailScroll {
  maxScroll: number;
  pageSize: number;
}

/** Where the open detail is drawn: its row and its box. */
export interface DetailGeometry {
  kind: ListKind;
  row: AnyRow;
  width: number;
  height: number;
  /** Whose list the row is on: a message's sender is told from it. */
  owner: PaneOwner;
}

export function detailGeometry(state: AppState, frame: FrameSize): DetailGeometry | null {
  const list = currentList(state);
  const row = selectedRow(state);
  if (!state.detail.open || !list || !row) return null;
  // A user's lists sit under the summary line.
  const body = bodyHeight(frame.height, state.prompt !== null) - (list.userID !== undefined ? USER_SUMMARY_LINES : 0);
  const layout = paneLayout(frame.width, listBodyHeight(list, body), state.detail.full);
  return { kind: list.kind, row, width: layout.paneWidth, height: layout.paneHeight, owner: { id: list.userID, name: ownerName(state, list.userID) } };
}

export function detailScroll(state: AppState, frame: FrameSize, color: boolean): DetailScroll {
  const pane = detailGeometry(state, frame);
  if (!pane) return { maxScroll: 0, pageSize: 5 };
  const view = paneViewport(pane.kind, pane.row, pane.width, pane.height, color, state.detail.scroll, pane.owner);
  return { maxScroll: view.maxScroll, pageSize: Math.max(1, view.visible - 1) };
}
