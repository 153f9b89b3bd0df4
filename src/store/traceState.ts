// The delivery trace's view in the state (traceSlice.ts runs it): what is traced, the answer once
// it is whole, the line the operator scrolled to, and where its evidence went.
import type { TraceTarget } from '../data/trace/requests.js';
import type { TraceResult } from '../data/trace/runTrace.js';

export interface TraceView {
  target: TraceTarget;
  /** Undefined while its requests run. */
  result?: TraceResult;
  /** The first line shown. */
  scroll: number;
  /** The evidence folder written (`E`), as shown. */
  evidence?: string;
}
