// /friend/is_friend: whether each of two users has the other in their friend list (openim-api.md
// §12.5): unknown users are false/false, never an error. No check on the release; on main the op
// user must be one of the two, or an admin.
import { boundString } from './bind.js';
import { argsError, noPermission } from './errors.js';
import { isFriendOf } from './friends.js';
import type { Route } from './route.js';

export const isFriend: Route = {
  // [derived] the handler's frame in S:internal/api/friend.go; only bind errors show it.
  handler: 'api.(*FriendApi).IsFriend() /openim-server/internal/api/friend.go:118',
  spec: { goType: 'relation.IsFriendReq', fields: { userID1: 'string', userID2: 'string' } },
  run(ctx, body) {
    const userID1 = boundString(body, 'userID1');
    const userID2 = boundString(body, 'userID2');
    if (userID1 === '') return argsError('userID1 is empty');
    if (userID2 === '') return argsError('userID2 is empty');
    if (ctx.generation === 'main' && ctx.opUserID !== ctx.world.adminUserID && ctx.opUserID !== userID1 && ctx.opUserID !== userID2) {
      return noPermission('opUser in ownerUserIDs');
    }
    return { inUser1Friends: isFriendOf(ctx.world, userID1, userID2), inUser2Friends: isFriendOf(ctx.world, userID2, userID1) };
  },
};
