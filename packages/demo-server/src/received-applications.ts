// /friend/get_friend_apply_list: the applications a user received. They are the senders' rows,
// not a second data set: A's sent application to B is B's received one from A, field for field,
// in the same state, and an application sent while the demo lives shows on both sides.
import { CodeError } from './errors.js';
import { applicantsOf, friendRequestsOf, type FriendRequestWire } from './friend-requests.js';
import { listOrNull } from './gojson.js';
import { pageOf } from './pagination.js';
import { byHandleResults, checkOwnersPage, type Route, type RouteContext } from './route.js';
import { userIdOf, userIndexOf } from './users.js';

/** A user's sent applications as the server has them now: the data set's, with the living demo's on top. */
export function sentApplications(ctx: Pick<RouteContext, 'world' | 'activity'>, userID: string): FriendRequestWire[] {
  const generated = friendRequestsOf(ctx.world, userID);
  return ctx.activity ? ctx.activity.friendRequests(userID, generated) : generated;
}

/** Every application `userID` received, newest first (equal times by applicant, so pages never overlap). */
export function receivedApplications(ctx: Pick<RouteContext, 'world' | 'activity'>, userID: string): FriendRequestWire[] {
  const index = userIndexOf(ctx.world, userID);
  if (index === undefined) return [];
  const senders = new Set([...applicantsOf(ctx.world, index), ...(ctx.activity?.applicantsTo(index) ?? [])]);
  const rows = [...senders].flatMap((sender) => sentApplications(ctx, userIdOf(sender)).filter((r) => r.toUserID === userID));
  return rows.sort((a, b) => b.createTime - a.createTime || (a.fromUserID < b.fromUserID ? -1 : a.fromUserID > b.fromUserID ? 1 : 0));
}

export const getFriendApplyList: Route = {
  // [derived] GetFriendApplyList sits four lines above GetDesignatedFriendsApply, GetSelfApplyList (:53).
  handler: 'api.(*FriendApi).GetFriendApplyList() /openim-server/internal/api/friend.go:45',
  spec: {
    goType: 'relation.GetPaginationFriendsApplyToReq',
    fields: { userID: 'string', pagination: 'pagination', handleResults: 'int32List' },
  },
  run(ctx, body) {
    const checked = checkOwnersPage(ctx, body);
    if (checked instanceof CodeError) return checked;
    const requests = byHandleResults(body, receivedApplications(ctx, checked.userID));
    // The capital F is the real server's (relation.GetPaginationFriendsApplyToResp), unlike the sent list's key.
    return { FriendRequests: listOrNull(pageOf(requests, checked.page)), total: requests.length };
  },
};
