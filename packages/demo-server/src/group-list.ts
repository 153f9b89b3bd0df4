// /group/get_groups: every group but the dismissed ones, newest first, narrowed by a name pattern
// (a case-sensitive, unescaped $regex) or looked up by ID (paging ignored). No permission check.
import { boundString } from './bind.js';
import { CodeError } from './errors.js';
import { listOrNull } from './gojson.js';
import { GROUP_DISMISSED, GROUP_POOL, groupAt, groupHead, groupIndexOf, groupInfoWire, type GroupHead } from './groups.js';
import { compileMongoRegex } from './mongo-regex.js';
import { checkPagination, pageOf } from './pagination.js';
import type { Route } from './route.js';
import type { World } from './users.js';

const listed = new WeakMap<World, GroupHead[]>();

/** The groups get_groups shows, newest first (the pool is 3,000 groups: built once per world). */
export function listedGroups(world: World): GroupHead[] {
  let groups = listed.get(world);
  if (!groups) {
    groups = Array.from({ length: GROUP_POOL }, (_, g) => groupHead(world, g)).filter((g) => g.status !== GROUP_DISMISSED);
    groups.sort((a, b) => b.createTime - a.createTime || (a.groupID < b.groupID ? -1 : 1));
    listed.set(world, groups);
  }
  return groups;
}

function row(world: World, head: GroupHead) {
  const group = groupAt(world, head.index, head);
  return {
    groupInfo: groupInfoWire(group),
    // The owner's stored group nickname, not the user's (§12.17 item 3): the demo's members set none.
    groupOwnerUserName: '',
    groupOwnerUserID: group.ownerUserID,
  };
}

export const getGroups: Route = {
  handler: 'api.(*GroupApi).GetGroups() /openim-server/internal/api/group.go:149',
  spec: { goType: 'group.GetGroupsReq', fields: { pagination: 'pagination', groupName: 'string', groupID: 'string' } },
  run(ctx, body) {
    const groupID = boundString(body, 'groupID');
    if (groupID !== '') {
      const index = groupIndexOf(groupID);
      const found = index === undefined ? [] : listedGroups(ctx.world).filter((g) => g.index === index);
      return { total: found.length, groups: listOrNull(found.map((g) => row(ctx.world, g))) };
    }
    const page = checkPagination(body.get('pagination'));
    if (page instanceof CodeError) return page;
    const name = boundString(body, 'groupName');
    let groups = listedGroups(ctx.world);
    if (name !== '') {
      const regex = compileMongoRegex(name, { ignoreCase: false });
      if (regex instanceof CodeError) return regex;
      groups = groups.filter((g) => regex.test(g.groupName));
    }
    return { total: groups.length, groups: listOrNull(pageOf(groups, page).map((g) => row(ctx.world, g))) };
  },
};
