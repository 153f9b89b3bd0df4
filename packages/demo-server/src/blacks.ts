// A user's blacklist. Natural (insertion) order, like the unsorted Mongo query; createTime is
// in SECONDS here, unlike every other timestamp of the API.
import { pickOthers } from './directory.js';
import { rngFor, STREAM, type Rng } from './prng.js';
import type { PublicUser, World } from './users.js';
import { publicUserAt, userIndexOf, worldNow } from './users.js';

export interface BlackWire {
  ownerUserID: string;
  createTime: number;
  blackUserInfo: PublicUser;
  addSource: number;
  operatorUserID: string;
  ex: string;
}

const FIRST_USER_BLACKS = [13, 29];
const FIRST_USER_COUNT = 12;

function blackCount(index: number, rng: Rng): number {
  if (index === 1) return FIRST_USER_COUNT;
  if (index % 3 === 0) return 0;
  return rng.chance(0.3) ? 0 : rng.between(1, 6);
}

export function blacksOf(world: World, userID: string): BlackWire[] {
  const index = userIndexOf(world, userID);
  if (index === undefined) return [];
  const rng = rngFor(STREAM.blacks, index);
  const targets = pickOthers(world, rng, index, blackCount(index, rng), index === 1 ? FIRST_USER_BLACKS : []);
  let createdMs = worldNow(world) - 300 * 86_400_000;
  return targets.map((target) => {
    createdMs += rng.between(3_600_000, 20 * 86_400_000);
    return {
      ownerUserID: userID,
      createTime: Math.floor(createdMs / 1000),
      blackUserInfo: publicUserAt(world, target),
      // AddBlack never sets it, so the real server always reports 0.
      addSource: 0,
      operatorUserID: rng.chance(0.2) ? world.adminUserID : userID,
      ex: rng.chance(0.15) ? '{"reason":"spam"}' : '',
    };
  });
}
