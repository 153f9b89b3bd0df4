// /group/get_user_req_group_applicationList and /group/get_recv_group_applicationList: the group
// join applications a user sent, and those the groups a user owns or administers received
// (openim-api.md §12.12). Each group's applications are drawn from the group's index, so the
// applicants of a group are known without scanning users; who applied where is one index over
// the pool, built once per world. As on the real server, handleTime is 0 and handleUserID ""
// on every row, one row per (group, user), newest req_time first.
import { boundStrings, type BoundValue } from './bind.js';
import { CodeError, noPermission, recordNotFound } from './errors.js';
import { listOrNull } from './gojson.js';
import { GROUP_POOL, groupAt, groupIdOf, groupIndexOf, groupInfoWire } from './groups.js';
import { groupsOf, memberCount, membersOf } from './membership.js';
import { pageOf } from './pagination.js';
import { rngFor, STREAM } from './prng.js';
import { byHandleResults, checkIDAndPage, checkUserAndPage, ownerOrAdminOnMain, type Route, type RouteContext } from './route.js';
import { publicUserAt, userIndexOf, worldNow, type World } from './users.js';

interface Application {
  group: number;
  user: number;
  handleResult: number;
  reqMsg: string;
  handleMsg: string;
  reqTime: number;
  /** 3: found by search; 2: invited into a group that needs approval (with the inviter). */
  joinSource: number;
}

const REQ_MSGS = ['', 'Hi, may I join?', '我想加入这个群', 'From the launch team <ops>', '🙏', 'Referred by Carol'] as const;
const HANDLE_MSGS = ['', 'Welcome!', '欢迎', 'Sorry, members only'] as const;
const DAY = 86_400_000;
/** How many groups the first user applies to, in every state, so that the demo's first user has rows. */
const FIRST_USER_APPLIES = 8;
const firstTargets = new WeakMap<World, number[]>();

/** The groups the first user applies to: every 37th of the pool with members, but those it is in (nobody applies to a group they are in). */
function firstUserTargets(world: World): number[] {
  let targets = firstTargets.get(world);
  if (!targets) {
    const mine = new Set(groupsOf(world, 1));
    targets = [];
    for (let g = 1; g < GROUP_POOL && targets.length < FIRST_USER_APPLIES; g += 37) if (!mine.has(g) && memberCount(world, g) > 0) targets.push(g);
    firstTargets.set(world, targets);
  }
  return targets;
}

function applicationsOfGroup(world: World, group: number): Application[] {
  const rng = rngFor(STREAM.groupRequests, group);
  const users = new Set<number>();
  const count = world.population < 2 ? 0 : rng.int(4);
  for (let k = 0; k < count; k++) users.add(2 + rng.int(world.population - 1));
  // The random applicants are not checked against the members: a member's accepted application is one.
  const k = firstUserTargets(world).indexOf(group);
  if (k >= 0) users.add(1);
  return [...users].map((user, n) => {
    const roll = rng.next();
    const handleResult = user === 1 ? ([0, 1, -1] as const)[k % 3]! : roll < 0.5 ? 0 : roll < 0.8 ? 1 : -1;
    return {
      group,
      user,
      handleResult,
      reqMsg: rng.pick(REQ_MSGS),
      handleMsg: handleResult === 0 ? '' : rng.pick(HANDLE_MSGS),
      // To the ms and apart by group and position, so that the newest-first order never ties.
      reqTime: worldNow(world) - (1 + rng.int(300)) * DAY - rng.int(DAY - GROUP_POOL * 1000) - group * 1000 - n,
      joinSource: rng.chance(0.2) ? 2 : 3,
    };
  });
}

const byApplicant = new WeakMap<World, Map<number, Application[]>>();

/** Every application, by applicant (built once per world: a few draws per group of the pool). */
function applicationsBy(world: World): Map<number, Application[]> {
  let index = byApplicant.get(world);
  if (!index) {
    index = new Map();
    for (let g = 0; g < GROUP_POOL; g++) {
      for (const a of applicationsOfGroup(world, g)) {
        const mine = index.get(a.user);
        if (mine) mine.push(a);
        else index.set(a.user, [a]);
      }
    }
    byApplicant.set(world, index);
  }
  return index;
}

