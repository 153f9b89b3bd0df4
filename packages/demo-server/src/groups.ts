// Groups referenced by conversations, computed from a group index like users are.
import { groupName } from './names.js';
import { rngFor, STREAM } from './prng.js';

/** Size of the group pool conversations draw from. */
export const GROUP_POOL = 3000;

export interface GroupRecord {
  groupID: string;
  groupName: string;
  faceURL: string;
  memberCount: number;
  ownerIndex: number;
  createTime: number;
}

const GROUP_ID_BASE = 3_100_000_000;
const GROUP_ID_STRIDE = 7_919;

/** The pool index a group ID names, if it names one. */
export function groupIndexOf(groupID: string): number | undefined {
  if (!/^\d+$/.test(groupID)) return undefined;
  const index = (Number(groupID) - GROUP_ID_BASE) / GROUP_ID_STRIDE;
  return Number.isInteger(index) && index >= 0 && index < GROUP_POOL ? index : undefined;
}

/** A group's ID from its pool index, without the rest of its record. */
export function groupIdOf(index: number): string {
  // Ten-digit numeric IDs like the real server's; the stride keeps them distinct.
  return String(GROUP_ID_BASE + index * GROUP_ID_STRIDE);
}

/** `shiftMs`: the world's clock against the reference (users.ts worldShift). */
export function groupAt(index: number, population: number, shiftMs = 0): GroupRecord {
  const rng = rngFor(STREAM.group, index);
  const memberCount = rng.chance(0.05) ? rng.between(2000, 200_000) : rng.between(3, 500);
  return {
    groupID: groupIdOf(index),
    groupName: groupName(rng),
    faceURL: rng.chance(0.3) ? '' : `https://avatars.example.com/g/${index}.jpg`,
    memberCount,
    ownerIndex: rng.between(1, Math.max(population, 1)),
    createTime: Date.UTC(2023, 0, 1) + rng.int(700) * 86_400_000 + shiftMs,
  };
}
