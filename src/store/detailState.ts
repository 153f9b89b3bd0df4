// The detail's state when it opens and closes, in one place for the slices that open or close it.
import type { DetailState } from './types.js';

export const CLOSED_DETAIL: DetailState = { open: false, scroll: 0, full: false, search: null };

export function openedDetail(full: boolean): DetailState {
  return { open: true, scroll: 0, full, search: null };
}
