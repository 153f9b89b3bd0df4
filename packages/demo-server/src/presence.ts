// /user/get_users_status: who is online, on which platforms. The real server reads it from Redis,
// where the message gateway keeps each user's connected platforms; here it is a pure function of
// the user's index and the time: a few users are online on a few platforms, and while the demo
// lives (activity.ts) each user's sessions change from one slot of time to the next.
// Offline users, unknown IDs, system accounts and the admin (whose REST token opens no gateway
// connection) answer status 0 with no platforms, as a user with nothing in Redis does.
import { boundStrings } from './bind.js';
import { argsError } from './errors.js';
import { listOrNull } from './gojson.js';
import { mix, rngFor } from './prng.js';
import type { Route, RouteContext } from './route.js';
import { userIndexOf } from './users.js';

/** sdkws.OnlineStatus: status 1 online, 0 offline; platformIDs null when offline (a nil slice). */
export interface OnlineStatusWire {
  userID: string;
  status: 0 | 1;
  platformIDs: number[] | null;
}

/** Its own random stream, apart from the data set's (prng.ts STREAM) and the activity's. */
const PRESENCE_STREAM = 102;
/** Share of users online in any slot. */
const ONLINE_RATE = 0.2;
/** Platforms as often as they connect: phones most, then desktops and the web (§6.1 platformID). */
const PLATFORMS = [1, 1, 1, 2, 2, 2, 2, 3, 3, 4, 5, 5, 6, 7, 8, 9, 11] as const;
/** The first user is always online, on these, so a demo opens on someone who is. */
const FIRST_USER_PLATFORMS = [1, 5] as const;
/**
 * A user whose sessions include a platform newer than the protocol the client knows (contract §11).
 * @internal Exported for the demo's tests, which look for it.
 */
export const UNKNOWN_PLATFORM = { index: 5, id: 12 } as const;

/**
 * User `index`'s platforms at `elapsedMs` since the demo started (0 for a demo that does not
 * live). Each user's slots are offset by a phase of their own, so users come and go one by one
 * rather than all at a slot's edge.
 */
function platformsAt(index: number, elapsedMs: number, slotMs: number): number[] {
  if (index === 1) return [...FIRST_USER_PLATFORMS];
  const phase = mix(PRESENCE_STREAM, index) % slotMs;
  const slot = Math.floor((Math.max(0, elapsedMs) + phase) / slotMs);
  const rng = rngFor(PRESENCE_STREAM, index, slot);
  if (!rng.chance(ONLINE_RATE)) return [];
  const platforms = new Set<number>([rng.pick(PLATFORMS)]);
  if (rng.chance(0.35)) platforms.add(rng.pick(PLATFORMS));
  if (index === UNKNOWN_PLATFORM.index) platforms.add(UNKNOWN_PLATFORM.id);
  return [...platforms].sort((a, b) => a - b);
}

/** One user ID's status now: any ID the request names, known or not (the token detail reads it too). */
export function statusOf(ctx: Pick<RouteContext, 'world' | 'activity'>, userID: string): OnlineStatusWire {
  const index = userIndexOf(ctx.world, userID);
  const clock = ctx.activity?.presenceClock() ?? { elapsedMs: 0, slotMs: STILL_SLOT_MS };
  const platforms = index === undefined ? [] : platformsAt(index, clock.elapsedMs, clock.slotMs);
  return { userID, status: platforms.length > 0 ? 1 : 0, platformIDs: listOrNull(platforms) as number[] | null };
}

/** The slot of a demo that does not live: any length, since its time stays at 0. */
const STILL_SLOT_MS = 60_000;

export const getUsersStatus: Route = {
  // [derived] UserApi.GetUsersOnlineStatus and its neighbours sit in user.go; GetUserStatus answers this path.
  handler: 'api.(*UserApi).GetUserStatus() /openim-server/internal/api/user.go:184',
  spec: { goType: 'user.GetUserStatusReq', fields: { userID: 'string', userIDs: 'stringList' } },
  run(ctx, body) {
    // Check(): userIDs missing, null or [] is refused (P:user/user.go:194-199), so a client that
    // pages the IDs itself must not ask for the page after a full last one (§12.17 item 4).
    const userIDs = boundStrings(body, 'userIDs');
    if (userIDs.length === 0) return argsError('UserIDs is empty');
    // One row per requested ID, in the request's order, duplicates included (the RPC loops over them).
    const rows = userIDs.map((userID) => statusOf(ctx, userID));
    return { statusList: listOrNull(rows) };
  },
};
