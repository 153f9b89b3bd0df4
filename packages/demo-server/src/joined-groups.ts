// /group/get_joined_group_list: the groups a user is in (membership.ts), dismissed ones included
// (their members stay), in the order of the member records. Only the user or an admin may ask.
import { boundString } from './bind.js';
import { CodeError, argsError } from './errors.js';
import { listOrNull } from './gojson.js';
import { groupAt, groupInfoWire } from './groups.js';
import { groupsOf } from './membership.js';
import { checkPagination, pageOf } from './pagination.js';
import { checkOwnerOrAdmin, type Route } from './route.js';
import { userIndexOf, type World } from './users.js';

/** The user's groups (by group index: the order of the member records: the contract names no sort). */
function joinedGroups(world: World, userID: string): number[] {
  const index = userIndexOf(world, userID);
  return index === undefined ? [] : groupsOf(world, index);
}

export const getJoinedGroupList: Route = {
  handler: 'api.(*GroupApi).GetJoinedGroupList() /openim-server/internal/api/group.go:53',
  spec: { goType: 'group.GetJoinedGroupListReq', fields: { pagination: 'pagination', fromUserID: 'string' } },
  run(ctx, body) {
    const page = checkPagination(body.get('pagination'));
    if (page instanceof CodeError) return page;
    const fromUserID = boundString(body, 'fromUserID');
    if (fromUserID === '') return argsError('fromUserID is empty');
    const denied = checkOwnerOrAdmin(ctx, fromUserID);
    if (denied) return denied;
    const groups = joinedGroups(ctx.world, fromUserID);
    return { total: groups.length, groups: listOrNull(pageOf(groups, page).map((g) => groupInfoWire(groupAt(ctx.world, g)))) };
  },
};
