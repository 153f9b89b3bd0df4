// What the doctor reads, and the scan of many users: for a user, their conversations (the list's
// unread counts), read state, owner conversations (min seqs), a pull of each conversation's
// newest seqs (holes), joined groups and presence; for a group, get_groups by ID, the member list
// (walked, bounded) and the owner's exact lookup. Each read is the existing operation's (the
// lists' own); each that fails is one "unknown" finding with its reason, and the checks that did
// not need it still run. A scan of users keeps a bounded number of requests in flight, waits out
// a rate limit the server says the length of (walkWaitFor, the walk's rule), reports how far it
// got and stops on the operator's Esc with what it found.
import * as z from 'zod/mini';
import type { OpenIMClient } from '../api/client.js';
import { AbortedError, firstLine, isApiFailure } from '../api/errors.js';
import { GET_USERS, getReadStates, getUsersStatus } from '../api/operations.js';
import type { PageProgress } from '../api/pages.js';
import { abortableSleep, walkWaitFor } from '../api/rateLimit.js';
import { schemaParts, type ReadSeqsWire } from '../api/schemas.js';
import { platformWords } from '../content/enums.js';
import { formatCount, formatTime } from '../content/format.js';
import { displayText } from '../terminal/settle.js';
import { conversationFindings, finding, groupFindings, unknown, type ConversationSeqs, type Finding } from './doctorChecks.js';
import { groups } from './groups.js';
import { joinedGroups } from './joinedGroups.js';
import { MEMBERS_INFO, membersInfo } from './membersInfo.js';
import { members } from './members.js';
import { conversationsOperation, listedUnread, ownerConversationsOperation } from './ownerConversations.js';

/** Rows asked for per read of a user's lists (the server caps no showNumber: §4); a longer list is checked in its first ones. */
export const DOCTOR_PAGE = 500;
/** The newest seqs of each conversation pulled for holes. */
export const HOLE_WINDOW = 20;
/** Requests in flight at most during a scan. */
export const DOCTOR_IN_FLIGHT = 8;
/** Users read per get_users page of a scan (and per get_users_status). */
const USERS_PAGE = 100;
/** Members read at most for a group's checks. */
const MEMBERS_MAX = 10_000;

/** A bound on requests in flight: `run` waits for a free slot. */
export interface Limiter {
  run<T>(task: () => Promise<T>): Promise<T>;
}

export function limiter(slots: number): Limiter {
  let free = slots;
  const waiting: (() => void)[] = [];
  return {
    async run(task) {
      if (free === 0) await new Promise<void>((resolve) => waiting.push(resolve));
      else free--;
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else free++;
      }
    },
  };
}

const UNBOUNDED: Limiter = { run: (task) => task() };

/** A failed read in words for its finding; a stop, a cancel and a refused token are thrown again. */
function reasonOf(error: unknown): string {
  if (error instanceof AbortedError || !isApiFailure(error) || (error.kind === 'api' && error.isAuth)) throw error;
  const said = (text: string): string => displayText(firstLine(text)).slice(0, 80);
  switch (error.kind) {
    case 'api':
      return `${error.errCode} ${said(error.errMsg)}${error.errDlt ? `: ${said(error.errDlt)}` : ''}`;
    case 'http':
      return `HTTP ${error.status}`;
    case 'network':
      return said(error.message);
    case 'protocol':
      return `unreadable reply (${said(error.problem)})`;
  }
}

/** One read, retried while the server rate-limits and says how long; its value, or its failure in words. */
async function read<T>(limit: Limiter, task: () => Promise<T>, signal: AbortSignal | undefined): Promise<{ ok: T } | { failed: string }> {
  for (let waits = 0; ; waits++) {
    try {
      return { ok: await limit.run(task) };
    } catch (error) {
      if (signal?.aborted) throw error;
      const wait = walkWaitFor(error, waits);
      if (wait === undefined) return { failed: reasonOf(error) };
      await abortableSleep(wait, signal);
    }
  }
}

const pullBody = (userID: string, ranges: readonly { conversationID: string; begin: number; end: number }[]) => ({
  userID,
  seqRanges: ranges.map((r) => ({ ...r, num: r.end - r.begin + 1 })),
  order: 0,
});

/** The seqs of [begin, end] the pull did not answer with a message: missing, or a placeholder (status 4). */
function holesIn(msgs: readonly { seq: number; status?: number }[], begin: number, end: number): number[] {
  const present = new Set(msgs.filter((m) => m.status !== 4).map((m) => m.seq));
  const holes: number[] = [];
  for (let seq = begin; seq <= end; seq++) if (!present.has(seq)) holes.push(seq);
  return holes;
}

interface UserReads {
  limit: Limiter;
  signal: AbortSignal | undefined;
  /** The user's presence, read for many users at once by a scan; undefined: read here. */
  status?: { ok: { status: number; platformIDs: readonly number[] } } | { failed: string };
}

