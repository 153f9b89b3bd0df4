// The message search's scan, as the server runs it: message documents (100 seqs of one
// conversation each) in storage order, single and group conversations only, the page taken in
// that order (not by time), and the count cut short a few documents after the page fills, so
// that the count is a lower bound. The demo's storage order: user 1's chats with higher-indexed
// users (by peer), group 0, user 2's chats, group 1, and so on.
//
// Cost at any population: a sender or receiver narrows the scan to that user's chats and groups
// (found by arithmetic, singleChats.ts and groupChats.ts); a day narrows each conversation to its
// seqs of that day (messages.ts seqsBetween); a search by type or day alone walks storage order
// and stops once the page is full and counted. The demo bounds every scan (SCAN_LIMITS): past a
// bound it answers what it found, a lower bound as always. The server would scan on.
import { GROUP_POOL, groupIndexOf } from './groups.js';
import { speakerGroupsOf } from './groupChats.js';
import { factsAt, groupTimeline, isDeleted, messageAt, SESSION, seqsBetween, singleTimeline, type MessageRecord, type Timeline } from './messages.js';
import type { DemoActivity } from './activity.js';
import { isChatty, singlePeers } from './singleChats.js';
import { userIndexOf, worldNow, type World } from './users.js';

export interface SearchFilter {
  sendID: string;
  recvID: string;
  /** 0: any. */
  contentType: number;
  /** 0: any; 1 single, 3 group; anything else finds nothing (notifications are never searched). */
  sessionType: number;
  /** One UTC day, [from, to) ms. */
  day?: { from: number; to: number };
}

export interface SearchAnswer {
  rows: MessageRecord[];
  /** Matches counted before the scan stopped: a lower bound unless the scan ran out. */
  counted: number;
}

const SEQS_PER_DOC = 100;
/** Documents the demo still counts after the page fills (the server: about 11 × 50). */
export const COUNT_DOCS_AFTER_PAGE = 11;
export const SCAN_LIMITS = { messages: 200_000, conversations: 20_000 } as const;
/** How far back any message can be: the latest within two years, a history of at most 50,000 seqs 30 minutes apart. */
const OLDEST_SPAN_MS = 2 * 365 * 86_400_000 + 50_000 * 30 * 60_000;

/** Storage order of conversations: a single chat by (low, high), a group g after user g + 1's chats. */
function storageKey(t: Timeline): [number, number] {
  const p = t.parties;
  if (p.kind === 'single') return [p.low, p.high];
  if (p.kind === 'group') return [p.groupIndex + 1, Number.MAX_SAFE_INTEGER];
  return [Number.MAX_SAFE_INTEGER, 0];
}

function byStorage(a: Timeline, b: Timeline): number {
  const [a1, a2] = storageKey(a);
  const [b1, b2] = storageKey(b);
  return a1 - b1 || a2 - b2;
}

/** A user's single chats and the groups they speak in, in storage order. */
function userConversations(world: World, index: number, filter: SearchFilter, activity?: DemoActivity): Timeline[] {
  const out: Timeline[] = [];
  if (filter.sessionType !== SESSION.group) for (const peer of singlePeers(world, index)) out.push(singleTimeline(world, index, peer, activity));
  if (filter.sessionType !== SESSION.single) for (const g of speakerGroupsOf(world, index)) out.push(groupTimeline(world, g, activity));
  return out.sort(byStorage);
}

/** The conversations the filter can match, in storage order, lazily. */
function* candidates(world: World, filter: SearchFilter, activity?: DemoActivity): Generator<Timeline> {
  if (filter.sessionType !== 0 && filter.sessionType !== SESSION.single && filter.sessionType !== SESSION.group) return;
  const sender = filter.sendID ? userIndexOf(world, filter.sendID) : undefined;
  const receiver = filter.recvID ? userIndexOf(world, filter.recvID) : undefined;
  const group = filter.recvID ? groupIndexOf(filter.recvID) : undefined;
  if (filter.sendID && sender === undefined) return;
  if (filter.recvID && receiver === undefined && group === undefined) return;
  // A user receives single messages only: a group's messages carry the group's ID.
  if (receiver !== undefined && filter.sessionType === SESSION.group) return;
  if (group !== undefined) {
    // recvID matches the group's ID: that group alone.
    if (filter.sessionType !== SESSION.single) yield groupTimeline(world, group, activity);
    return;
  }
  const narrowedTo = sender ?? receiver;
  if (narrowedTo !== undefined) {
    yield* userConversations(world, narrowedTo, receiver !== undefined ? { ...filter, sessionType: SESSION.single } : filter, activity);
    return;
  }
  for (let index = 1; index <= Math.max(world.population, GROUP_POOL); index++) {
    if (filter.sessionType !== SESSION.group && index <= world.population && isChatty(world, index)) {
      const peers = singlePeers(world, index).filter((peer) => peer > index).sort((a, b) => a - b);
      for (const peer of peers) yield singleTimeline(world, index, peer, activity);
    }
    if (filter.sessionType !== SESSION.single && index - 1 < GROUP_POOL) yield groupTimeline(world, index - 1, activity);
  }
}

/** The other member of a single chat, from its sender. */
function receiverOf(t: Timeline, sendID: string): string {
  const p = t.parties;
  if (p.kind !== 'single') return '';
  return sendID === p.lowID ? p.highID : p.lowID;
}

export function searchMessages(world: World, filter: SearchFilter, page: { pageNumber: number; showNumber: number }, activity?: DemoActivity): SearchAnswer {
  const skip = (page.pageNumber - 1) * page.showNumber;
  const wanted = skip + Math.max(0, page.showNumber);
  const rows: MessageRecord[] = [];
  let counted = 0;
  // A day no message can be on: the answer of a whole scan, at once. (The activity's messages come after the world's now.)
  const outside = filter.day && (filter.day.to <= worldNow(world) - OLDEST_SPAN_MS || (!activity && filter.day.from > worldNow(world)));
  if (outside || page.showNumber <= 0) return { rows, counted };
  let docsAfterFull = -1;
  let examined = 0;
  let conversations = 0;
  for (const t of candidates(world, filter, activity)) {
    if (++conversations > SCAN_LIMITS.conversations) break;
    const range = filter.day ? seqsBetween(t, filter.day.from, filter.day.to) : t.minSeq > 0 ? [t.minSeq, t.maxSeq] as const : undefined;
    if (!range) continue;
    let doc = -1;
    for (let seq = range[0]; seq <= range[1]; seq++) {
      if (isDeleted(t, seq)) continue;
      const thisDoc = Math.floor((seq - 1) / SEQS_PER_DOC);
      if (thisDoc !== doc) {
        doc = thisDoc;
        if (docsAfterFull >= 0 && ++docsAfterFull > COUNT_DOCS_AFTER_PAGE) return { rows, counted };
      }
      if (++examined > SCAN_LIMITS.messages) return { rows, counted };
      const facts = factsAt(world, t, seq);
      if (filter.day && (facts.sendTime < filter.day.from || facts.sendTime >= filter.day.to)) continue;
      if (filter.contentType && facts.contentType !== filter.contentType) continue;
      if (filter.sendID && facts.sendID !== filter.sendID) continue;
      if (filter.recvID && t.sessionType === SESSION.single && receiverOf(t, facts.sendID) !== filter.recvID) continue;
      counted++;
      if (counted > skip && rows.length < page.showNumber) {
        const m = messageAt(world, t, seq, facts);
        if (m) rows.push(m);
      }
      if (counted === wanted && docsAfterFull < 0) docsAfterFull = 0;
    }
  }
  return { rows, counted };
}
