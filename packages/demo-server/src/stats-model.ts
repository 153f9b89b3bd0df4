// What the four statistics routes count, computed from the demo's own data so that they agree with
// its lists: registrations from the users' creation times, group creations from the groups', and
// messages from the one message model (messages.ts) over the conversations the message search
// scans, in the same storage order and under the same bound (message-search.ts SCAN_LIMITS).
//
// Cost: a user's creation time grows with its index, so the users registered in a day are an
// index range found by bisection (a few dozen userAt calls at any population). A conversation's
// messages are evenly spaced back from its latest one, so its seqs of a day are found by
// arithmetic (messages.ts seqsBetween) and counted without reading them; only per-sender counts
// read each message's cheap facts, and only for the conversations and days asked.
import { systemUsers } from './accounts.js';
import type { DemoActivity } from './activity.js';
import type { ServerGeneration } from './generation.js';
import { GROUP_POOL, groupHead } from './groups.js';
import { factsAt, groupTimeline, isDeleted, senderRolls, seqsBetween, singleTimeline, type Timeline } from './messages.js';
import { SCAN_LIMITS } from './message-search.js';
import { isChatty, singlePeers } from './singleChats.js';
import { SYSTEM_CREATED_MS } from './users-info.js';
import { userAt, worldShift, ZERO_TIME_INDEX, type World } from './users.js';

const DAY_MS = 86_400_000;

