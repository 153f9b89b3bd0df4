// Who is in which group, computable from either side at any population without scanning the
// world, and the same from both: a group's member list and a user's joined groups name the same
// pairs, and a user's group conversations are exactly its groups (conversations.ts).
//
// Two kinds of membership, so that the busy users (the first, and every index % 50 === 2) are in
// a hundred groups or more, as they have a hundred conversations, while the rest are in a few:
// - a window: each group holds a run of consecutive ordinary users (ring order over the users
//   who chat and are not busy), starting at its seat; seats are spread evenly over the ring, so a
//   user finds its windows by one pass over the group table (3,000 entries), and a group's members
//   are the run itself;
// - the busy users: busy user k is in the groups (k·C + t) mod P for t < its count; a group finds
//   its busy members by solving that congruence for each t, a few candidates a t at a million users.
//   Each busy user's count is drawn once per population (one draw per 50 users), and with them
//   every group's busy head count at once: a user's groups are one run of the pool's ring.
// Users who never chat (index % 7 === 0) are in no group, as they have no conversation.
import { NOTIFICATION_ACCOUNTS } from './accounts.js';
import { mix, rngFor, STREAM } from './prng.js';
import { isChatty, singlePeers } from './singleChats.js';
import type { World } from './users.js';

/** Size of the group pool: group indexes are 0 .. GROUP_POOL - 1. */
export const GROUP_POOL = 3000;
/** Facts about user_000001 that DEMO documents; conversationsOf enforces them. */
export const FIRST_USER_CONVERSATIONS = 240;
/** Every this-many groups has never had a message (groupChats.ts): the last of each run of 41. */
export const SILENT_GROUP_EVERY = 41;
const isSilentGroup = (group: number): boolean => group % SILENT_GROUP_EVERY === SILENT_GROUP_EVERY - 1;
/** The first user's groups without a message: with its silent chat (singleChats.ts), four conversations without one. */
const FIRST_USER_SILENT_GROUPS = 3;

/** About how many windows an ordinary user is in; a group's window may be empty (its members are then busy users, or none). */
const WINDOWS_PER_USER = 4;
/** Busy user k's groups step by this (coprime with GROUP_POOL, so a busy user's groups are distinct). */
const BUSY_STEP = 1117;
const BUSY_STEP_INVERSE = (() => {
  for (let x = 1; x < GROUP_POOL; x++) if ((BUSY_STEP * x) % GROUP_POOL === 1) return x;
  throw new Error('BUSY_STEP must be coprime with GROUP_POOL');
})();
const BUSY_MIN = 100;
const BUSY_SPAN = 121;

// Ordinary ring members: index >= 2, chatty (not % 7), not busy (not % 50 === 2). The pattern
// repeats every 350 indexes, so rank <-> index is arithmetic.
const PERIOD = 350;
const RESIDUES: readonly number[] = Array.from({ length: PERIOD }, (_, r) => r).filter((r) => r % 7 !== 0 && r % 50 !== 2);
const BELOW: readonly number[] = (() => {
  const below: number[] = [];
  let n = 0;
  for (let r = 0; r <= PERIOD; r++) {
    below.push(n);
    if (RESIDUES.includes(r)) n++;
  }
  return below;
})();
const countBelow = (x: number): number => Math.floor(x / PERIOD) * RESIDUES.length + BELOW[x % PERIOD]!;
const ordinary = (index: number): boolean => index >= 2 && index % 7 !== 0 && index % 50 !== 2;
/** Rank among ordinary users (index 1 matches the pattern but is busy: counted out). */
const ordinaryRank = (index: number): number => countBelow(index) - 1;
function ordinaryIndex(rank: number): number {
  const n = rank + 1;
  return Math.floor(n / RESIDUES.length) * PERIOD + RESIDUES[n % RESIDUES.length]!;
}

/** Busy rank: 0 the first user, k >= 1 the user 50(k-1)+2. */
function busyRank(index: number): number | undefined {
  if (index === 1) return 0;
  return index >= 2 && index % 50 === 2 ? (index - 2) / 50 + 1 : undefined;
}
const busyIndex = (rank: number): number => (rank === 0 ? 1 : 50 * (rank - 1) + 2);

