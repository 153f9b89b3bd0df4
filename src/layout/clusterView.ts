// The cluster screen's lines at a width (data/clusterLines.ts, with the glyphs in force) and how
// far they scroll in the body's height: the component draws them, its keys scroll by them.
import { clusterLines } from '../data/clusterLines.js';
import { glyphs } from '../terminal/glyphs.js';
import type { ClusterView } from '../store/types.js';

/** The body's lines the title takes. */
export const CLUSTER_TITLE_LINES = 1;

export function clusterViewLines(view: ClusterView, width: number): string[] {
  return clusterLines(view.sample, view.series, width, glyphs(), view.intervalMs);
}

/** The last first line that still fills the body (0 when everything fits). */
export function clusterMaxScroll(view: ClusterView, width: number, bodyRows: number): number {
  return Math.max(0, clusterViewLines(view, width).length - Math.max(1, bodyRows - CLUSTER_TITLE_LINES));
}
