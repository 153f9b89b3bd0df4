// The four statistics routes (contract §12.13), with what the real server does that a client must
// survive: [start, end) ms windows, UTC day keys with empty days missing (null or absent maps by
// generation), `dateCount` = messages per day, the top lists' paging bug (page p starts at row p),
// `pagination` null → errCode 2 on the active routes (a nil dereference, §5.4), start > end → 1001,
// and the permissions by generation (§12.17 item 13). The figures come from stats-model.ts.
import { isPagination, type BoundValue } from './bind.js';
import { CodeError, argsError, noPermission } from './errors.js';
import { mapField } from './generation.js';
import { groupInfoWire, groupAt, groupIndexOf } from './groups.js';
import { listOrNull } from './gojson.js';
import type { Route, RouteContext } from './route.js';
import { activeCounts, groupCreateCounts, registerCounts, topPage } from './stats-model.js';
import { userAt, userIndexOf } from './users.js';

const int64 = (body: Map<string, BoundValue>, name: string): number => {
  const v = body.get(name);
  return typeof v === 'number' ? v : 0;
};
const flag = (body: Map<string, BoundValue>, name: string): boolean => body.get(name) === 1;

/** The count routes' Check(): both times > 0, then the RPC's start > end. */
function countWindow(body: Map<string, BoundValue>, garbled: boolean): { start: number; end: number } | CodeError {
  const start = int64(body, 'start');
  const end = int64(body, 'end');
  if (start <= 0) return argsError('start is invalid');
  if (end <= 0) return argsError('end is invalid');
  // group/statistics.go passes a %d format to WrapMsg, which writes its key-value pairs as they come [derived].
  if (start > end) return argsError(garbled ? `start > end: %d > %d start=${start} end=${end}` : 'start > end');
  return { start, end };
}

const notAdmin = (ctx: RouteContext): CodeError | undefined =>
  ctx.opUserID === ctx.world.adminUserID ? undefined : noPermission(`user ${ctx.opUserID} is not admin userID`);

/** A nil pagination dereferenced inside the RPC: the recovered panic, gRPC code 2 (§5.4). */
const nilPagination = (): CodeError =>
  new CodeError(2, 'Error: 500 panic error runtime error: invalid memory address or nil pointer dereference', '');

const COUNT_SPEC = { start: 'int64', end: 'int64' } as const;

export const userRegisterCount: Route = {
  handler: 'api.(*StatisticsApi).UserRegister() /openim-server/internal/api/statistics.go:21',
  spec: { goType: 'user.UserRegisterCountReq', fields: COUNT_SPEC },
  run(ctx, body) {
    const window = countWindow(body, false);
    if (window instanceof CodeError) return window;
    const answer = registerCounts(ctx.world, ctx.generation, window.start, window.end, ctx.activity);
    return { total: answer.total, before: answer.before, count: mapField(ctx, answer.count) };
  },
};

export const groupCreateCount: Route = {
  handler: 'api.(*StatisticsApi).GroupCreate() /openim-server/internal/api/statistics.go:29',
  spec: { goType: 'group.GroupCreateCountReq', fields: COUNT_SPEC },
  run(ctx, body) {
    const denied = notAdmin(ctx);
    if (denied) return denied;
    const window = countWindow(body, true);
    if (window instanceof CodeError) return window;
    const answer = groupCreateCounts(ctx.world, window.start, window.end);
    return { total: answer.total, before: answer.before, count: mapField(ctx, answer.count) };
  },
};

/** The active routes check nothing but the token (and main, the admin); the pagination is read unchecked. */
function activePage(ctx: RouteContext, body: Map<string, BoundValue>) {
  if (ctx.generation === 'main') {
    const denied = notAdmin(ctx);
    if (denied) return denied;
  }
  const page = body.get('pagination');
  if (!isPagination(page)) return nilPagination();
  // A showNumber ≤ 0 reaches $slice, which Mongo rejects (§12.13) [derived].
  if (page.showNumber <= 0) {
    return new CodeError(500, 'ServerInternalError', '(BadValue) Third argument to $slice must be positive');
  }
  return page;
}

export const getActiveUser: Route = {
  handler: 'api.(*StatisticsApi).GetActiveUser() /openim-server/internal/api/statistics.go:37',
  spec: { goType: 'msg.GetActiveUserReq', fields: { start: 'int64', end: 'int64', ase: 'bool', group: 'bool', pagination: 'pagination' } },
  run(ctx, body) {
    const page = activePage(ctx, body);
    if (page instanceof CodeError) return page;
    const [start, end] = [int64(body, 'start'), int64(body, 'end')];
    const answer = activeCounts(ctx.world, flag(body, 'group') ? 'singleAndGroup' : 'single', start, end, 'sender', ctx.activity);
    const users = topPage(answer.counts, flag(body, 'ase'), page.pageNumber, page.showNumber).map(([userID, count]) => {
      const index = userIndexOf(ctx.world, userID);
      // An unknown sender is written as its ID (S:internal/rpc/msg/statistics.go:41-47).
      const user = index === undefined ? { userID, nickname: userID } : userInfo(ctx, index);
      return { user, count };
    });
    return { msgCount: answer.msgCount, userCount: answer.counts.size, dateCount: mapField(ctx, answer.dateCount), users: listOrNull(users) };
  },
};

function userInfo(ctx: RouteContext, index: number) {
  const u = userAt(ctx.world, index);
  return { userID: u.userID, nickname: u.nickname, faceURL: u.faceURL, ex: u.ex, createTime: u.createTime, appMangerLevel: u.appMangerLevel, globalRecvMsgOpt: u.globalRecvMsgOpt };
}

export const getActiveGroup: Route = {
  handler: 'api.(*StatisticsApi).GetActiveGroup() /openim-server/internal/api/statistics.go:45',
  spec: { goType: 'msg.GetActiveGroupReq', fields: { start: 'int64', end: 'int64', ase: 'bool', pagination: 'pagination' } },
  run(ctx, body) {
    const page = activePage(ctx, body);
    if (page instanceof CodeError) return page;
    const [start, end] = [int64(body, 'start'), int64(body, 'end')];
    const answer = activeCounts(ctx.world, 'group', start, end, 'group', ctx.activity);
    const groups = topPage(answer.counts, flag(body, 'ase'), page.pageNumber, page.showNumber).map(([groupID, count]) => {
      const index = groupIndexOf(groupID);
      return { group: index === undefined ? { groupID } : groupInfoWire(groupAt(ctx.world, index)), count };
    });
    return { msgCount: answer.msgCount, groupCount: answer.counts.size, dateCount: mapField(ctx, answer.dateCount), groups: listOrNull(groups) };
  },
};