interface Layout {
  population: number;
  /** Ordinary users. */
  ring: number;
  seat: Int32Array;
  width: Int32Array;
  /** The highest busy rank of this population. */
  busyMax: number;
  /**
   * The first user's groups: as many as its 240 conversations leave after its chats and notices,
   * the lowest group indexes but for the silent groups past FIRST_USER_SILENT_GROUPS.
   */
  firstGroupSet: Set<number>;
  /** How many groups each busy rank >= 1 is in (0: never chats), drawn when a group first needs them. */
  busyPerRank: Uint8Array | undefined;
  /** Busy members per group, from busyPerRank. */
  busyCount: Int32Array | undefined;
  /** The busy members of the groups asked for last (a page, a conversation's sender), by group. */
  busyLists: Map<number, number[]>;
}

const layouts = new Map<number, Layout>();

function layoutOf(world: World): Layout {
  const population = world.population;
  let layout = layouts.get(population);
  if (layout) return layout;
  const ring = population < 2 ? 0 : countBelow(population + 1) - 1;
  const weights = Array.from({ length: GROUP_POOL }, (_, g) => {
    const rng = rngFor(STREAM.group, g, 4);
    return rng.chance(0.05) ? rng.between(200, 2000) : rng.between(1, 100);
  });
  const sum = weights.reduce((a, b) => a + b, 0);
  const seat = new Int32Array(GROUP_POOL);
  const width = new Int32Array(GROUP_POOL);
  for (let g = 0; g < GROUP_POOL; g++) {
    seat[g] = Math.floor((g * ring) / GROUP_POOL);
    width[g] = Math.min(ring, Math.round((weights[g]! * WINDOWS_PER_USER * ring) / sum));
  }
  const firstChats = population >= 1 && isChatty(world, 1) ? singlePeers(world, 1).length : 0;
  const firstGroups = population >= 1 ? Math.max(0, FIRST_USER_CONVERSATIONS - firstChats - NOTIFICATION_ACCOUNTS.length) : 0;
  const firstGroupSet = new Set<number>();
  let silent = 0;
  for (let g = 0; g < GROUP_POOL && firstGroupSet.size < firstGroups; g++) {
    if (isSilentGroup(g) && silent++ >= FIRST_USER_SILENT_GROUPS) continue;
    firstGroupSet.add(g);
  }
  layout = {
    population,
    ring,
    seat,
    width,
    busyMax: population >= 2 ? Math.floor((population - 2) / 50) + 1 : 0,
    firstGroupSet,
    busyPerRank: undefined,
    busyCount: undefined,
    busyLists: new Map(),
  };
  // A few populations at most live in one process (tests): no eviction needed beyond a bound.
  if (layouts.size > 16) layouts.clear();
  layouts.set(population, layout);
  return layout;
}

/** How many groups busy user k >= 1 is in (0 for one who never chats). */
function busyGroups(world: World, layout: Layout, rank: number): number {
  if (rank > layout.busyMax || !isChatty(world, busyIndex(rank))) return 0;
  return BUSY_MIN + (mix(STREAM.group, rank, 7) % BUSY_SPAN);
}

const busyMost = (): number => BUSY_MIN + BUSY_SPAN;

/** Each busy rank's group count (index 0, the first user, has its own set): one draw a rank, once. */
function busyPerRank(world: World, layout: Layout): Uint8Array {
  if (!layout.busyPerRank) {
    // 220 at most (BUSY_MIN + BUSY_SPAN - 1): a byte each.
    const per = new Uint8Array(layout.busyMax + 1);
    for (let rank = 1; rank <= layout.busyMax; rank++) per[rank] = busyGroups(world, layout, rank);
    layout.busyPerRank = per;
  }
  return layout.busyPerRank;
}

