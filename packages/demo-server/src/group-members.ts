// /group/get_group_member_list: a group's members sorted by role (owner 100, admins 60, members
// 20), the order membership.ts keeps them in. With a `keyword` the RPC hands the search its
// arguments swapped (release group.go:524, main :538; openim-api.md §12.17 item 1): it looks in
// the group whose ID is the keyword for stored group nicknames matching the group ID as a
// case-sensitive $regex, which in practice finds nothing: 0 rows, total 0. The demo's members have
// no group nickname of their own (the nickname shown is the user's). A dismissed group keeps its
// members. The admin may read any group. /group/get_group_members_info: members by exact user ID.
import { batchOrder } from './batch.js';
import { boundString, boundStrings } from './bind.js';
import { CodeError, argsError, noPermission } from './errors.js';
import { listOrNull } from './gojson.js';
import { groupAt, groupIndexOf, roleAt, ROLE_OWNER, type GroupHead, type GroupRecord } from './groups.js';
import { memberCount, membersOf } from './membership.js';
import { compileMongoRegex } from './mongo-regex.js';
import { checkPagination, pageRange } from './pagination.js';
import { rngFor, STREAM, type Rng } from './prng.js';
import type { Route } from './route.js';
import { userAt, userIndexOf, worldNow, type World } from './users.js';

/** What the server stores as a member's group nickname: none of the demo's members set one. */
const STORED_GROUP_NICKNAME = '';

/** joinSource (P:constant/constant.go) of one not invited: a 2 here is a direct join (stored 0), 3 search and 4 QR code an approved application. */
const JOIN_SOURCES = [2, 2, 2, 3, 4] as const;
/** A muted member's mute ends within this many days. */
const MUTED_UNTIL_DAYS = 30;

/** A member's own draws. */
const memberRng = (group: GroupHead, index: number): Rng => rngFor(STREAM.group, group.index, 10, index);

/** When a member joined: the owner when the group was made, anyone else since then (and since registering). */
function joinTimeOf(world: World, group: GroupHead, userCreated: number, owner: boolean, rng: Rng): number {
  const since = Math.max(group.createTime, userCreated);
  return owner ? group.createTime : since + rng.int(Math.max(1, worldNow(world) - since));
}

/**
 * How a member came in, and what the server then stores (§12.7): the creator and an invitee 2
 * with the op user as inviter (the owner made the group and invited); an approved application the
 * application's source (3 search, 4 QR code) and no inviter (a self-application has none); a direct
 * join (needVerification 2) 0, with the joiner's own ID as inviter.
 */
function joined(userID: string, group: GroupRecord, owner: boolean, invited: boolean, source: number) {
  if (owner || invited) return { joinSource: 2, operatorUserID: group.ownerUserID, inviterUserID: group.ownerUserID };
  if (source === 2) return { joinSource: 0, operatorUserID: userID, inviterUserID: userID };
  return { joinSource: source, operatorUserID: group.ownerUserID, inviterUserID: '' };
}

/** One member as the server writes it (sdkws.GroupMemberFullInfo), in its field order. */
export function memberWire(world: World, group: GroupRecord, index: number, position: number) {
  const user = userAt(world, index);
  const role = roleAt(group, position);
  const rng = memberRng(group, index);
  const joinTime = joinTimeOf(world, group, user.createTime, role === ROLE_OWNER, rng);
  const invited = role !== ROLE_OWNER && rng.chance(0.6);
  // Drawn as before (the draws after it stay where they were); a 2 not invited is a direct join.
  const how = joined(user.userID, group, role === ROLE_OWNER, invited, role === ROLE_OWNER ? 2 : rng.pick(JOIN_SOURCES));
  return {
    groupID: group.groupID,
    userID: user.userID,
    roleLevel: role,
    joinTime,
    nickname: user.nickname,
    faceURL: user.faceURL,
    appMangerLevel: user.appMangerLevel,
    joinSource: how.joinSource,
    operatorUserID: how.operatorUserID,
    ex: rng.chance(0.05) ? '{"title":"lead"}' : '',
    // A few members are muted for some days to come; the rest were never muted (Unix 0).
    muteEndTime: role !== ROLE_OWNER && rng.chance(0.03) ? worldNow(world) + rng.between(1, MUTED_UNTIL_DAYS) * 86_400_000 : 0,
    inviterUserID: how.inviterUserID,
  };
}

