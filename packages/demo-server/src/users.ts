// Ordinary users are a pure function of their index: no table is ever materialised, so a
// population of a million costs nothing until a page of it is asked for.
import { personName } from './names.js';
import { rngFor, STREAM } from './prng.js';
import { HOSTILE_NICKNAMES, LONG_EX_INDEX, LONG_EX_VALUE } from './hostile.js';
import { REGISTRATION_START_MS, registrationAt } from './registrations.js';

/**
 * The data set's reference "now". A world runs at its own now (World.nowMs, by default this
 * one): every time in the data set is computed back from it, so a demo started with the clock's
 * now looks like a server running today, and one started with a fixed now repeats to the ms.
 */
export const DEMO_NOW_MS = Date.UTC(2026, 0, 15, 9, 30, 0);
/** What Go's zero time.Time gives from UnixMilli(): a record with no create_time. */
export const GO_ZERO_TIME_MS = -62_135_596_800_000;

/** Index of the one user stored without a create_time. */
export const ZERO_TIME_INDEX = 11;

export interface UserRecord {
  userID: string;
  nickname: string;
  faceURL: string;
  ex: string;
  createTime: number;
  appMangerLevel: number;
  globalRecvMsgOpt: number;
}

export interface World {
  /** Number of ordinary users, user_000001 .. user_<population>. */
  population: number;
  adminUserID: string;
  /** The world's now (ms): every time of the data set is computed back from it. Default DEMO_NOW_MS. */
  nowMs?: number;
}

/** The world's now: the moment its data set's times are counted back from. */
export function worldNow(world: Pick<World, 'nowMs'>): number {
  return world.nowMs ?? DEMO_NOW_MS;
}

/** How far the world's clock is from the reference: added to every time, so shapes and orders stay. */
export function worldShift(world: Pick<World, 'nowMs'>): number {
  return worldNow(world) - DEMO_NOW_MS;
}

export function userIdOf(index: number): string {
  return `user_${String(index).padStart(6, '0')}`;
}

/** The index a user ID names, if it is an ordinary user of this world. */
export function userIndexOf(world: World, userID: string): number | undefined {
  const match = /^user_(\d{6,})$/.exec(userID);
  if (!match?.[1]) return undefined;
  const index = Number(match[1]);
  // Reject spellings that do not round-trip, e.g. user_0000001.
  if (userIdOf(index) !== userID || index < 1 || index > world.population) return undefined;
  return index;
}

export function nicknameAt(index: number): string {
  return HOSTILE_NICKNAMES.get(index) ?? personName(rngFor(STREAM.user, index, 1));
}

const EX_SAMPLES = [
  '{"department":"Sales","title":"Account Manager"}',
  '{"vip":true,"tags":["beta","early-adopter"]}',
  '{"note":"R&D <platform> team"}',
  'imported-from-ldap',
] as const;

export function userAt(world: World, index: number): UserRecord {
  const rng = rngFor(STREAM.user, index, 2);
  // Weekly rhythm, growth and a spike day, monotone in the index (registrations.ts).
  const registered = registrationAt(REGISTRATION_START_MS + worldShift(world), worldNow(world), index, world.population, rng.next());
  const faceURL = rng.chance(0.15) ? '' : `https://avatars.example.com/u/${index}.png?size=200&v=${rng.between(1, 5)}`;
  let ex = rng.chance(0.25) ? rng.pick(EX_SAMPLES) : '';
  if (index === LONG_EX_INDEX) ex = LONG_EX_VALUE;
  return {
    userID: userIdOf(index),
    nickname: nicknameAt(index),
    faceURL,
    ex,
    createTime: createTimeFor(index, registered),
    appMangerLevel: rng.chance(0.1) ? 1 : 0,
    globalRecvMsgOpt: rng.pick([0, 0, 0, 0, 0, 0, 0, 0, 2, 1]),
  };
}

function createTimeFor(index: number, registered: number): number {
  if (index === ZERO_TIME_INDEX) return GO_ZERO_TIME_MS;
  // Accounts imported by old scripts without a timestamp.
  if (index % 1000 === 12) return 0;
  return registered;
}

/** A user's public card, for lists that embed another user (friend requests, blacks). */
export interface PublicUser {
  userID: string;
  nickname: string;
  faceURL: string;
  ex: string;
}

export function publicUserAt(world: World, index: number): PublicUser {
  const { userID, nickname, faceURL, ex } = userAt(world, index);
  return { userID, nickname, faceURL, ex };
}