const newestFirst = (a: Application, b: Application): number => b.reqTime - a.reqTime || a.group - b.group || a.user - b.user;

/** sdkws.GroupRequest, in its field order. */
function wireOf(world: World, a: Application) {
  const group = groupAt(world, a.group);
  return {
    userInfo: publicUserAt(world, a.user),
    groupInfo: groupInfoWire(group),
    handleResult: a.handleResult,
    reqMsg: a.reqMsg,
    handleMsg: a.handleMsg,
    reqTime: a.reqTime,
    handleUserID: '',
    handleTime: 0,
    ex: '',
    joinSource: a.joinSource,
    inviterUserID: a.joinSource === 2 ? group.ownerUserID : '',
  };
}

/** The groups the user owns or administers (group indexes). */
function managedBy(world: World, user: number): number[] {
  return groupsOf(world, user).filter((g) => {
    const group = groupAt(world, g);
    return membersOf(world, g, 0, group.admins + 1).includes(user);
  });
}

function answer(ctx: RouteContext, body: Map<string, BoundValue>, page: { pageNumber: number; showNumber: number }, rows: Application[]) {
  const wanted = new Set(boundStrings(body, 'groupIDs'));
  const kept = byHandleResults(body, wanted.size ? rows.filter((a) => wanted.has(groupIdOf(a.group))) : rows).sort(newestFirst);
  return { total: kept.length, groupRequests: listOrNull(pageOf(kept, page).map((a) => wireOf(ctx.world, a))) };
}

export const getUserReqGroupApplicationList: Route = {
  handler: 'api.(*GroupApi).GetUserReqGroupApplicationList() /openim-server/internal/api/group.go:81',
  spec: {
    goType: 'group.GetUserReqApplicationListReq',
    fields: { userID: 'string', pagination: 'pagination', groupIDs: 'stringList', handleResults: 'int32List' },
  },
  run(ctx, body) {
    const checked = checkUserAndPage(body);
    if (checked instanceof CodeError) return checked;
    const { userID, page } = checked;
    // Open to any token on the release; the user or an admin on main (§12.17 item 13).
    const denied = ownerOrAdminOnMain(ctx, userID);
    if (denied) return denied;
    const user = userIndexOf(ctx.world, userID);
    if (user === undefined) return recordNotFound();
    return answer(ctx, body, page, applicationsBy(ctx.world).get(user) ?? []);
  },
};

export const getRecvGroupApplicationList: Route = {
  handler: 'api.(*GroupApi).GetRecvGroupApplicationList() /openim-server/internal/api/group.go:77',
  spec: {
    goType: 'group.GetGroupApplicationListReq',
    fields: { fromUserID: 'string', pagination: 'pagination', groupIDs: 'stringList', handleResults: 'int32List' },
  },
  run(ctx, body) {
    const checked = checkIDAndPage(body, 'fromUserID');
    if (checked instanceof CodeError) return checked;
    const { id: fromUserID, page } = checked;
    const denied = ownerOrAdminOnMain(ctx, fromUserID);
    if (denied) return denied;
    const user = userIndexOf(ctx.world, fromUserID);
    const managed = user === undefined ? [] : managedBy(ctx.world, user);
    // Named groups: the op user must manage each (an app admin may read any); a non-member is 1004 on the release, 1002 on main.
    for (const id of boundStrings(body, 'groupIDs')) {
      if (ctx.opUserID === ctx.world.adminUserID) break;
      const g = groupIndexOf(id);
      const op = userIndexOf(ctx.world, ctx.opUserID);
      if (g === undefined || op === undefined || !groupsOf(ctx.world, op).includes(g)) {
        return ctx.generation === 'main' ? noPermission(`${ctx.opUserID} is not in group ${id}`) : recordNotFound();
      }
      if (!managedBy(ctx.world, op).includes(g)) return noPermission(`${ctx.opUserID} is not owner or admin of group ${id}`);
    }
    const rows = managed.flatMap((g) => applicationsOfGroup(ctx.world, g));
    return answer(ctx, body, page, rows);
  },
};
