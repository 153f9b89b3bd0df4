// The group routes over loopback HTTP: get_groups, get_group_member_list, get_group_members_info
// and get_joined_group_list in the real shapes, consistent with each other and with the group
// conversations users already have; dismissed groups (left out of a joined list of two or more),
// the case-sensitive name pattern, roles, the keyword that finds nothing (its arguments swapped),
// the owner's group nickname, the errors, and a million users.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startDemoServer, type DemoServer } from '../src/server.js';
import { userIdOf } from '../src/users.js';
import { call, data, page } from './helpers.js';

interface GroupInfo {
  groupID: string;
  groupName: string;
  ownerUserID: string;
  createTime: number;
  memberCount: number;
  status: number;
}
interface GroupsData {
  total: number;
  groups: Array<{ groupInfo: GroupInfo; groupOwnerUserName: string; groupOwnerUserID: string }> | null;
}
interface Member {
  groupID: string;
  userID: string;
  roleLevel: number;
  nickname: string;
  joinTime: number;
}
interface MembersData {
  total: number;
  members: Member[] | null;
}
interface JoinedData {
  total: number;
  groups: GroupInfo[] | null;
}
interface ConversationsData {
  conversationElems: Array<{ conversationID: string; msgInfo: { groupMemberCount: number; sendID: string } | null }> | null;
}

/** Users of every kind: the first, busy chatters (index % 50 === 2), one without chats (7), ordinary ones. */
const SAMPLE = [1, 2, 3, 7, 17, 52, 777, 4321].map(userIdOf);

let server: DemoServer;
beforeAll(async () => {
  server = await startDemoServer();
});
afterAll(() => server.close());

const groups = (body: object, on = server) => data<GroupsData>(on, '/group/get_groups', body);
const members = (groupID: string, pageNumber = 1, showNumber = 1000, keyword?: string, on = server) =>
  data<MembersData>(on, '/group/get_group_member_list', { groupID, pagination: page(pageNumber, showNumber), ...(keyword === undefined ? {} : { keyword }) });
const joined = (fromUserID: string, pageNumber = 1, showNumber = 1000, on = server) =>
  data<JoinedData>(on, '/group/get_joined_group_list', { fromUserID, pagination: page(pageNumber, showNumber) });
const memberInfo = (groupID: string, userIDs: string[], on = server) => data<{ members: Member[] | null }>(on, '/group/get_group_members_info', { groupID, userIDs });
/** Whether a user is among a group's members, asked by exact ID. */
const isMember = async (groupID: string, userID: string, on = server) => ((await memberInfo(groupID, [userID], on)).members ?? []).map((m) => m.userID).join() === userID;
const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
const allGroups = async (on = server) => (await groups({ pagination: page(1, 10_000) }, on)).groups ?? [];
const groupConversations = async (userID: string) => {
  const res = await call<ConversationsData>(server, '/conversation/get_sorted_conversation_list', { userID, pagination: page(1, 1000) });
  return (res.body.data?.conversationElems ?? []).filter((c) => c.conversationID.startsWith('sg_'));
};

