// Friend applications a user has sent, in every handle state. Returned newest first, as the
// real server sorts them by create_time descending before paging. The same rows are the
// receivers' received applications (received-applications.ts), so who applied to a user must be
// found without scanning everyone: above APPLY_REACH users, a user applies only to users a few
// fixed distances ahead on the ring (NEAR), so its applicants are among as many users behind it.
import { HOSTILE_REQ_MSG } from './hostile.js';
import { pickOthers } from './directory.js';
import { rngFor, STREAM, type Rng } from './prng.js';
import type { PublicUser, World } from './users.js';
import { publicUserAt, userIndexOf, worldNow } from './users.js';

export interface FriendRequestWire {
  fromUserID: string;
  fromNickname: string;
  fromFaceURL: string;
  toUserID: string;
  toNickname: string;
  toFaceURL: string;
  handleResult: number;
  reqMsg: string;
  createTime: number;
  handlerUserID: string;
  handleMsg: string;
  handleTime: number;
  ex: string;
}

export const HANDLE_PENDING = 0;
export const HANDLE_ACCEPTED = 1;
export const HANDLE_REFUSED = -1;

const REQ_MSGS = [
  "Hi, I'm {me}", '你好，我是{me}', 'We met at the conference last week', '', '👋', 'Please add me: R&D <backend> team',
  'こんにちは！', 'Friend of Carol', '',
] as const;
const ACCEPT_MSGS = ['Sure!', '好的，很高兴认识你', '👍', '', 'Welcome aboard'] as const;
const REFUSE_MSGS = ["Sorry, I don't know you", '', '不认识', 'No spam please'] as const;

/** First user: forced targets (user_000002 gets the hostile message) and every state in turn. */
const FIRST_USER_TARGETS = [2, 19, 3, 4];
const FIRST_USER_COUNT = 40;

function requestCount(index: number, rng: Rng): number {
  if (index === 1) return FIRST_USER_COUNT;
  if (index % 5 === 0) return 0;
  return rng.int(13);
}

function stateFor(index: number, k: number, rng: Rng): number {
  if (index === 1) return [HANDLE_PENDING, HANDLE_ACCEPTED, HANDLE_REFUSED][k % 3] ?? HANDLE_PENDING;
  const roll = rng.next();
  return roll < 0.5 ? HANDLE_PENDING : roll < 0.85 ? HANDLE_ACCEPTED : HANDLE_REFUSED;
}

/** Up to this population anyone may be a target (the default 5,000 included); above it, near users. */
const APPLY_REACH = 8192;

/** Above APPLY_REACH, a user applies to users these distances ahead on the ring: a fixed set for every world. */
const NEAR: readonly number[] = (() => {
  const rng = rngFor(STREAM.friendRequests, 0);
  const set = new Set<number>();
  while (set.size < 128) set.add(rng.between(1, 2048));
  return [...set];
})();

function ring(world: World, index: number): number {
  const n = world.population;
  return ((((index - 1) % n) + n) % n) + 1;
}

/** Whom a user applied to, in the order drawn, and the stream the rest of its rows come from. */
function sentPlan(world: World, index: number): { rng: Rng; targets: number[] } {
  const rng = rngFor(STREAM.friendRequests, index);
  const count = requestCount(index, rng);
  const forced = index === 1 ? FIRST_USER_TARGETS : [];
  const near = world.population > APPLY_REACH ? () => ring(world, index + rng.pick(NEAR)) : undefined;
  return { rng, targets: pickOthers(world, rng, index, count, forced, near) };
}

/** A small world's applicants of every user, built once on first need (about 10 ms at 5,000 users). */
const smallWorldApplicants = new WeakMap<World, Map<number, number[]>>();

function applicantIndex(world: World): Map<number, number[]> {
  let byTarget = smallWorldApplicants.get(world);
  if (byTarget) return byTarget;
  byTarget = new Map();
  for (let sender = 1; sender <= world.population; sender++) {
    for (const target of sentPlan(world, sender).targets) {
      const list = byTarget.get(target);
      if (list) list.push(sender);
      else byTarget.set(target, [sender]);
    }
  }
  smallWorldApplicants.set(world, byTarget);
  return byTarget;
}

/**
 * The users whose generated applications include one to `index`, in increasing index order. A
 * large world looks only at the users NEAR behind; `examined` counts them, for tests of the cost.
 */
export function applicantsOf(world: World, index: number, examined?: (candidate: number) => void): number[] {
  if (index < 1 || index > world.population) return [];
  if (world.population <= APPLY_REACH) return [...(applicantIndex(world).get(index) ?? [])];
  const found = new Set<number>();
  for (const distance of NEAR) {
    const candidate = ring(world, index - distance);
    examined?.(candidate);
    if (sentPlan(world, candidate).targets.includes(index)) found.add(candidate);
  }
  return [...found].sort((a, b) => a - b);
}

export function friendRequestsOf(world: World, userID: string): FriendRequestWire[] {
  const index = userIndexOf(world, userID);
  if (index === undefined) return [];
  const { rng, targets } = sentPlan(world, index);
  const me = publicUserAt(world, index);
  const now = worldNow(world);
  let createTime = now - rng.between(60_000, 3_600_000);
  const requests = targets.map((target, k) => {
    // Strictly decreasing, so order is total and re-sorting is stable across pages.
    createTime -= rng.between(300_000, 2 * 86_400_000);
    return buildRequest(me, publicUserAt(world, target), stateFor(index, k, rng), createTime, rng, now);
  });
  if (index === 1) decorateFirstUser(requests);
  return requests.sort((a, b) => b.createTime - a.createTime);
}

function buildRequest(me: PublicUser, to: PublicUser, state: number, createTime: number, rng: Rng, now: number): FriendRequestWire {
  const handled = state !== HANDLE_PENDING;
  const handleTime = handled ? Math.min(createTime + rng.between(60_000, 3 * 86_400_000), now) : 0;
  const handleMsg = state === HANDLE_ACCEPTED ? rng.pick(ACCEPT_MSGS) : state === HANDLE_REFUSED ? rng.pick(REFUSE_MSGS) : '';
  return {
    fromUserID: me.userID,
    fromNickname: me.nickname,
    fromFaceURL: me.faceURL,
    toUserID: to.userID,
    toNickname: to.nickname,
    toFaceURL: to.faceURL,
    handleResult: state,
    reqMsg: rng.pick(REQ_MSGS).replace('{me}', me.nickname),
    createTime,
    handlerUserID: handled ? to.userID : '',
    handleMsg,
    handleTime,
    ex: rng.chance(0.1) ? '{"source":"qr-code"}' : '',
  };
}

function decorateFirstUser(requests: FriendRequestWire[]): void {
  const first = requests[0];
  if (first) first.reqMsg = HOSTILE_REQ_MSG;
  // A re-application: the server resets the state to pending but keeps the old handle_time.
  const reapplied = requests[3];
  if (reapplied && reapplied.handleResult === HANDLE_PENDING) {
    reapplied.handleTime = reapplied.createTime - 5 * 86_400_000;
    reapplied.reqMsg = 'Trying again, please accept 🙏';
  }
}
