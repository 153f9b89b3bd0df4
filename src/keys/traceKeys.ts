// The delivery trace's keys, rows of the bindings table: `t` on a message row opens it, and its
// own keys (the `trace` scope) scroll it, write its evidence (`E`) and close it.
import { traceLines } from '../data/trace/traceText.js';
import { screenGeometry } from '../layout/frame.js';
import { openRegions } from '../store/selectors.js';
import { traceProblem, TRACED_LISTS } from '../store/traceSlice.js';
import type { BindingSpec, KeyContext } from './binding.js';

const state = (ctx: KeyContext) => ctx.store.getState();
/** How far the trace scrolls at this terminal's size: its last line at the bottom of the body (under the title line). */
const lineCount = (c: KeyContext): number => {
  const s = state(c);
  const result = s.trace?.result;
  if (!result) return 1;
  const body = screenGeometry(c.terminal, openRegions(s)).body;
  return Math.max(1, traceLines(result, body.width).length - Math.max(1, body.rows - 1) + 1);
};
const scroll = (by: number | 'top' | 'bottom') => (c: KeyContext) => state(c).scrollTrace(by, lineCount(c));

/** `t`, a row on each list whose rows are messages (store/traceSlice.ts TRACED_LISTS): elsewhere it is no key at all. */
export const TRACE_ROW_BINDINGS = TRACED_LISTS.map(
  (scope) =>
    ({
      action: 'trace',
      keys: ['t'],
      hint: { label: 'trace' },
      description: 'trace the message on this row: did the receiver get it, and if not, why (a group message asks whose)',
      scope,
      disabled: traceProblem,
      run: (c: KeyContext) => state(c).traceRow(),
    }) as const satisfies BindingSpec,
);

export const TRACE_BINDINGS = [
  { action: 'traceDown', keys: ['j', 'down'], hint: { actions: ['traceDown', 'traceUp'], label: 'scroll' }, description: 'scroll the trace down a line', scope: 'trace', run: scroll(1) },
  { action: 'traceUp', keys: ['k', 'up'], description: 'scroll the trace up a line', scope: 'trace', run: scroll(-1) },
  { action: 'tracePageDown', keys: [' ', 'pagedown'], description: 'scroll the trace down 10 lines', scope: 'trace', run: scroll(10) },
  { action: 'tracePageUp', keys: ['b', 'pageup'], description: 'scroll the trace up 10 lines', scope: 'trace', run: scroll(-10) },
  { action: 'traceTop', keys: ['g', 'home'], description: 'the top of the trace', scope: 'trace', run: scroll('top') },
  { action: 'traceBottom', keys: ['G', 'end'], description: 'the end of the trace', scope: 'trace', run: scroll('bottom') },
  {
    action: 'traceEvidence',
    keys: ['E'],
    hint: { label: 'evidence' },
    description: 'write the evidence folder: the trace as JSON, each raw reply, a curl line per request (token as $OPENIM_TOKEN), SHA256SUMS',
    scope: 'trace',
    run: (c) => state(c).exportEvidence(),
  },
  { action: 'traceClose', keys: ['escape', 'q'], hint: { label: 'close' }, description: 'close the trace', scope: 'trace', run: (c) => state(c).closeTrace() },
] as const satisfies readonly BindingSpec[];
