// Going to a numbered position of a list (`:seq N` in a history; Enter on a found message opens
// its history at its seq): the page that holds it, then its row. Pure over a list's state: the
// lists slice and the page loads (a position asked for before the list's total is known) both
// take their step from here.
import { shownRows } from '../domain/pageSort.js';
import { formatCount } from '../content/format.js';
import { listDef } from '../lists/registry.js';
import type { ListState } from './types.js';

export type PositionStep =
  | { kind: 'refused'; error: string }
  /** The list's total is not known yet: its first page says it. */
  | { kind: 'wait' }
  | { kind: 'here'; cursor: number }
  | { kind: 'page'; page: number };

export function positionStep(list: ListState, n: number): PositionStep {
  const def = listDef(list.kind);
  const position = def.position;
  if (!position) return { kind: 'refused', error: 'no seqs here: :seq goes to a message of a history' };
  if (list.loadedPage === null || list.loading) return { kind: 'wait' };
  const at = position.locate(n, list.total, list.size);
  const { word } = position;
  if (!at) return { kind: 'refused', error: `no ${word} ${formatCount(n)} here: ${word}s 1 to ${formatCount(list.total)}` };
  if (at.page !== list.loadedPage) return { kind: 'page', page: at.page };
  const rows = shownRows(list);
  const identity = position.rowAt?.(rows, n) ?? at.identity;
  const cursor = rows.findIndex((row) => def.identity(row) === identity);
  return cursor < 0 ? { kind: 'refused', error: `${word} ${formatCount(n)} is not among the rows shown (a filter hides it?)` } : { kind: 'here', cursor };
}
