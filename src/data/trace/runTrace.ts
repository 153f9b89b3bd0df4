// Runs a delivery trace: the requests of requests.ts in parallel, at most `concurrency` in flight,
// each with the transport's deadline; then each check of checks.ts judges what its requests gave.
// A request that fails makes only the lines that need it "unknown: <the failure in words>"; the
// trace itself never fails. The one-line verdict is the first headline in the checks' rank order.
import type { OpenIMClient } from '../../api/client.js';
import { AbortedError, ApiError, HttpError } from '../../api/errors.js';
import { formatCount } from '../../content/format.js';
import { CHECK_ORDER, TRACE_CHECKS, type CheckID, type Fact, type Judgement, type Verdict } from './checks.js';
import { TRACE_REQUESTS, type Known, type RequestID, type TraceTarget, type Values } from './requests.js';

export interface TraceLine {
  check: CheckID;
  name: string;
  verdict: Verdict;
  words: string;
  facts: Record<string, Fact>;
  /** The paths the facts came from. */
  routes: string[];
}

/** One request as sent and what came back: the evidence's raw part. */
export interface Exchange {
  request: RequestID;
  about: string;
  operation: string;
  path: string;
  body?: object;
  /** The reply's data as parsed (every field the server sent kept, but the session tokens), when it succeeded. */
  reply?: unknown;
  failure?: string;
  /** Why it was not sent: it does not apply to this message, or needs a sender none could name. */
  skipped?: string;
  ms?: number;
}

export interface TraceResult {
  target: Known;
  verdict: { verdict: Verdict; words: string };
  lines: TraceLine[];
  exchanges: Exchange[];
  /** When the trace started (ms since 1970), and how long to its full answer. */
  startedAt: number;
  elapsedMs: number;
}

export interface TraceDeps {
  client: OpenIMClient;
  now: () => number;
  /** Requests in flight at most. */
  concurrency?: number;
  signal?: AbortSignal;
}

export const TRACE_CONCURRENCY = 4;

type Outcome<V> = { ok: true; value: V } | { ok: false; reason: string } | { skipped: string };

/** A failure in words, with what to do where the cause says it. */
export function failureWords(error: unknown): string {
  if (error instanceof AbortedError) return 'stopped before it answered';
  const text = error instanceof Error ? error.message : String(error);
  if (error instanceof ApiError && error.errCode === 1002) return `${text}: owner or admin only (connect as the admin)`;
  if (error instanceof HttpError && /\b404\b/.test(text)) return `${text}: this server has no such route (an older version?)`;
  return text;
}

/** The other member of a single chat whose ID names the receiver, else undefined. */
export function singleChatPeer(conversationID: string, receiverID: string): string | undefined {
  if (!conversationID.startsWith('si_')) return undefined;
  const pair = conversationID.slice(3);
  const head = `${receiverID}_`;
  const tail = `_${receiverID}`;
  if (pair.startsWith(head) && pair.length > head.length) return pair.slice(head.length);
  if (pair.endsWith(tail) && pair.length > tail.length) return pair.slice(0, -tail.length);
  return undefined;
}

export function knownOf(target: TraceTarget): Known {
  const groupID = target.conversationID.startsWith('sg_') ? target.conversationID.slice(3) : undefined;
  const senderID = target.senderID || singleChatPeer(target.conversationID, target.receiverID);
  return { ...target, ...(groupID !== undefined ? { groupID } : {}), ...(senderID ? { senderID } : {}) };
}

/** Maps become objects, so that a reply writes as JSON. */
function plain(value: unknown): unknown {
  if (value instanceof Map) return Object.fromEntries([...value].map(([k, v]) => [String(k), plain(v)]));
  if (Array.isArray(value)) return value.map(plain);
  return value;
}