/** `$dateToString` without a timezone: the UTC day of a time in ms. */
export function utcDayKey(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The UTC days that [start, end) touches, each clipped to the window. */
export function windowDays(start: number, end: number): Array<{ key: string; from: number; to: number }> {
  const days: Array<{ key: string; from: number; to: number }> = [];
  for (let from = start; from < end; ) {
    const dayEnd = Math.floor(from / DAY_MS) * DAY_MS + DAY_MS;
    const to = Math.min(dayEnd, end);
    days.push({ key: utcDayKey(from), from, to });
    from = to;
  }
  return days;
}

/** The first ordinary-user index whose registration is at or after t (it grows with the index), 1..population+1. */
function firstUserFrom(world: World, t: number): number {
  let lo = 1;
  let hi = world.population + 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (registrationKey(world, mid) < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whether the user is stored without a real creation time (0 or Go's zero: users.ts createTimeFor). */
function timeless(index: number): boolean {
  return index === ZERO_TIME_INDEX || index % 1000 === 12;
}

/** What the bisection orders by: the creation time, or a timeless user's next neighbour's (its place in the order). */
function registrationKey(world: World, index: number): number {
  let i = index;
  while (timeless(i) && i < world.population) i++;
  return timeless(i) ? Number.POSITIVE_INFINITY : userAt(world, i).createTime;
}

/** Timeless users among indices [1, end). */
function timelessBelow(end: number): number {
  const n = Math.max(0, end - 1);
  return Math.floor((n + 988) / 1000) + (n >= ZERO_TIME_INDEX ? 1 : 0);
}

export interface CountAnswer {
  total: number;
  before: number;
  count: Record<string, number>;
}

/** /statistics/user/register: every user document (all levels), the ones created before start, per UTC day in [start, end). */
export function registerCounts(world: World, generation: ServerGeneration, start: number, end: number, activity?: DemoActivity): CountAnswer {
  const system = systemUsers(world, generation).length;
  const added = activity?.registered() ?? 0;
  const count: Record<string, number> = {};
  // A timeless user was created "before" any window (0 < start), wherever its index sits.
  const beforeIndex = firstUserFrom(world, start);
  let ordinaryBefore = beforeIndex - 1 - timelessBelow(beforeIndex) + timelessBelow(world.population + 1);
  for (const day of windowDays(start, end)) {
    const [a, b] = [firstUserFrom(world, day.from), firstUserFrom(world, day.to)];
    const n = b - a - (timelessBelow(b) - timelessBelow(a));
    if (n > 0) count[day.key] = n;
  }
  // Users registered while the demo runs, at their own times.
  for (let i = 1; i <= added; i++) {
    const at = activity!.newUser(world.population + i).createTime;
    if (at < start) ordinaryBefore++;
    else if (at < end) {
      const key = utcDayKey(at);
      count[key] = (count[key] ?? 0) + 1;
    }
  }
  // The system accounts were stored together, on one day before the first user (users-info.ts).
  const systemAt = SYSTEM_CREATED_MS + worldShift(world);
  let before = ordinaryBefore;
  if (systemAt < start) before += system;
  else if (systemAt < end) count[utcDayKey(systemAt)] = (count[utcDayKey(systemAt)] ?? 0) + system;
  return { total: world.population + added + system, before, count };
}

/** Every group's creation time, sorted: 3,000 groups, computed once per world. */
const groupTimes = new WeakMap<World, Float64Array>();
function sortedGroupTimes(world: World): Float64Array {
  let times = groupTimes.get(world);
  if (!times) {
    times = new Float64Array(GROUP_POOL);
    for (let g = 0; g < GROUP_POOL; g++) times[g] = groupHead(world, g).createTime;
    times.sort();
    groupTimes.set(world, times);
  }
  return times;
}

function firstAtOrAfter(times: Float64Array, t: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (times[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** /statistics/group/create: the same over groups, dismissed ones included. */
export function groupCreateCounts(world: World, start: number, end: number): CountAnswer {
  const times = sortedGroupTimes(world);
  const count: Record<string, number> = {};
  for (const day of windowDays(start, end)) {
    const n = firstAtOrAfter(times, day.to) - firstAtOrAfter(times, day.from);
    if (n > 0) count[day.key] = n;
  }
  return { total: times.length, before: firstAtOrAfter(times, start), count };
}

export type Scope = 'single' | 'singleAndGroup' | 'group';

/**
 * The conversations a statistics aggregation reads, in the search's storage order and under its
 * bound, without the activity's messages: built once per world (the data set never changes), so
 * a request walks an array instead of recomputing every user's peers.
 */
const stored = new WeakMap<World, { single: readonly Timeline[]; all: readonly Timeline[] }>();
function storedConversations(world: World): { single: readonly Timeline[]; all: readonly Timeline[] } {
  let lists = stored.get(world);
  if (lists) return lists;
  const single: Timeline[] = [];
  const all: Timeline[] = [];
  for (let index = 1; index <= Math.max(world.population, GROUP_POOL) && all.length < SCAN_LIMITS.conversations; index++) {
    if (index <= world.population && isChatty(world, index)) {
      const peers = singlePeers(world, index).filter((peer) => peer > index).sort((a, b) => a - b);
      for (const peer of peers) {
        const t = singleTimeline(world, index, peer);
        if (single.length < SCAN_LIMITS.conversations) single.push(t);
        if (all.length < SCAN_LIMITS.conversations) all.push(t);
      }
    }
    if (index - 1 < GROUP_POOL && all.length < SCAN_LIMITS.conversations) all.push(groupTimeline(world, index - 1));
  }
  stored.set(world, (lists = { single, all }));
  return lists;
}

/** The scope's conversations with the activity's messages on the ones that have some. */
function* conversations(world: World, scope: Scope, activity?: DemoActivity): Generator<Timeline> {
  const lists = storedConversations(world);
  const list = scope === 'single' ? lists.single : lists.all;
  for (const t of list) {
    if (scope === 'group' && t.parties.kind !== 'group') continue;
    const added = activity?.addedTo(t.conversationID) ?? [];
    // As messages.ts timeline() extends a timeline with the activity's messages.
    yield added.length === 0 ? t : { ...t, added, maxSeq: t.base + added.length, minSeq: t.minSeq || t.base + 1 };
  }
}

/** The seqs of [from, to) in one conversation, exactly (deleted seqs included; the caller skips them). */
function seqsOfWindow(world: World, t: Timeline, from: number, to: number): [number, number] | undefined {
  const range = seqsBetween(t, from, to);
  if (!range) return undefined;
  let [lo, hi] = range;
  // seqsBetween widens by one on each side; send times grow with the seq, so trim the ends.
  while (lo <= hi && factsAt(world, t, lo).sendTime < from) lo++;
  while (hi >= lo && factsAt(world, t, hi).sendTime >= to) hi--;
  return lo <= hi ? [lo, hi] : undefined;
}

function keptBetween(t: Timeline, lo: number, hi: number): number {
  let n = hi - lo + 1;
  for (const [a, b] of t.holes) n -= Math.max(0, Math.min(b, hi) - Math.max(a, lo) + 1);
  if (lo < t.minSeq) n -= Math.min(hi, t.minSeq - 1) - lo + 1;
  return Math.max(0, n);
}

/**
 * Adds the senders of seqs [lo, hi] (deleted ones skipped) to `counts`, as factsAt names them: below
 * the base from the sender draw alone, tallied per party and added once per conversation and day
 * (a string-keyed map update per message was most of a pulse's time); the latest and the
 * activity's messages through factsAt.
 */
function countSenders(world: World, t: Timeline, lo: number, hi: number, counts: Map<string, number>): void {
  const add = (sender: string, n: number) => counts.set(sender, (counts.get(sender) ?? 0) + n);
  const p = t.parties;
  const parties = p.kind === 'single' ? [p.lowID, p.highID] : p.kind === 'group' ? p.speakerIDs() : [];
  let seq = lo;
  if (parties.length > 0) {
    const tally = new Int32Array(parties.length);
    const below = Math.min(hi, t.base - 1);
    const rollAt = senderRolls(t);
    const single = p.kind === 'single';
    // Seqs below minSeq and in holes are deleted (isDeleted): skipped by range, holes ascending.
    let hole = 0;
    for (seq = Math.max(seq, t.minSeq); seq <= below; seq++) {
      while (hole < t.holes.length && t.holes[hole]![1] < seq) hole++;
      const h = t.holes[hole];
      if (h && seq >= h[0]) {
        seq = h[1];
        continue;
      }
      const roll = rollAt(seq);
      tally[single ? (roll < 0.5 ? 0 : 1) : Math.floor(roll * parties.length)]!++;
    }
    seq = Math.max(seq, below + 1);
    tally.forEach((n, i) => {
      if (n > 0) add(parties[i]!, n);
    });
  }
  for (; seq <= hi; seq++) if (!isDeleted(t, seq)) add(factsAt(world, t, seq).sendID, 1);
}

export interface ActiveAnswer {
  msgCount: number;
  /** Messages per UTC day (not senders: the server's per-day $group counts messages). */
  dateCount: Record<string, number>;
  /** Per sender (or per group), message counts over the window: only when `who` is asked. */
  counts: Map<string, number>;
}

/**
 * Messages in [start, end) per UTC day, and with `who` the count per sender ('sender') or per group
 * ('group'). The per-day figures cost two boundary reads per conversation and day; `who` reads
 * each message's facts in the window.
 */
export function activeCounts(world: World, scope: Scope, start: number, end: number, who: 'sender' | 'group', activity?: DemoActivity): ActiveAnswer {
  const days = windowDays(start, end);
  const dateCount: Record<string, number> = {};
  const counts = new Map<string, number>();
  let msgCount = 0;
  if (days.length === 0) return { msgCount, dateCount, counts };
  for (const t of conversations(world, scope, activity)) {
    if (!seqsBetween(t, start, end)) continue;
    const groupID = t.parties.kind === 'group' ? t.conversationID.slice(3) : '';
    for (const day of days) {
      const range = seqsOfWindow(world, t, day.from, day.to);
      if (!range) continue;
      const n = keptBetween(t, range[0], range[1]);
      if (n === 0) continue;
      dateCount[day.key] = (dateCount[day.key] ?? 0) + n;
      msgCount += n;
      if (who === 'group') counts.set(groupID, (counts.get(groupID) ?? 0) + n);
      else countSenders(world, t, range[0], range[1], counts);
    }
  }
  return { msgCount, dateCount, counts };
}

/**
 * The rows of a top list as the server pages them: sorted by count (ascending with `ase`), then the
 * bug: `$slice: [list, pageNumber − 1, showNumber]`, so page p starts at row p (mgo/msg.go:651,888).
 * Ties are unordered on the server; the demo breaks them by ID so that a walk is repeatable.
 */
export function topPage(counts: Map<string, number>, ase: boolean, pageNumber: number, showNumber: number): Array<[string, number]> {
  const rows = [...counts].sort((a, b) => (ase ? a[1] - b[1] : b[1] - a[1]) || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return rows.slice(pageNumber - 1, pageNumber - 1 + showNumber);
}
