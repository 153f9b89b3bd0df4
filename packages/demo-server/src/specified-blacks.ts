// /friend/get_specified_blacks: "is B on A's blacklist" (openim-api.md §12.4; there is no is_black
// route). Only the listed IDs A blocked, in the request's order; createTime in ms here, where
// get_black_list writes seconds for the same row. An empty list or a repeated ID is 1001; owner
// or admin on both generations.
import { boundString, boundStrings } from './bind.js';
import { argsError } from './errors.js';
import { blacksOf } from './blacks.js';
import { listOrNull } from './gojson.js';
import { checkOwnerOrAdmin, type Route } from './route.js';

export const getSpecifiedBlacks: Route = {
  // [derived] the handler's frame in S:internal/api/friend.go; only bind errors show it.
  handler: 'api.(*FriendApi).GetSpecifiedBlacks() /openim-server/internal/api/friend.go:134',
  spec: { goType: 'relation.GetSpecifiedBlacksReq', fields: { ownerUserID: 'string', userIDList: 'stringList' } },
  run(ctx, body) {
    const ownerUserID = boundString(body, 'ownerUserID');
    const denied = checkOwnerOrAdmin(ctx, ownerUserID);
    if (denied) return denied;
    const ids = boundStrings(body, 'userIDList');
    if (ids.length === 0) return argsError('userIDList is empty');
    if (new Set(ids).size !== ids.length) return argsError('userIDList repeated');
    const blocked = new Map(blacksOf(ctx.world, ownerUserID).map((b) => [b.blackUserInfo.userID, b]));
    const rows = ids.flatMap((id) => {
      const row = blocked.get(id);
      return row ? [{ ...row, createTime: row.createTime * 1000 }] : [];
    });
    return { blacks: listOrNull(rows), total: rows.length };
  },
};