export const getGroupMemberList: Route = {
  handler: 'api.(*GroupApi).GetGroupMemberList() /openim-server/internal/api/group.go:61',
  spec: {
    goType: 'group.GetGroupMemberListReq',
    fields: { groupID: 'string', pagination: 'pagination', keyword: 'string', filter: 'int32' },
  },
  run(ctx, body) {
    const groupID = boundString(body, 'groupID');
    if (groupID === '') return argsError('groupID is empty');
    const page = checkPagination(body.get('pagination'));
    if (page instanceof CodeError) return page;
    const index = groupIndexOf(groupID);
    // A group the server does not know has no member rows: an empty page, not an error.
    if (index === undefined) return { total: 0, members: null };
    const group = groupAt(ctx.world, index);
    const keyword = boundString(body, 'keyword');
    if (keyword === '') {
      const range = pageRange(memberCount(ctx.world, index), page);
      const at = membersOf(ctx.world, index, range?.start ?? 0, range?.end ?? 0);
      const rows = at.map((member, k) => memberWire(ctx.world, group, member, (range?.start ?? 0) + k));
      return { total: group.memberCount, members: listOrNull(rows) };
    }
    // The search as the server runs it: group_id = keyword, nickname ~ groupID.
    const regex = compileMongoRegex(groupID, { ignoreCase: false });
    if (regex instanceof CodeError) return regex;
    const searched = groupIndexOf(keyword);
    const matches: [number, number][] = [];
    if (searched !== undefined) {
      membersOf(ctx.world, searched).forEach((member, position) => {
        if (regex.test(STORED_GROUP_NICKNAME)) matches.push([member, position]);
      });
    }
    const searchedGroup = searched === undefined ? group : groupAt(ctx.world, searched);
    const range = pageRange(matches.length, page);
    const rows = range ? matches.slice(range.start, range.end).map(([member, position]) => memberWire(ctx.world, searchedGroup, member, position)) : [];
    return { total: matches.length, members: listOrNull(rows) };
  },
};

export const getGroupMembersInfo: Route = {
  // [derived] the handler's line is not checked against the source.
  handler: 'api.(*GroupApi).GetGroupMembersInfo() /openim-server/internal/api/group.go:65',
  spec: { goType: 'group.GetGroupMembersInfoReq', fields: { groupID: 'string', userIDs: 'stringList' } },
  run(ctx, body) {
    // Check() (P:group/group.go:150-158), then the RPC's own test of an empty list (group.go:649-651).
    const groupID = boundString(body, 'groupID');
    if (groupID === '') return argsError('groupID is empty');
    if (!Array.isArray(body.get('userIDs'))) return argsError('userIDs is empty');
    const userIDs = boundStrings(body, 'userIDs');
    if (userIDs.length === 0) return argsError('userIDs empty');
    const index = groupIndexOf(groupID);
    const members = index === undefined ? [] : membersOf(ctx.world, index);
    const opIndex = userIndexOf(ctx.world, ctx.opUserID);
    if (ctx.opUserID !== ctx.world.adminUserID && (opIndex === undefined || !members.includes(opIndex))) return noPermission('op user not in group');
    if (index === undefined) return { members: null };
    const group = groupAt(ctx.world, index);
    const positions = new Map(members.map((member, position) => [member, position]));
    // A batch read: duplicates collapse, non-members are dropped, the order is the cache's (batch.ts).
    const rows = batchOrder(userIDs).flatMap((userID) => {
      const member = userIndexOf(ctx.world, userID);
      const position = member === undefined ? undefined : positions.get(member);
      return member === undefined || position === undefined ? [] : [memberWire(ctx.world, group, member, position)];
    });
    return { members: listOrNull(rows) };
  },
};
