// `trace`'s flags to its request: a message by conversation and seq (`--conversation CID --seq N
// --to ID`), or by its server ID (`--server-msg-id ID`, found with the message search, `--from ID`
// narrowing it, `--to ID` naming the receiver where the message does not). Every mistake is a
// UsageError in words, before anything is sent.
import { FLAGS, OUTPUT_FORMATS, type FlagSpec } from './flags.js';
import { UsageError } from './usageError.js';

export const TRACE_OUTPUTS = ['json', 'table'] as const;
export type TraceOutput = (typeof TRACE_OUTPUTS)[number];

export interface TraceRequestOptions {
  conversationID?: string;
  seq?: number;
  serverMsgID?: string;
  /** The receiver traced. */
  to?: string;
  /** The sender and the day, to narrow the search by server ID. */
  from?: string;
  day?: string;
  /** Undefined: table on a terminal, json otherwise. */
  output?: TraceOutput;
}

/** The flags trace takes beyond the connection's: FLAGS' rows that name it. */
const TRACE_FLAGS = Object.entries(FLAGS)
  .filter(([, f]) => (f as FlagSpec).use.includes('trace'))
  .map(([name]) => name);

const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

export function traceRequest(v: Readonly<Record<string, unknown>>): TraceRequestOptions {
  for (const name of ['page', 'size', 'all', 'watch', 'user', 'search', 'regex', 'keyword', 'group', 'ids', 'type', 'session']) {
    if (v[name] !== undefined && !TRACE_FLAGS.includes(name)) throw new UsageError(`--${name} does not go with trace (it takes --conversation CID --seq N --to ID, or --server-msg-id ID)`);
  }
  const output = v.output;
  if (output !== undefined && !(TRACE_OUTPUTS as readonly unknown[]).includes(output)) {
    const other = (OUTPUT_FORMATS as readonly unknown[]).includes(output) ? ' (one object, not rows)' : '';
    throw new UsageError(`trace --output must be json or table${other}, got ${JSON.stringify(output)}`);
  }
  const conversationID = text(v.conversation);
  const serverMsgID = text(v['server-msg-id']);
  const to = text(v.to);
  const from = text(v.from);
  const day = text(v.day);
  const common = { ...(to ? { to } : {}), ...(from ? { from } : {}), ...(day ? { day } : {}), ...(output !== undefined ? { output: output as TraceOutput } : {}) };
  if (serverMsgID !== undefined) {
    if (conversationID !== undefined || v.seq !== undefined) throw new UsageError('trace takes --server-msg-id ID or --conversation CID --seq N, not both');
    return { serverMsgID, ...common };
  }
  if (conversationID === undefined || v.seq === undefined || to === undefined) {
    throw new UsageError('trace needs --conversation CID --seq N --to ID (the receiver), or --server-msg-id ID');
  }
  if (from !== undefined || day !== undefined) throw new UsageError('--from and --day go with trace --server-msg-id (they narrow the search)');
  const seqText = String(v.seq).trim();
  const seq = /^\d{1,16}$/.test(seqText) ? Number(seqText) : NaN;
  if (!Number.isSafeInteger(seq) || seq < 1) throw new UsageError(`--seq must be a whole number from 1, got ${JSON.stringify(v.seq)}`);
  return { conversationID, seq, ...common };
}