/** Everything the doctor finds of one user. */
export async function userFindings(client: OpenIMClient, userID: string, reads: UserReads): Promise<Finding[]> {
  const { limit, signal } = reads;
  const page = { userID, pagination: { pageNumber: 1, showNumber: DOCTOR_PAGE } };
  const [listed, seqs, owned, joined, status] = await Promise.all([
    read(limit, () => conversationsOperation.send(client, page, signal), signal),
    read(limit, () => getReadStates(client, userID, undefined, signal), signal),
    read(limit, () => ownerConversationsOperation.send(client, page, signal), signal),
    read(limit, () => joinedGroups.operation.send(client, { fromUserID: userID, pagination: page.pagination }, signal), signal),
    reads.status ?? read(limit, async () => (await getUsersStatus(client, [userID], signal)).find((s) => s.userID === userID) ?? { status: 0, platformIDs: [] }, signal),
  ]);
  const out: Finding[] = [];
  const failed = (route: string, r: { failed: string }): void => void out.push(unknown('user', userID, route, r.failed));
  if ('failed' in seqs) failed('/msg/get_conversations_has_read_and_max_seq', seqs);
  if ('failed' in listed) failed(conversationsOperation.path, listed);
  if ('failed' in owned) failed(ownerConversationsOperation.path, owned);
  if ('ok' in seqs) {
    const states: Record<string, ReadSeqsWire> = seqs.ok;
    const unread = new Map('ok' in listed ? listed.ok.rows.flatMap((c) => (listedUnread(c) === undefined ? [] : [[c.conversationID, listedUnread(c)!] as const])) : []);
    const minSeqs = new Map('ok' in owned ? owned.ok.rows.map((c) => [c.conversationID, c.minSeq] as const) : []);
    const ids = Object.keys(states);
    const holes = await pullHoles(client, userID, ids.map((id) => ({ id, maxSeq: states[id]!.maxSeq, minSeq: minSeqs.get(id) ?? 0 })), reads);
    if ('failed' in holes) failed('/msg/pull_msg_by_seq', holes);
    for (const id of ids) {
      const s = states[id]!;
      const c: ConversationSeqs = {
        conversationID: id,
        maxSeq: s.maxSeq,
        hasReadSeq: s.hasReadSeq,
        ...(unread.has(id) ? { listedUnread: unread.get(id)! } : {}),
        ...(minSeqs.has(id) ? { minSeq: minSeqs.get(id)! } : {}),
        ...('ok' in holes && holes.ok.has(id) ? { holes: holes.ok.get(id)! } : {}),
      };
      out.push(...conversationFindings(userID, c));
    }
  }
  if ('failed' in joined) failed(joinedGroups.operation.path, joined);
  else for (const g of joined.ok.rows) if (g.status === 2) out.push(finding('dismissed-joined', userID, g.groupID, `group ${g.groupID} is dismissed (status 2) but listed as joined`, joinedGroups.operation.path));
  if ('failed' in status) failed('/user/get_users_status', status);
  else if (status.ok.status === 1 || status.ok.platformIDs.length > 0) {
    out.push(finding('online', userID, '', `online on ${platformWords([...status.ok.platformIDs]) || 'no platform named'}`, '/user/get_users_status'));
  }
  return out;
}

/** One pull of every conversation's newest seqs (above its min seq); the holes by conversation. */
async function pullHoles(client: OpenIMClient, userID: string, convs: readonly { id: string; maxSeq: number; minSeq: number }[], reads: UserReads) {
  // A notification conversation's pull lists every seq of its range, unclipped: nothing to tell from it.
  const ranges = convs
    .filter((c) => c.maxSeq > 0 && !c.id.startsWith('n_') && Number.isSafeInteger(c.maxSeq))
    .slice(0, DOCTOR_PAGE)
    .map((c) => ({ conversationID: c.id, begin: Math.max(1, c.minSeq, c.maxSeq - HOLE_WINDOW + 1), end: c.maxSeq }))
    .filter((r) => r.begin <= r.end);
  if (ranges.length === 0) return { ok: new Map<string, number[]>() };
  const body = pullBody(userID, ranges);
  const pulled = await read(reads.limit, () => client.call('pullMsgBySeq', '/msg/pull_msg_by_seq', body, seqsSchema, reads.signal), reads.signal);
  if ('failed' in pulled) return pulled;
  const holes = new Map<string, number[]>();
  for (const r of ranges) {
    const found = pulled.ok.msgs[r.conversationID] ?? pulled.ok.notificationMsgs[r.conversationID];
    // Left out: the user has no record of it (the trace says so); nothing to count holes in.
    if (found) holes.set(r.conversationID, holesIn(found.Msgs, r.begin, r.end));
  }
  return { ok: holes };
}

// The pull's reply as the hole count reads it: each message's seq and status alone (the history's
// schema reads every field of every message, which a scan of many users would pay for nothing).
const pulledSeqs = z.object({ Msgs: schemaParts.list(z.object({ seq: schemaParts.intOr(0), status: schemaParts.intOr(0) })) });
const byConversation = schemaParts.or(z.record(z.string(), pulledSeqs), {} as Record<string, z.output<typeof pulledSeqs>>);
const seqsSchema = z.object({ msgs: byConversation, notificationMsgs: byConversation });


