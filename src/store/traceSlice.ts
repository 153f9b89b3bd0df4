// The delivery trace over the body (`t` on a message row, `:trace`): runs data/trace/ with the
// store's client, shows its lines as they are whole (the verdict first), scrolls, and writes the
// evidence folder (`E`) in the working directory. A trace is never a failure: its failed requests
// are its unknown lines; a row that names no message is said on the status line, nothing sent.
import { scrolledTo } from '../domain/scroll.js';
import type { StateCreator } from 'zustand/vanilla';
import { LocalFileError } from '../data/localFile.js';
import { evidenceFolderName, writeEvidence } from '../data/trace/evidence.js';
import type { TraceTarget } from '../data/trace/requests.js';
import { runTrace } from '../data/trace/runTrace.js';
import { targetOfMessage, type RowTarget } from '../data/trace/targets.js';
import type { AppActions, TraceActions } from './actions.js';
import { currentList, selectedRow } from './selectors.js';
import type { SliceServices } from './services.js';
import type { AppState } from './types.js';

type TraceState = Pick<AppState, 'trace'>;

/** The lists whose rows are messages, and how a row names its message (the list's owner receives it unless they sent it). */
/** The lists whose rows are messages, each with how its row names the message: `t` works on these. */
export const TRACED_LISTS = ['messages', 'history', 'conversations'] as const;
const MESSAGE_ROWS: Record<(typeof TRACED_LISTS)[number], (row: Record<string, unknown>, list: { userID?: string; query: unknown }) => RowTarget> = {
  messages: (row) => targetOfMessage((row.chatLog ?? {}) as Record<string, unknown>, undefined, undefined),
  history: (row, list) => targetOfMessage(row, (list.query as { conversationID?: string }).conversationID, list.userID),
  conversations: (row, list) => {
    const info = (row.msgInfo ?? null) as Record<string, unknown> | null;
    if (!info) return { ok: false, problem: 'this conversation has no message to trace' };
    const seq = (row.readState as { maxSeq?: number } | undefined)?.maxSeq;
    if (!seq) return { ok: false, problem: "the latest message's seq is not known yet (its read state did not load): trace it from the history" };
    return targetOfMessage({ ...info, seq }, String(row.conversationID ?? ''), list.userID);
  },
};

/** Why `t` can do nothing on this row, in words; undefined when it can trace it. */
export function traceProblem(state: AppState): string | undefined {
  const list = currentList(state);
  const of = list && (TRACED_LISTS as readonly string[]).includes(list.kind) ? MESSAGE_ROWS[list.kind as (typeof TRACED_LISTS)[number]] : undefined;
  if (!list || !of) return 'only a message row is traced (the message search, a history, a conversation)';
  const row = selectedRow(state);
  if (!row) return 'this page has no rows';
  const found = of(row as Record<string, unknown>, list);
  return found.ok ? undefined : found.problem;
}

export const traceSlice =
  (services: SliceServices): StateCreator<AppState & AppActions, [], [], TraceState & TraceActions> =>
  (set, get) => {
    let running: AbortController | undefined;
    const start = (target: TraceTarget): void => {
      running?.abort();
      const controller = (running = new AbortController());
      set({ trace: { target, scroll: 0 }, help: false, log: null });
      void runTrace(target, { client: services.deps.client, now: Date.now, signal: controller.signal }).then((result) => {
        if (controller.signal.aborted || get().trace?.target !== target) return;
        set({ trace: { target, result, scroll: 0 } });
      });
    };
    return {
      trace: null,
      traceRow() {
        const state = get();
        const list = currentList(state);
        const of = list && (TRACED_LISTS as readonly string[]).includes(list.kind) ? MESSAGE_ROWS[list.kind as (typeof TRACED_LISTS)[number]] : undefined;
        const row = selectedRow(state);
        if (!list || !of || !row) return;
        const found = of(row as Record<string, unknown>, list);
        if (!found.ok) return services.flash(found.problem, 'error');
        if (found.needsReceiver) {
          const t = found.target;
          // A group message: the operator names the member whose delivery to trace.
          return get().openPrompt('command', `trace --conversation ${t.conversationID} --seq ${t.seq} --to `);
        }
        start(found.target);
      },
      openTrace(target) {
        start(target);
      },
      closeTrace() {
        running?.abort();
        running = undefined;
        set({ trace: null });
      },
      scrollTrace(by, lines) {
        const trace = get().trace;
        if (!trace) return;
        set({ trace: { ...trace, scroll: scrolledTo(trace.scroll, by, lines) } });
      },
      exportEvidence() {
        const trace = get().trace;
        if (!trace?.result) return services.flash('the trace is still running: its evidence is written once it is whole', 'info');
        try {
          const name = evidenceFolderName(trace.result, new Date());
          const { folder, files } = writeEvidence(trace.result, { dir: process.cwd(), name, baseUrl: services.deps.client.baseUrl });
          set({ trace: { ...trace, evidence: folder } });
          services.flash(`evidence written: ${folder} (${files.length} files, SHA256SUMS checks them)`, 'info');
        } catch (error) {
          if (!(error instanceof LocalFileError)) throw error;
          services.flash(`evidence not written: ${error.message}`, 'error');
        }
      },
    };
  };