function limiter(max: number): <T>(job: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async (job) => {
    if (running >= max) await new Promise<void>((go) => waiting.push(go));
    running++;
    try {
      return await job();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

export async function runTrace(target: TraceTarget, deps: TraceDeps): Promise<TraceResult> {
  const startedAt = deps.now();
  const known = knownOf(target);
  const limit = limiter(Math.max(1, deps.concurrency ?? TRACE_CONCURRENCY));
  const signal = deps.signal ?? new AbortController().signal;
  const outcomes = new Map<RequestID, Outcome<unknown>>();
  const exchanges = new Map<RequestID, Exchange>();
  const ids = Object.keys(TRACE_REQUESTS) as RequestID[];

  const send = (id: RequestID, k: Known, unsentWhy: string): Promise<void> => {
    const def = TRACE_REQUESTS[id];
    const body = def.body(k);
    const exchange: Exchange = { request: id, about: def.about, operation: def.operation.name, path: def.operation.path };
    exchanges.set(id, exchange);
    if (body === undefined) {
      outcomes.set(id, { skipped: unsentWhy });
      exchange.skipped = unsentWhy;
      return Promise.resolve();
    }
    exchange.body = body;
    return limit(async () => {
      const began = deps.now();
      try {
        const value = await (def.send as (c: OpenIMClient, b: object, s: AbortSignal) => Promise<unknown>)(deps.client, body, signal);
        outcomes.set(id, { ok: true, value });
        exchange.reply = plain(value);
      } catch (error) {
        const reason = failureWords(error);
        outcomes.set(id, { ok: false, reason });
        exchange.failure = reason;
      } finally {
        exchange.ms = deps.now() - began;
      }
    });
  };

  const notApplicable = (id: RequestID) => (TRACE_REQUESTS[id].needsSender ? 'the receiver sent it' : 'not for this kind of conversation');
  const first = ids.filter((id) => !TRACE_REQUESTS[id].needsSender || known.senderID !== undefined);
  const later = ids.filter((id) => !first.includes(id));
  let senderProblem = '';
  const running = first.map((id) => send(id, known, notApplicable(id)));
  if (later.length > 0) {
    // The sender is what the receiver's pull says, once it answers.
    await running[first.indexOf('pullAsReceiver')];
    const pulled = outcomes.get('pullAsReceiver');
    const msg = pulled && 'ok' in pulled && pulled.ok ? (pulled.value as Values['pullAsReceiver']).msg : undefined;
    const senderID = msg?.sendID || undefined;
    const k: Known = senderID ? { ...known, senderID } : known;
    Object.assign(known, k);
    const why = pulled && 'ok' in pulled && !pulled.ok ? `the sender is not known: ${pulled.reason}` : `the sender is not known: the receiver's pull has no message at seq ${formatCount(known.seq)}`;
    if (!senderID) senderProblem = why;
    running.push(...later.map((id) => send(id, k, senderID ? notApplicable(id) : why)));
  }
  await Promise.all(running);

  const lines = CHECK_ORDER.flatMap((id): TraceLine[] => {
    const def = TRACE_CHECKS[id] as unknown as {
      name: string; needs: readonly RequestID[]; reads?: readonly RequestID[]; only?: 'group'; sender?: true;
      judge(k: Known, got: Record<string, unknown>, nowMs: number): Judgement;
    };
    if (def.only === 'group' && known.groupID === undefined) return [];
    const routes = (from: readonly RequestID[]) => [...new Set(from.map((r) => TRACE_REQUESTS[r].operation.path))];
    const got: Record<string, unknown> = {};
    if (def.sender && !known.senderID) return [{ check: id, name: def.name, verdict: 'unknown', words: `unknown: ${senderProblem || 'the sender is not known'}`, facts: {}, routes: routes(def.needs) }];
    for (const need of def.needs) {
      const o = outcomes.get(need);
      if (!o || !('ok' in o)) return [{ check: id, name: def.name, verdict: 'unknown', words: `unknown: ${o && 'skipped' in o ? o.skipped : 'not asked'}`, facts: {}, routes: routes([need]) }];
      if (!o.ok) return [{ check: id, name: def.name, verdict: 'unknown', words: `unknown: ${o.reason}`, facts: {}, routes: routes([need]) }];
      got[need] = o.value;
    }
    const readFailures: string[] = [];
    for (const read of def.reads ?? []) {
      const o = outcomes.get(read);
      if (o && 'ok' in o && o.ok) got[read] = o.value;
      else if (o && 'ok' in o) readFailures.push(o.reason);
    }
    if (def.needs.length === 0 && Object.keys(got).length === 0) {
      return [{ check: id, name: def.name, verdict: 'unknown', words: `unknown: ${readFailures[0] ?? 'nothing to read'}`, facts: {}, routes: routes(def.reads ?? []) }];
    }
    const j = def.judge(known, got, deps.now());
    const from = j.from ?? [...def.needs, ...(def.reads ?? []).filter((r) => r in got)];
    return [{ check: id, name: def.name, verdict: j.verdict, words: j.words, facts: j.facts, routes: routes(from), ...(j.headline ? { headline: j.headline } : {}) }];
  });

  return { target: known, verdict: topVerdict(lines), lines: lines.map(strip), exchanges: ids.map((id) => exchanges.get(id)!).filter(Boolean), startedAt, elapsedMs: deps.now() - startedAt };
}

type Headed = TraceLine & { headline?: string };
const strip = (line: Headed): TraceLine => {
  const { headline: _, ...rest } = line;
  return rest;
};

function topVerdict(lines: readonly Headed[]): { verdict: Verdict; words: string } {
  const rank = (l: Headed) => (TRACE_CHECKS[l.check] as { rank?: number }).rank ?? Number.MAX_SAFE_INTEGER;
  const unknown = lines.filter((l) => l.verdict === 'unknown');
  const head = lines.filter((l) => l.headline !== undefined).sort((a, b) => rank(a) - rank(b))[0];
  const caveat = unknown.length === 0 ? '' : ` (${unknown.length} check${unknown.length === 1 ? '' : 's'} unknown: ${unknown.map((l) => l.name).join(', ')})`;
  if (!head) return { verdict: 'unknown', words: `unknown${caveat}` };
  return { verdict: head.verdict, words: `${head.headline}${caveat}` };
}
