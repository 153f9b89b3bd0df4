// Groups, computed from a group index like users are; who is in them is membership.ts's.
import { isEmpty, membersOf, memberCount, GROUP_POOL } from './membership.js';
import { groupName } from './names.js';
import { rngFor, STREAM } from './prng.js';
import { userIdOf, worldNow, worldShift, type World } from './users.js';

export { GROUP_POOL } from './membership.js';

/** Group statuses (P:constant/constant.go; 1, banned, the demo never gives): a dismissed group is left out of get_groups. */
export const GROUP_OK = 0;
export const GROUP_DISMISSED = 2;
export const GROUP_MUTED = 3;
/** Member roles (P:constant/constant.go): the member list is sorted by these, highest first. */
export const ROLE_OWNER = 100;
export const ROLE_ADMIN = 60;
export const ROLE_MEMBER = 20;

export interface GroupRecord extends GroupHead {
  memberCount: number;
  /** '' for a group left without members (a population too small to fill it). */
  ownerUserID: string;
  /** The owner's user index; 0 with no owner. */
  ownerIndex: number;
  /** Members after the owner who are admins. */
  admins: number;
  notification: string;
  introduction: string;
  creatorUserID: string;
  needVerification: number;
  lookMemberInfo: number;
  applyMemberFriend: number;
  notificationUpdateTime: number;
  notificationUserID: string;
  ex: string;
}

const GROUP_ID_BASE = 3_100_000_000;
const GROUP_ID_STRIDE = 7_919;
const NOTICES = ['', '', 'Be kind. No ads.', '周五下午四点开会', 'Release freeze from Monday 🧊', 'Read the pinned doc <wiki/onboarding>'];
const INTROS = ['', 'Weekly sync', '家人们', 'Everything about the launch', 'オフ会の連絡用'];
const VERIFICATIONS = [0, 0, 1, 2];

/** The pool index a group ID names, if it names one. */
export function groupIndexOf(groupID: string): number | undefined {
  if (!/^\d+$/.test(groupID)) return undefined;
  const index = (Number(groupID) - GROUP_ID_BASE) / GROUP_ID_STRIDE;
  return Number.isInteger(index) && index >= 0 && index < GROUP_POOL ? index : undefined;
}

/** A group's ID from its pool index, without the rest of its record. */
export function groupIdOf(index: number): string {
  // Ten-digit numeric IDs like the real server's; the stride keeps them distinct.
  return String(GROUP_ID_BASE + index * GROUP_ID_STRIDE);
}

/** What a group is without its members: what get_groups sorts and filters by (cheap). */
export interface GroupHead {
  index: number;
  groupID: string;
  groupName: string;
  faceURL: string;
  createTime: number;
  status: number;
}

export function groupHead(world: World, index: number): GroupHead {
  const rng = rngFor(STREAM.group, index);
  // The first draws are those the groups had before their members were modelled: names stay.
  rng.chance(0.05);
  rng.next();
  const name = groupName(rng);
  const faceURL = rng.chance(0.3) ? '' : `https://avatars.example.com/g/${index}.jpg`;
  rng.next();
  const days = rng.int(700);
  const more = rngFor(STREAM.group, index, 8);
  const roll = more.next();
  return {
    index,
    groupID: groupIdOf(index),
    groupName: name,
    faceURL,
    // To the ms, so that the newest-first order never ties.
    createTime: Date.UTC(2023, 0, 1) + days * 86_400_000 + more.int(86_400_000) + worldShift(world),
    // A group its members have all left is dismissed too.
    status: roll < 0.04 || isEmpty(world, index) ? GROUP_DISMISSED : roll < 0.07 ? GROUP_MUTED : GROUP_OK,
  };
}

/** A group's whole record; `head` is groupHead's, when the caller has it already (a listed page). */
export function groupAt(world: World, index: number, head: GroupHead = groupHead(world, index)): GroupRecord {
  const more = rngFor(STREAM.group, index, 9);
  const count = memberCount(world, index);
  const ownerIndex = count > 0 ? membersOf(world, index, 0, 1)[0]! : 0;
  const owner = ownerIndex > 0 ? userIdOf(ownerIndex) : '';
  // The draws in the order the record has always made them: every value stays.
  const notification = more.pick(NOTICES);
  const noticed = notification !== '' && count > 0;
  const admins = Math.max(0, Math.min(count - 1, more.between(0, 3)));
  const introduction = more.pick(INTROS);
  // The creator has often handed the group over since.
  const creatorUserID = more.chance(0.8) || count < 2 ? owner : userIdOf(membersOf(world, index, 1, 2)[0]!);
  const needVerification = more.pick(VERIFICATIONS);
  const lookMemberInfo = more.chance(0.1) ? 1 : 0;
  const applyMemberFriend = more.chance(0.1) ? 1 : 0;
  const notificationUpdateTime = noticed ? Math.min(worldNow(world), head.createTime + more.int(400) * 86_400_000) : 0;
  const ex = more.chance(0.2) ? '{"tag":"work"}' : '';
  // One literal of one shape (no spread of the head): a page builds fifty of these.
  return {
    index,
    groupID: head.groupID,
    groupName: head.groupName,
    faceURL: head.faceURL,
    createTime: head.createTime,
    status: head.status,
    memberCount: count,
    ownerUserID: owner,
    ownerIndex,
    admins,
    notification,
    introduction,
    creatorUserID,
    needVerification,
    lookMemberInfo,
    applyMemberFriend,
    notificationUpdateTime,
    notificationUserID: noticed ? owner : '',
    ex,
  };
}

/** A member's role from its position in the member list. */
export function roleAt(group: GroupRecord, position: number): number {
  return position === 0 ? ROLE_OWNER : position <= group.admins ? ROLE_ADMIN : ROLE_MEMBER;
}

/** groupInfo as the server writes it (sdkws.GroupInfo), in its field order. */
export function groupInfoWire(group: GroupRecord) {
  return {
    groupID: group.groupID,
    groupName: group.groupName,
    notification: group.notification,
    introduction: group.introduction,
    faceURL: group.faceURL,
    ownerUserID: group.ownerUserID,
    createTime: group.createTime,
    memberCount: group.memberCount,
    ex: group.ex,
    status: group.status,
    creatorUserID: group.creatorUserID,
    // Every group the server creates now is a working group (2).
    groupType: 2,
    needVerification: group.needVerification,
    lookMemberInfo: group.lookMemberInfo,
    applyMemberFriend: group.applyMemberFriend,
    notificationUpdateTime: group.notificationUpdateTime,
    notificationUserID: group.notificationUserID,
  };
}
