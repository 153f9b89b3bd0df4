// /user/get_users_info: users by exact ID, at every level: ordinary users, the notification
// accounts, the robots and the admin (which get_users leaves out). The RPC reads the IDs from the
// user table (GetDesignateUsers → FindWithError): one ID it does not find fails the whole request
// with 1004 [derived from the source, not run].
import { systemUsers } from './accounts.js';
import { boundStrings } from './bind.js';
import { CodeError } from './errors.js';
import { listOrNull } from './gojson.js';
import type { Route, RouteContext } from './route.js';
import type { UserRecord } from './users.js';
import { userAt, userIdOf, worldShift } from './users.js';

/** When the system accounts were stored: before the first ordinary user registered. */
const SYSTEM_CREATED_MS = Date.UTC(2021, 1, 1);

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
    // FindWithError asks for each distinct ID once and answers in the order asked.
    const wanted = [...new Set(boundStrings(body, 'userIDs'))];
    const found = wanted.map((userID) => storedUser(ctx, userID));
    if (found.some((u) => u === undefined)) return new CodeError(1004, 'RecordNotFoundError', 'userID not found');
    return { usersInfo: listOrNull(found as UserRecord[]) };
  },
};
