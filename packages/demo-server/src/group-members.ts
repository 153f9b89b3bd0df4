// /group/get_group_member_list: a group's members sorted by role (owner 100, admins 60, members
// 20), the order membership.ts keeps them in; `keyword` is a case-sensitive, unescaped $regex on
// the nickname or the user ID. A dismissed group keeps its members. The admin may read any group.
import { boundString } from './bind.js';
import { CodeError, argsError } from './errors.js';
import { listOrNull } from './gojson.js';
import { groupAt, groupIndexOf, roleAt, ROLE_OWNER, type GroupHead, type GroupRecord } from './groups.js';
import { memberCount, membersOf } from './membership.js';
import { compileMongoRegex } from './mongo-regex.js';
import { checkPagination, pageRange } from './pagination.js';
import { rngFor, STREAM, type Rng } from './prng.js';
import type { Route } from './route.js';
import { nicknameAt, userAt, userIdOf, worldNow, type World } from './users.js';

/** joinSource (P:constant/constant.go): invited, searched, QR code. */
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

/** One member as the server writes it (sdkws.GroupMemberFullInfo), in its field order. */
export function memberWire(world: World, group: GroupRecord, index: number, position: number) {
  const user = userAt(world, index);
  const role = roleAt(group, position);
  const rng = memberRng(group, index);
  const joinTime = joinTimeOf(world, group, user.createTime, role === ROLE_OWNER, rng);
  const invited = role !== ROLE_OWNER && rng.chance(0.6);
  return {
    groupID: group.groupID,
    userID: user.userID,
    roleLevel: role,
    joinTime,
    nickname: user.nickname,
    faceURL: user.faceURL,
    appMangerLevel: user.appMangerLevel,
    joinSource: role === ROLE_OWNER ? 2 : rng.pick(JOIN_SOURCES),
    operatorUserID: invited ? group.ownerUserID : '',
    ex: rng.chance(0.05) ? '{"title":"lead"}' : '',
    // A few members are muted for some days to come; the rest were never muted (Unix 0).
    muteEndTime: role !== ROLE_OWNER && rng.chance(0.03) ? worldNow(world) + rng.between(1, MUTED_UNTIL_DAYS) * 86_400_000 : 0,
    inviterUserID: invited ? group.ownerUserID : '',
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
    const regex = compileMongoRegex(keyword, { ignoreCase: false });
    if (regex instanceof CodeError) return regex;
    // A search reads every member (the real server's regex scans the group's member documents too).
    const matches: [number, number][] = [];
    membersOf(ctx.world, index).forEach((member, position) => {
      if (regex.test(nicknameAt(member)) || regex.test(userIdOf(member))) matches.push([member, position]);
    });
    const range = pageRange(matches.length, page);
    const rows = range ? matches.slice(range.start, range.end).map(([member, position]) => memberWire(ctx.world, group, member, position)) : [];
    return { total: matches.length, members: listOrNull(rows) };
  },
};
