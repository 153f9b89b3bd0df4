// /group/get_joined_group_list: the groups a user is in (membership.ts), in the order of the member
// records; for a user in two groups or more, the dismissed ones are dropped and the rest sorted by
// group name, then creation time, and the total counts what is left (openim-api.md §12.17 item
// 2: mgo/group.go:134-145 sorts and filters only then). Only the user or an admin may ask.
import { boundString } from './bind.js';
import { CodeError, argsError } from './errors.js';
import { listOrNull } from './gojson.js';
import { GROUP_DISMISSED, groupAt, groupHead, groupInfoWire } from './groups.js';
import { groupsOf } from './membership.js';
import { checkPagination, pageOf } from './pagination.js';
import { checkOwnerOrAdmin, type Route } from './route.js';
import { userIndexOf, type World } from './users.js';

/** Go compares strings by their UTF-8 bytes (Mongo's sort too, without a collation). */
const byBytes = (a: string, b: string): number => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

/** The user's groups, by group index, as the server lists them. */
function joinedGroups(world: World, userID: string): number[] {
  const index = userIndexOf(world, userID);
  const groups = index === undefined ? [] : groupsOf(world, index);
  if (groups.length < 2) return groups;
  return groups
    .map((g) => groupHead(world, g))
    .filter((h) => h.status !== GROUP_DISMISSED)
    .sort((a, b) => byBytes(a.groupName, b.groupName) || a.createTime - b.createTime)
    .map((h) => h.index);
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
