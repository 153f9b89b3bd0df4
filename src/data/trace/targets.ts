// What a trace traces, from what the operator had in front of them: a message search row, a
// history row, a conversation row's latest message, or `trace --server-msg-id` (the search,
// walked until the ID shows). A group message names no receiver: the caller asks for one.
import type { OpenIMClient } from '../../api/client.js';
import type { AnyRow } from '../../api/pages.js';
import { isGroupMessage } from '../../domain/rows.js';
import { singleChatID } from '../../lists/conversations.js';
import { listDef, listFetcher } from '../../lists/registry.js';
import type { TraceTarget } from './requests.js';

/** A message as the three lists carry it: enough to name its conversation, seq and parties. */
interface MessageFields {
  sendID?: unknown;
  recvID?: unknown;
  groupID?: unknown;
  sessionType?: unknown;
  seq?: unknown;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** A target without its receiver when the message went to a group (`needsReceiver`), else whole. */
export type RowTarget = { ok: true; target: TraceTarget; needsReceiver: boolean } | { ok: false; problem: string };

/**
 * A message's conversation, seq and parties. `conversationID`: the list's own (history knows it);
 * `ownerID`: the user whose list it is, the receiver unless they sent it.
 */
export function targetOfMessage(m: MessageFields, conversationID: string | undefined, ownerID: string | undefined): RowTarget {
  const seq = typeof m.seq === 'number' ? m.seq : 0;
  if (!(seq >= 1)) return { ok: false, problem: 'this row has no seq to trace (a gap, or a message without one)' };
  const sendID = str(m.sendID);
  const recvID = str(m.recvID);
  const group = isGroupMessage({ sessionType: typeof m.sessionType === 'number' ? m.sessionType : 0, groupID: str(m.groupID) });
  const cid = conversationID ?? (group ? `sg_${str(m.groupID) || recvID}` : sendID && recvID ? singleChatID(sendID, recvID) : '');
  if (cid === '') return { ok: false, problem: 'this row names no conversation' };
  const sender = sendID ? { senderID: sendID } : {};
  if (group) {
    const receiverID = ownerID && ownerID !== sendID ? ownerID : '';
    return { ok: true, target: { conversationID: cid, seq, receiverID, ...sender }, needsReceiver: receiverID === '' };
  }
  const receiverID = recvID || (ownerID && ownerID !== sendID ? ownerID : '');
  return { ok: true, target: { conversationID: cid, seq, receiverID, ...sender }, needsReceiver: receiverID === '' };
}

/** The search pages walked at most to find a server message ID: the search has no ID filter. */
export const SEARCH_PAGES = 20;
const SEARCH_PAGE_SIZE = 100;

/** What narrows the search for a server ID: the sender, the receiver (a single chat's recvID), the day. */
export interface SearchNarrowing {
  from?: string;
  to?: string;
  day?: string;
}

/**
 * The message with this server ID, by the message search narrowed as given. A group message's
 * recvID is the group, not the receiver `--to` names: when the receiver finds none, the search
 * is walked again without it.
 */
export async function findByServerMsgID(client: OpenIMClient, serverMsgID: string, narrowing: SearchNarrowing, signal: AbortSignal): Promise<RowTarget> {
  const tries = narrowing.to !== undefined ? [narrowing, { ...narrowing, to: undefined }] : [narrowing];
  for (const flags of tries) {
    const given = Object.fromEntries(Object.entries(flags).filter(([, v]) => v !== undefined));
    const fetch = listFetcher(client, { kind: 'messages', query: listDef('messages').query.fromFlags(given) });
    for (let page = 1; page <= SEARCH_PAGES; page++) {
      const found = await fetch(page, SEARCH_PAGE_SIZE, signal);
      const row = found.rows.find((r: AnyRow) => str((r as { chatLog?: { serverMsgID?: unknown } }).chatLog?.serverMsgID) === serverMsgID);
      if (row) return targetOfMessage((row as { chatLog: MessageFields }).chatLog, undefined, undefined);
      if (found.rows.length < SEARCH_PAGE_SIZE) break;
    }
  }
  const narrowed = [narrowing.from && `from ${narrowing.from}`, narrowing.day && `on ${narrowing.day}`].filter(Boolean).join(' ');
  return {
    ok: false,
    problem: `no message with server ID ${serverMsgID} in the first ${SEARCH_PAGES * SEARCH_PAGE_SIZE} messages${narrowed ? ` ${narrowed}` : ''} the search returns (narrow it with --from ID and --day YYYY-MM-DD, or trace --conversation CID --seq N)`,
  };
}

export const TRACE_COMMAND_USAGE = 'trace --conversation CID --seq N --to ID';

/** `:trace`'s words (`--conversation CID --seq N --to ID`, any order) to a target, or the problem in words. */
export function parseTraceWords(text: string): { ok: true; target: TraceTarget } | { ok: false; error: string } {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const given: Record<string, string> = {};
  for (let i = 0; i < words.length; i += 2) {
    const flag = words[i]!.replace(/^--/, '');
    const value = words[i + 1];
    if (!['conversation', 'seq', 'to'].includes(flag) || !words[i]!.startsWith('--')) return { ok: false, error: `${words[i]!} is not a flag of :trace (usage: :${TRACE_COMMAND_USAGE})` };
    if (value === undefined || value.startsWith('--')) return { ok: false, error: `--${flag} needs a value (usage: :${TRACE_COMMAND_USAGE})` };
    given[flag] = value;
  }
  const { conversation, seq, to } = given;
  if (!conversation || !seq || !to) return { ok: false, error: `usage: :${TRACE_COMMAND_USAGE}` };
  const n = /^\d{1,16}$/.test(seq) ? Number(seq) : NaN;
  if (!Number.isSafeInteger(n) || n < 1) return { ok: false, error: `--seq must be a whole number from 1, got ${seq}` };
  return { ok: true, target: { conversationID: conversation, seq: n, receiverID: to } };
}
