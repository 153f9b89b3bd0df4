// How far the detail pane of the row under the cursor can scroll, and by how much a page-wise
// scroll moves, at the frame's current size: the same geometry the pane draws with.
import { currentList, selectedRow } from '../store/selectors.js';
import type { AppState } from '../store/types.js';
import { paneViewport } from './detailLines.js';
import { bodyHeight, listBodyHeight, paneLayout, USER_SUMMARY_LINES, type FrameSize } from './frame.js';

export interface DetailScroll {
  maxScroll: number;
  pageSize: number;
}

export function detailScroll(state: AppState, frame: FrameSize, color: boolean): DetailScroll {
  const list = currentList(state);
  const row = selectedRow(state);
  if (!state.detail.open || !list || !row) return { maxScroll: 0, pageSize: 5 };
  // A user's lists sit under the summary line.
  const body = bodyHeight(frame.height, state.prompt !== null) - (list.userID !== undefined ? USER_SUMMARY_LINES : 0);
  const layout = paneLayout(frame.width, listBodyHeight(list, body));
  const pane = paneViewport(list.kind, row, layout.paneWidth, layout.paneHeight, color, state.detail.scroll);
  return { maxScroll: pane.maxScroll, pageSize: Math.max(1, pane.visible - 1) };
}
