// /friend/get_friend_list: a user's friends. A friendship belongs to the pair, so both sides see
// it with the same createTime, addSource and operator (each side has its own remark, pin and ex).
// Friends are who a user would be friends with by the rest of the data set: the two sides of an
// accepted application (friend-requests.ts, either direction), and some single-chat peers
// (singleChats.ts). Both are found from the user's index at a bounded cost at any population.
import { CodeError } from './errors.js';
import { applicantsOf, friendRequestsOf, HANDLE_ACCEPTED } from './friend-requests.js';
import { listOrNull } from './gojson.js';
import { pageOf } from './pagination.js';
import { rngFor, STREAM } from './prng.js';
import { checkOwnersPage, type Route } from './route.js';
import { singlePeers } from './singleChats.js';
import type { PublicUser, World } from './users.js';
import { publicUserAt, userIdOf, userIndexOf, worldNow } from './users.js';

export interface FriendWire {
  ownerUserID: string;
  remark: string;
  /** Unix SECONDS, as the blacklist's (the server converts with CreateTime.Unix()). */
  createTime: number;
  friendUser: PublicUser;
  addSource: number;
  operatorUserID: string;
  ex: string;
  isPinned: boolean;
}

/** addSource (P:constant/constant.go:327-330). */
const ADD_SOURCE_IMPORT = 1;
const ADD_SOURCE_APPLICATION = 2;

/** Share of single-chat peers who are also friends. */
const CHAT_FRIEND_RATE = 0.6;
const REMARKS = ['Mom', '老王', 'Dentist 🦷', 'Ops on-call', 'Carol (R&D <platform>)', 'ハルカ', 'do not answer after 22:00'] as const;

/** What the pair shares: when and how they became friends. */
interface Bond {
  createdMs: number;
  addSource: number;
  operator: string;
}

/** Whether two single-chat peers are friends, and on what terms; the same whichever side asks. */
function chatBond(world: World, a: number, b: number): Bond | undefined {
  const [low, high] = a < b ? [a, b] : [b, a];
  const rng = rngFor(STREAM.friends, low, high);
  if (!rng.chance(CHAT_FRIEND_RATE)) return undefined;
  const createdMs = worldNow(world) - rng.between(86_400_000, 3 * 365 * 86_400_000);
  if (rng.chance(0.3)) return { createdMs, addSource: ADD_SOURCE_IMPORT, operator: world.adminUserID };
  return { createdMs, addSource: ADD_SOURCE_APPLICATION, operator: userIdOf(rng.chance(0.5) ? low : high) };
}

/** The user's friends and their bonds, by friend index. An accepted application outranks a chat. */
function bondsOf(world: World, index: number): Map<number, Bond> {
  const bonds = new Map<number, Bond>();
  for (const peer of singlePeers(world, index)) {
    const bond = chatBond(world, index, peer);
    if (bond) bonds.set(peer, bond);
  }
  const userID = userIdOf(index);
  const accepted = [
    ...friendRequestsOf(world, userID),
    ...applicantsOf(world, index).flatMap((sender) => friendRequestsOf(world, userIdOf(sender)).filter((r) => r.toUserID === userID)),
  ].filter((r) => r.handleResult === HANDLE_ACCEPTED);
  for (const r of accepted) {
    const other = userIndexOf(world, r.fromUserID === userID ? r.toUserID : r.fromUserID);
    if (other === undefined) continue;
    bonds.set(other, { createdMs: r.handleTime, addSource: ADD_SOURCE_APPLICATION, operator: r.handlerUserID });
  }
  return bonds;
}

/** Whether `friend` is in `owner`'s friend list (is_friend reads it: the pair's bonds, either side). */
export function isFriendOf(world: World, owner: string, friend: string): boolean {
  const a = userIndexOf(world, owner);
  const b = userIndexOf(world, friend);
  return a !== undefined && b !== undefined && bondsOf(world, a).has(b);
}

/** The owner's own side of a friendship: its remark, pin and ex. */
function ownSide(owner: number, friend: number): { remark: string; isPinned: boolean; ex: string } {
  const rng = rngFor(STREAM.friends, owner, friend, 1);
  return {
    isPinned: rng.chance(owner === 1 ? 0.2 : 0.08),
    remark: rng.chance(0.3) ? rng.pick(REMARKS) : '',
    ex: rng.chance(0.1) ? '{"group":"work"}' : '',
  };
}

/**
 * A user's friends, pinned first, then by the friend's user ID (as strings, like the server's
 * sort). Only the page's rows are built; `total` counts them all.
 */
export function friendsPage(world: World, userID: string, page: { pageNumber: number; showNumber: number }): { rows: FriendWire[]; total: number } {
  const index = userIndexOf(world, userID);
  if (index === undefined) return { rows: [], total: 0 };
  const bonds = bondsOf(world, index);
  const order = [...bonds.keys()].map((friend) => ({ friend, id: userIdOf(friend), side: ownSide(index, friend) }));
  order.sort((a, b) => Number(b.side.isPinned) - Number(a.side.isPinned) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const rows = pageOf(order, page).map(({ friend, side }): FriendWire => {
    const bond = bonds.get(friend)!;
    return {
      ownerUserID: userID,
      remark: side.remark,
      createTime: Math.floor(bond.createdMs / 1000),
      friendUser: publicUserAt(world, friend),
      addSource: bond.addSource,
      operatorUserID: bond.operator,
      ex: side.ex,
      isPinned: side.isPinned,
    };
  });
  return { rows, total: order.length };
}

export const getFriendList: Route = {
  // [derived] the handler after GetSelfApplyList (:53) in S:internal/api/friend.go.
  handler: 'api.(*FriendApi).GetFriendList() /openim-server/internal/api/friend.go:57',
  spec: { goType: 'relation.GetPaginationFriendsReq', fields: { userID: 'string', pagination: 'pagination' } },
  run(ctx, body) {
    const checked = checkOwnersPage(ctx, body);
    if (checked instanceof CodeError) return checked;
    const { rows, total } = friendsPage(ctx.world, checked.userID, checked.page);
    return { friendsInfo: listOrNull(rows), total };
  },
};