/** Everything the doctor finds of one group. */
export async function groupFindingsOf(client: OpenIMClient, groupID: string, signal: AbortSignal | undefined, now: number): Promise<Finding[]> {
  const limit = UNBOUNDED;
  const info = await read(limit, () => groups.operation.send(client, { groupID, pagination: { pageNumber: 1, showNumber: 1 } }, signal), signal);
  if ('failed' in info) return [unknown('group', groupID, groups.operation.path, info.failed)];
  const group = info.ok.rows.find((g) => g.groupInfo.groupID === groupID)?.groupInfo;
  if (!group) return [unknown('group', groupID, groups.operation.path, 'get_groups has no such group (unknown, or dismissed: the route leaves dismissed groups out)')];
  const out: Finding[] = [];
  let total = 0;
  let ownerRow = false;
  const muteEnded: { userID: string; muteEndTime: number }[] = [];
  for (let pageNumber = 1, seen = 0; seen < MEMBERS_MAX; pageNumber++) {
    const got = await read(limit, () => members.operation.send(client, { groupID, pagination: { pageNumber, showNumber: DOCTOR_PAGE } }, signal), signal);
    if ('failed' in got) {
      out.push(unknown('group', groupID, members.operation.path, got.failed));
      return out;
    }
    total = got.ok.total;
    seen += got.ok.rows.length;
    for (const m of got.ok.rows) {
      if (m.userID === group.ownerUserID && m.roleLevel === 100) ownerRow = true;
      if (m.muteEndTime > 0 && m.muteEndTime < now) muteEnded.push({ userID: m.userID, muteEndTime: m.muteEndTime });
    }
    if (got.ok.rows.length < DOCTOR_PAGE || seen >= total) break;
  }
  let ownerIsMember = ownerRow;
  if (!ownerRow && group.ownerUserID !== '') {
    const looked = await read(limit, () => membersInfo(client, groupID, [group.ownerUserID], signal), signal);
    // Not known either way: said as unknown, never as a finding.
    if ('failed' in looked) out.push(unknown('group', groupID, MEMBERS_INFO.path, looked.failed));
    ownerIsMember = 'failed' in looked || looked.ok.some((m) => m.userID === group.ownerUserID);
  }
  return [...out, ...groupFindings({ groupID, ownerUserID: group.ownerUserID, memberCount: group.memberCount, total, ownerIsMember, muteEnded }, formatTime)];
}

/** How far a scan got, for its progress line and its notice. */
export interface ScanCount {
  done: number;
  of: number;
  findings: number;
}

export const scanWords = (c: ScanCount): string =>
  `${formatCount(c.done)} of ${formatCount(c.of)} users ${'\u00b7'} ${formatCount(c.findings)} ${c.findings === 1 ? 'finding' : 'findings'}`;

/** A scan of the first `count` users (undefined: every user), in the order get_users lists them. */
export async function scanUsers(
  client: OpenIMClient,
  count: number | undefined,
  signal: AbortSignal | undefined,
  progress: PageProgress | undefined,
): Promise<{ findings: Finding[]; count: ScanCount; stopped: boolean }> {
  const limit = limiter(DOCTOR_IN_FLIGHT);
  const stop = progress ? (signal ? AbortSignal.any([signal, progress.stop]) : progress.stop) : signal;
  const findings: Finding[] = [];
  const tally: ScanCount = { done: 0, of: count ?? 0, findings: 0 };
  let stopped = false;
  const report = (): void => progress?.report(`doctor: ${scanWords(tally)}`);
  try {
    for (let pageNumber = 1; ; pageNumber++) {
      const want = count === undefined ? USERS_PAGE : Math.min(USERS_PAGE, count - (pageNumber - 1) * USERS_PAGE);
      if (want <= 0) break;
      const users = await limit.run(() => GET_USERS.send(client, { pagination: { pageNumber, showNumber: USERS_PAGE } }, stop));
      tally.of = count === undefined ? users.total : Math.min(count, users.total);
      report();
      const ids = users.rows.slice(0, want).map((u) => u.userID);
      if (ids.length === 0) break;
      const statuses = await read(limit, () => getUsersStatus(client, ids, stop), stop);
      await Promise.all(
        ids.map(async (userID) => {
          const s = 'ok' in statuses ? { ok: statuses.ok.find((x) => x.userID === userID) ?? { status: 0, platformIDs: [] } } : statuses;
          const found = await userFindings(client, userID, { limit, signal: stop, status: s });
          findings.push(...found);
          tally.done++;
          tally.findings = findings.length;
          report();
        }),
      );
      if (users.rows.length < USERS_PAGE || tally.done >= tally.of) break;
    }
  } catch (error) {
    if (!(progress?.stop.aborted && !signal?.aborted)) throw error;
    stopped = true;
  }
  // Reads still settling after a stop add nothing to what is answered.
  return { findings: [...findings], count: { ...tally }, stopped };
}
