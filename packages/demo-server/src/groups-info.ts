// /group/get_groups_info: groups by ID (openim-api.md §12.6), dismissed ones included (status 2,
// no status filter). A batch read: unknown IDs dropped, duplicates collapsed, the cache's order.
// Missing or null IDs are 1001 "GroupIDs is empty", [] is the RPC's 1001 "groupID is empty". No
// check on either generation.
import { batchOrder } from './batch.js';
import { boundStrings } from './bind.js';
import { argsError } from './errors.js';
import { listOrNull } from './gojson.js';
import { groupAt, groupIndexOf, groupInfoWire } from './groups.js';
import type { Route } from './route.js';

export const getGroupsInfo: Route = {
  // [derived] the handler's frame in S:internal/api/group.go; only bind errors show it.
  handler: 'api.(*GroupApi).GetGroupsInfo() /openim-server/internal/api/group.go:57',
  spec: { goType: 'group.GetGroupsInfoReq', fields: { groupIDs: 'stringList' } },
  run(ctx, body) {
    if (!Array.isArray(body.get('groupIDs'))) return argsError('GroupIDs is empty');
    const ids = boundStrings(body, 'groupIDs');
    if (ids.length === 0) return argsError('groupID is empty');
    const rows = batchOrder(ids).flatMap((id) => {
      const index = groupIndexOf(id);
      return index === undefined ? [] : [groupInfoWire(groupAt(ctx.world, index))];
    });
    return { groupInfos: listOrNull(rows) };
  },
};
