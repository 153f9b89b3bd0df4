// /user/get_users_info: users by exact ID, at every level: ordinary users, the notification
// accounts, the robots and the admin (which get_users leaves out). The read is a cache batch read
// (openim-api.md §12.3): unknown IDs dropped, duplicates collapsed, rows in random order (batch.ts);
// userIDs missing or null is 1001, [] answers a null list.
import { systemUsers } from './accounts.js';
import { batchOrder } from './batch.js';
import { boundStrings } from './bind.js';
import { argsError } from './errors.js';
import { listOrNull } from './gojson.js';
import type { Route, RouteContext } from './route.js';
import type { UserRecord } from './users.js';
import { userAt, userIdOf, worldShift } from './users.js';

/** When the system accounts were stored: before the first ordinary user registered. */
export const SYSTEM_CREATED_MS = Date.UTC(2021, 1, 1);

/** The user table's row for any stored ID, or undefined. */
function storedUser(ctx: Pick<RouteContext, 'world' | 'activity' | 'generation'>, userID: string): UserRecord | undefined {
  const { world, activity } = ctx;
  const match = /^user_(\d{6,})$/.exec(userID);
  const index = match?.[1] === undefined ? NaN : Number(match[1]);
  // Users who registered while the demo runs are stored too.
  const population = world.population + (activity?.registered() ?? 0);
  if (Number.isSafeInteger(index) && index >= 1 && index <= population && userIdOf(index) === userID) {
    return index > world.population && activity ? activity.newUser(index) : userAt(world, index);
  }
  const account = systemUsers(world, ctx.generation).find((a) => a.userID === userID);
  if (!account) return undefined;
  return {
    userID: account.userID,
    nickname: account.nickname,
    faceURL: account.faceURL,
    ex: '',
    createTime: SYSTEM_CREATED_MS + worldShift(world),
    appMangerLevel: account.level,
    globalRecvMsgOpt: 0,
  };
}

export const getUsersInfo: Route = {
  // [derived] the handler's line is not checked against the source.
  handler: 'api.(*UserApi).GetUsersPublicInfo() /openim-server/internal/api/user.go:57',
  spec: { goType: 'user.GetDesignateUsersReq', fields: { userIDs: 'stringList' } },
  run(ctx, body) {
    // Check() tests for nil only (P:user/user.go:41-46): [] passes and finds nothing.
    if (!Array.isArray(body.get('userIDs'))) return argsError('UserIDs is empty');
    const found = batchOrder(boundStrings(body, 'userIDs')).flatMap((userID) => storedUser(ctx, userID) ?? []);
    return { usersInfo: listOrNull(found) };
  },
};