describe('get_groups', () => {
  it('answers the real shape, newest first, createTime in ms, dismissed groups left out', async () => {
    const d = await groups({ pagination: page(1, 10_000) });
    const rows = d.groups ?? [];
    expect(Object.keys(d)).toEqual(['total', 'groups']);
    expect(rows.length).toBe(d.total);
    // Some of the pool of 3,000 are dismissed, and none of those is listed.
    expect(d.total).toBeGreaterThan(2500);
    expect(d.total).toBeLessThan(3000);
    expect(Object.keys(rows[0]!)).toEqual(['groupInfo', 'groupOwnerUserName', 'groupOwnerUserID']);
    expect(Object.keys(rows[0]!.groupInfo)).toEqual([
      'groupID', 'groupName', 'notification', 'introduction', 'faceURL', 'ownerUserID', 'createTime', 'memberCount', 'ex', 'status',
      'creatorUserID', 'groupType', 'needVerification', 'lookMemberInfo', 'applyMemberFriend', 'notificationUpdateTime', 'notificationUserID',
    ]);
    const times = rows.map((r) => r.groupInfo.createTime);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(times.every((t) => t > 1_600_000_000_000)).toBe(true);
    expect(rows.every((r) => r.groupInfo.status !== 2)).toBe(true);
    expect(new Set(rows.map((r) => r.groupInfo.status))).toEqual(new Set([0, 3]));
    // groupOwnerUserName is the owner's stored group nickname, which no demo member sets: never the user's nickname.
    for (const r of rows.slice(0, 50)) expect(r.groupOwnerUserID).toBe(r.groupInfo.ownerUserID);
    expect(rows.every((r) => r.groupOwnerUserName === '')).toBe(true);
  });

  it('narrows by groupName, a case-sensitive unescaped regex, and says a bad one in Mongo\'s words', async () => {
    const all = await allGroups();
    const team = await groups({ pagination: page(1, 1000), groupName: 'Team' });
    expect(team.total).toBe(all.filter((r) => r.groupInfo.groupName.includes('Team')).length);
    expect(team.total).toBeGreaterThan(0);
    expect((await groups({ pagination: page(1, 1000), groupName: 'team' })).total).toBe(0);
    // Unescaped: `R&D <core>` with a dot matches any character, `.` escaped matches nothing here.
    expect((await groups({ pagination: page(1, 10), groupName: '^R.D <core>' })).total).toBeGreaterThan(0);
    expect((await groups({ pagination: page(1, 10), groupName: '^R\\.D' })).total).toBe(0);
    const bad = await call(server, '/group/get_groups', { pagination: page(1, 10), groupName: '(' });
    expect(bad.body.errCode).toBe(500);
    expect(bad.body.errDlt).toContain('Regular expression is invalid: missing closing parenthesis');
  });

  it('looks a groupID up whatever the paging; a dismissed or unknown ID finds nothing', async () => {
    const all = await allGroups();
    const one = all[123]!;
    const found = await groups({ pagination: page(40, 1), groupID: one.groupInfo.groupID });
    expect(found).toEqual({ total: 1, groups: [one] });
    expect(await groups({ groupID: '42' })).toEqual({ total: 0, groups: null });
    const listed = new Set(all.map((r) => r.groupInfo.groupID));
    const dismissed = [...Array(3000).keys()].map((k) => String(3_100_000_000 + k * 7919)).find((id) => !listed.has(id))!;
    expect(await groups({ groupID: dismissed })).toEqual({ total: 0, groups: null });
    // ...but it keeps its members, who in two groups or more no longer see it among theirs.
    const listedMembers = (await members(dismissed)).members ?? [];
    expect(listedMembers.length).toBeGreaterThan(0);
    const member = listedMembers.find((m) => m.userID === DEMO.firstUserID) ?? listedMembers[0]!;
    expect(await isMember(dismissed, member.userID)).toBe(true);
    const theirs = await joined(member.userID);
    expect(theirs.total).toBeGreaterThanOrEqual(2);
    expect(theirs.groups?.map((g) => g.groupID)).not.toContain(dismissed);
  });
});