/** Calls `found` with the rank of each busy member of a group (in no order). */
function eachBusyMember(world: World, layout: Layout, group: number, found: (rank: number) => void): void {
  if (layout.firstGroupSet.has(group)) found(0);
  const per = busyPerRank(world, layout);
  for (let t = 0; t < busyMost(); t++) {
    // rank * BUSY_STEP + t = group (mod GROUP_POOL); the first user (rank 0) has its own set.
    const first = ((((group - t) % GROUP_POOL) + GROUP_POOL) * BUSY_STEP_INVERSE) % GROUP_POOL;
    for (let rank = first || GROUP_POOL; rank <= layout.busyMax; rank += GROUP_POOL) if (t < per[rank]!) found(rank);
  }
}

/** The busy members of a group, by index ascending. */
function busyMembers(world: World, layout: Layout, group: number): number[] {
  const known = layout.busyLists.get(group);
  if (known) return known;
  const ranks: number[] = [];
  eachBusyMember(world, layout, group, (rank) => ranks.push(rank));
  const members = ranks.sort((a, b) => a - b).map(busyIndex);
  if (layout.busyLists.size >= 512) layout.busyLists.delete(layout.busyLists.keys().next().value!);
  layout.busyLists.set(group, members);
  return members;
}

function busyCountOf(world: World, layout: Layout, group: number): number {
  if (!layout.busyCount) {
    // Busy rank k is in the run of groups kC .. kC + count - 1 (mod P): a difference array adds
    // each run in two steps, so every group is counted in one pass over the busy users.
    const per = busyPerRank(world, layout);
    const diff = new Int32Array(GROUP_POOL + 1);
    for (let rank = 1; rank <= layout.busyMax; rank++) {
      const count = per[rank]!;
      if (count === 0) continue;
      const start = (rank * BUSY_STEP) % GROUP_POOL;
      const end = start + count;
      diff[start]!++;
      if (end <= GROUP_POOL) diff[end]!--;
      else {
        diff[GROUP_POOL]!--;
        diff[0]!++;
        diff[end - GROUP_POOL]!--;
      }
    }
    const counts = new Int32Array(GROUP_POOL);
    let running = 0;
    for (let g = 0; g < GROUP_POOL; g++) {
      running += diff[g]!;
      counts[g] = running + (layout.firstGroupSet.has(g) ? 1 : 0);
    }
    layout.busyCount = counts;
  }
  return layout.busyCount[group]!;
}

/** Whether a group has no member (cheap: only a group without a window counts its busy members). */
export function isEmpty(world: World, group: number): boolean {
  const layout = layoutOf(world);
  return layout.width[group]! === 0 && busyCountOf(world, layout, group) === 0;
}

/** How many members a group has. */
export function memberCount(world: World, group: number): number {
  const layout = layoutOf(world);
  return layout.width[group]! + busyCountOf(world, layout, group);
}

/**
 * A group's members, in the server's order for its member list: the owner (position 0), its
 * admins, then the members. `from`/`to` cut the positions (half-open); only those are built.
 */
export function membersOf(world: World, group: number, from = 0, to = Number.MAX_SAFE_INTEGER): number[] {
  const layout = layoutOf(world);
  const width = layout.width[group]!;
  const out: number[] = [];
  for (let p = from; p < Math.min(to, width); p++) out.push(ordinaryIndex((layout.seat[group]! + p) % layout.ring));
  if (to > width) out.push(...busyMembers(world, layout, group).slice(Math.max(0, from - width), to - width));
  return out;
}

/** The groups a user is in (group indexes, ascending). */
export function groupsOf(world: World, index: number): number[] {
  if (index < 1 || index > world.population) return [];
  const layout = layoutOf(world);
  const rank = busyRank(index);
  if (rank === 0) return [...layout.firstGroupSet];
  if (rank !== undefined) {
    const count = busyGroups(world, layout, rank);
    return Array.from({ length: count }, (_, t) => (rank * BUSY_STEP + t) % GROUP_POOL).sort((a, b) => a - b);
  }
  if (!ordinary(index)) return [];
  const own = ordinaryRank(index);
  const groups: number[] = [];
  for (let g = 0; g < GROUP_POOL; g++) if ((own - layout.seat[g]! + layout.ring) % layout.ring < layout.width[g]!) groups.push(g);
  return groups;
}