describe('members and joined groups agree, with the conversations', () => {
  it('a user with sg_<id> in its conversations is in that group\'s members, and its joined groups are exactly those', async () => {
    let checked = 0;
    const listed = new Set((await allGroups()).map((r) => r.groupInfo.groupID));
    let dropped = 0;
    for (const userID of SAMPLE) {
      const convs = await groupConversations(userID);
      const mine = (await joined(userID)).groups ?? [];
      // In two groups or more, the dismissed ones are left out (a lone one stays listed).
      const theirs = convs.map((c) => c.conversationID.slice(3));
      const expected = theirs.length >= 2 ? theirs.filter((id) => listed.has(id)) : theirs;
      dropped += theirs.length - expected.length;
      expect(mine.map((g) => g.groupID).sort(), userID).toEqual(expected.sort());
      for (const c of convs.slice(0, 12)) {
        const groupID = c.conversationID.slice(3);
        expect(await isMember(groupID, userID), `${userID} in ${groupID}`).toBe(true);
        const info = mine.find((g) => g.groupID === groupID);
        if (!info) continue;
        expect((await members(groupID, 1, 1)).total).toBe(info.memberCount);
        if (c.msgInfo) {
          expect(c.msgInfo.groupMemberCount).toBe(info.memberCount);
          // Whoever sent the group's latest message is one of its members.
          expect(await isMember(groupID, c.msgInfo.sendID), `${c.msgInfo.sendID} sent in ${groupID}`).toBe(true);
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(40);
    expect(dropped).toBeGreaterThan(0);
    // The one who never chats is in no group; the busy ones in a hundred or more.
    expect((await joined(userIdOf(7))).total).toBe(0);
    expect((await joined(userIdOf(2))).total).toBeGreaterThan(100);
  });

  it('keeps a lone group as it is, dismissed or not: the server drops and sorts only from two groups on', async () => {
    // At the default population user_001135's only group is dismissed, user_000003's is not.
    const lone = await joined(userIdOf(1135));
    expect(lone.total).toBe(1);
    expect(lone.groups![0]!.status).toBe(2);
    expect(await isMember(lone.groups![0]!.groupID, userIdOf(1135))).toBe(true);
    const one = await joined(userIdOf(3));
    expect(one.total).toBe(1);
    expect(one.groups![0]!.status).not.toBe(2);
  });

  it('lists a user\'s groups of two or more by name, then creation time, the total after the drop', async () => {
    for (const userID of SAMPLE) {
      const d = await joined(userID);
      const rows = d.groups ?? [];
      expect(d.total).toBe(rows.length);
      if (rows.length < 2) continue;
      expect(rows.every((g) => g.status !== 2)).toBe(true);
      for (let i = 1; i < rows.length; i++) {
        const order = byBytes(rows[i - 1]!.groupName, rows[i]!.groupName) || rows[i - 1]!.createTime - rows[i]!.createTime;
        expect(order, `${userID}: ${rows[i - 1]!.groupName} before ${rows[i]!.groupName}`).toBeLessThanOrEqual(0);
      }
    }
  });

  it('every member of a group lists the group among its joined groups', async () => {
    for (const row of (await allGroups()).slice(0, 6)) {
      const list = (await members(row.groupInfo.groupID)).members ?? [];
      expect(list.length).toBe(row.groupInfo.memberCount);
      for (const m of list.slice(0, 15)) expect(((await joined(m.userID)).groups ?? []).map((g) => g.groupID)).toContain(row.groupInfo.groupID);
    }
  });
});

describe('get_group_member_list', () => {
  it('sorts by role: the owner (100) first, then admins (60), then members (20)', async () => {
    const all = await allGroups();
    const withAdmins = [];
    for (const row of all.slice(0, 30)) {
      const d = await members(row.groupInfo.groupID);
      const list = d.members ?? [];
      expect(list[0]).toMatchObject({ userID: row.groupInfo.ownerUserID, roleLevel: 100 });
      const roles = list.map((m) => m.roleLevel);
      expect(roles).toEqual([...roles].sort((a, b) => b - a));
      expect(roles.filter((r) => r === 100)).toHaveLength(1);
      expect(new Set(list.map((m) => m.userID)).size).toBe(list.length);
      if (roles.includes(60)) withAdmins.push(row);
      expect(Object.keys(list[0]!)).toEqual([
        'groupID', 'userID', 'roleLevel', 'joinTime', 'nickname', 'faceURL', 'appMangerLevel', 'joinSource', 'operatorUserID', 'ex', 'muteEndTime', 'inviterUserID',
      ]);
    }
    expect(withAdmins.length).toBeGreaterThan(5);
  });

  it('pages with the exact total; a keyword finds nothing, as the server that swaps group ID and keyword', async () => {
    const big = (await allGroups()).reduce((a, b) => (b.groupInfo.memberCount > a.groupInfo.memberCount ? b : a));
    const groupID = big.groupInfo.groupID;
    const all = (await members(groupID)).members ?? [];
    const paged: Member[] = [];
    for (let n = 1; n <= Math.ceil(all.length / 9); n++) {
      const p = await members(groupID, n, 9);
      expect(p.total).toBe(all.length);
      paged.push(...(p.members ?? []));
    }
    expect(paged).toEqual(all);
    expect(await members(groupID, Math.ceil(all.length / 9) + 1, 9)).toEqual({ total: all.length, members: null });
    const name = all.find((m) => /^[A-Z][a-z]+ /.test(m.nickname))!.nickname.split(' ')[0]!;
    // release group.go:524: the search is asked for group `keyword` with nicknames matching the group ID.
    for (const keyword of [name, all[1]!.userID, `^${all[1]!.userID}$`, '.*', groupID]) {
      expect(await members(groupID, 1, 1000, keyword), keyword).toEqual({ total: 0, members: null });
    }
  });

  it('get_group_members_info finds members by exact ID: non-members dropped, duplicates collapsed, any order', async () => {
    const big = (await allGroups()).reduce((a, b) => (b.groupInfo.memberCount > a.groupInfo.memberCount ? b : a));
    const groupID = big.groupInfo.groupID;
    const all = (await members(groupID)).members ?? [];
    const asked = [all[3]!.userID, 'nobody', all[1]!.userID, all[3]!.userID, all[0]!.userID];
    const found = (await memberInfo(groupID, asked)).members ?? [];
    expect(found.map((m) => m.userID).sort()).toEqual([all[0]!.userID, all[1]!.userID, all[3]!.userID].sort());
    // Never the order asked: the server's batch read answers in map order.
    expect(found.map((m) => m.userID)).not.toEqual([all[3]!.userID, all[1]!.userID, all[0]!.userID]);
    for (const m of found) expect(m).toEqual(all.find((a) => a.userID === m.userID));
    expect(await memberInfo(groupID, ['nobody'])).toEqual({ members: null });
    const path = '/group/get_group_members_info';
    expect((await call(server, path, { userIDs: ['a'] })).body).toEqual({ errCode: 1001, errMsg: 'ArgsError', errDlt: 'groupID is empty' });
    expect((await call(server, path, { groupID })).body).toEqual({ errCode: 1001, errMsg: 'ArgsError', errDlt: 'userIDs is empty' });
    expect((await call(server, path, { groupID, userIDs: [] })).body).toEqual({ errCode: 1001, errMsg: 'ArgsError', errDlt: 'userIDs empty' });
    const outsider = userIdOf(7);
    const refused = await call(server, path, { groupID, userIDs: [all[0]!.userID] }, { token: server.mintToken(outsider) });
    expect(refused.body).toEqual({ errCode: 1002, errMsg: 'NoPermissionError', errDlt: 'op user not in group' });
    const own = await call(server, path, { groupID, userIDs: [all[0]!.userID] }, { token: server.mintToken(all[2]!.userID) });
    expect(own.body.errCode).toBe(0);
  });

  it('answers the real server\'s errors and an empty page for an unknown group', async () => {
    const path = '/group/get_group_member_list';
    expect((await call(server, path, { pagination: page(1, 10) })).body).toEqual({ errCode: 1001, errMsg: 'ArgsError', errDlt: 'groupID is empty' });
    expect((await call(server, path, { groupID: '3100000000' })).body).toEqual({ errCode: 1001, errMsg: 'ArgsError', errDlt: 'pagination is empty' });
    expect(await members('nope')).toEqual({ total: 0, members: null });
    expect(await members('nope', 1, 10, 'x')).toEqual({ total: 0, members: null });
  });
});

describe('get_joined_group_list', () => {
  it('is the owner\'s or an admin\'s to read, pages with its exact total', async () => {
    const path = '/group/get_joined_group_list';
    const other = await call(server, path, { fromUserID: DEMO.firstUserID, pagination: page(1, 10) }, { token: server.mintToken(userIdOf(2)) });
    expect(other.body).toEqual({ errCode: 1002, errMsg: 'NoPermissionError', errDlt: 'ownerUserID, user_000001=MISSING' });
    const own = await call<JoinedData>(server, path, { fromUserID: userIdOf(2), pagination: page(1, 10) }, { token: server.mintToken(userIdOf(2)) });
    expect(own.body.errCode).toBe(0);
    expect((await call(server, path, { pagination: page(1, 10) })).body).toEqual({ errCode: 1001, errMsg: 'ArgsError', errDlt: 'fromUserID is empty' });
    const all = (await joined(DEMO.firstUserID)).groups ?? [];
    const paged: GroupInfo[] = [];
    for (let n = 1; n <= Math.ceil(all.length / 25); n++) paged.push(...((await joined(DEMO.firstUserID, n, 25)).groups ?? []));
    expect(paged).toEqual(all);
    expect(await joined('user_999999')).toEqual({ total: 0, groups: null });
  });
});

describe('at a million users', () => {
  it('answers each group route\'s page without looking at the whole population', { timeout: 60_000 }, async () => {
    const big = await startDemoServer({ users: 1_000_000 });
    try {
      const first = await groups({ pagination: page(1, 20) }, big);
      expect(first.groups).toHaveLength(20);
      const groupID = first.groups![0]!.groupInfo.groupID;
      const list = await members(groupID, 3, 20, undefined, big);
      expect(list.total).toBe(first.groups![0]!.groupInfo.memberCount);
      expect(list.total).toBeGreaterThan(500);
      // The busy members sit past the window: the last page names one of them, who has the group.
      const last = await members(groupID, Math.ceil(list.total / 20), 20, undefined, big);
      const lastMember = last.members!.at(-1)!;
      expect(((await joined(lastMember.userID, 1, 1000, big)).groups ?? []).map((g) => g.groupID)).toContain(groupID);
      const tail = userIdOf(999_999);
      for (const g of (await joined(tail, 1, 1000, big)).groups ?? []) {
        expect(await isMember(g.groupID, tail, big)).toBe(true);
      }
    } finally {
      await big.close();
    }
  });
});
