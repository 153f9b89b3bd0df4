// The operations: request struct, Check() and the RPC's behaviour, per openim-api.md §3.
import { systemUsers } from './accounts.js';
import { blacksOf } from './blacks.js';
import { boundString, boundStrings } from './bind.js';
import { conversationTotals, sortConversations } from './conversations.js';
import { CodeError, argsError, noPermission, recordNotFound } from './errors.js';
import { getFriendList } from './friends.js';
import { getRecvGroupApplicationList, getUserReqGroupApplicationList } from './group-applications.js';
import { getGroups } from './group-list.js';
import { getGroupMemberList, getGroupMembersInfo } from './group-members.js';
import { getJoinedGroupList } from './joined-groups.js';
import { listOrNull } from './gojson.js';
import { compileMongoRegex } from './mongo-regex.js';
import { checkPagination, pageOf, pageRange } from './pagination.js';
import { parseToken } from './parse-token.js';
import { getUsersStatus } from './presence.js';
import { getFriendApplyList, sentApplications } from './received-applications.js';
import { pullMsgBySeq } from './pull-msg.js';
import { getConversationsHasReadAndMaxSeq, getOwnerConversation } from './read-seqs.js';
import { searchMsg } from './search-msg.js';
import { byHandleResults, checkOwnersPage, checkUserAndPage, conversationsSeenBy, ownerOrAdminOnMain, type Route } from './route.js';
import { getConfigList } from './config-list.js';
import { prometheusDiscovery } from './prometheus-discovery.js';
import { searchUsers, type UserFilters } from './user-search.js';
import type { UserRecord } from './users.js';
import { userAt } from './users.js';
import { getUsersInfo } from './users-info.js';
import { getConversations } from './get-conversations.js';
import { getGroupsInfo } from './groups-info.js';
import { isFriend } from './is-friend.js';
import { newestSeq } from './newest-seq.js';
import { getUsersOnlineTokenDetail } from './online-token-detail.js';
import { getSpecifiedBlacks } from './specified-blacks.js';
import { getActiveGroup, getActiveUser, groupCreateCount, userRegisterCount } from './statistics.js';

const getAdminToken: Route = {
  handler: 'api.(*AuthApi).GetAdminToken() /openim-server/internal/api/auth.go:32',
  spec: { goType: 'auth.GetAdminTokenReq', fields: { secret: 'string', userID: 'string' } },
  run(ctx, body) {
    const userID = boundString(body, 'userID');
    if (userID === '') return argsError('userID is empty');
    if (boundString(body, 'secret') !== ctx.secret) return noPermission('secret invalid');
    if (userID !== ctx.world.adminUserID) {
      return argsError(`userID is error., userID=${userID}, adminUserID=[${ctx.world.adminUserID}]`);
    }
    return ctx.issueAdminToken();
  },
};

const getUsers: Route = {
  handler: 'api.(*UserApi).GetUsers() /openim-server/internal/api/user.go:69',
  spec: { goType: 'user.GetPaginationUsersReq', fields: { pagination: 'pagination', userID: 'string', nickName: 'string' } },
  async run(ctx, body) {
    const page = checkPagination(body.get('pagination'));
    if (page instanceof CodeError) return page;
    const userFilter = boundString(body, 'userID');
    const nickFilter = boundString(body, 'nickName');
    // Users who registered while the demo runs come after the data set's.
    const base = ctx.world.population;
    const population = base + (ctx.activity?.registered() ?? 0);
    const user = (i: number): UserRecord => (i > base && ctx.activity ? ctx.activity.newUser(i) : userAt(ctx.world, i));
    if (userFilter === '' && nickFilter === '') {
      // Users are computed from their index, so any page costs the same.
      const range = pageRange(population, page);
      const users: UserRecord[] = [];
      for (let i = range?.start ?? 0; i < (range?.end ?? 0); i++) users.push(user(i + 1));
      return { total: population, users: listOrNull(users) };
    }
    // Users registered while the demo runs are not searched: the index covers the data set.
    // Each filter is a case-insensitive, unescaped $regex; the two are OR-ed (user.go:93-126).
    const filters: UserFilters = {};
    for (const [key, pattern] of [['userID', userFilter], ['nickName', nickFilter]] as const) {
      if (pattern === '') continue;
      const regex = compileMongoRegex(pattern);
      if (regex instanceof CodeError) return regex;
      filters[key] = regex;
    }
    const found = await searchUsers(ctx.world, filters, page);
    if (found instanceof CodeError) return found;
    const { total, indices } = found;
    return { total, users: listOrNull(indices.map(user)) };
  },
};

const searchNotificationAccount: Route = {
  handler: 'api.(*UserApi).SearchNotificationAccount() /openim-server/internal/api/user.go:243',
  spec: {
    goType: 'user.SearchNotificationAccountReq',
    fields: { keyword: 'string', pagination: 'pagination', appManagerLevel: 'optionalInt32' },
  },
  run(ctx, body) {
    const page = checkPagination(body.get('pagination'));
    if (page instanceof CodeError) return page;
    if (ctx.opUserID !== ctx.world.adminUserID) return noPermission(`user ${ctx.opUserID} is not admin userID`);
    const keyword = boundString(body, 'keyword');
    const all = systemUsers(ctx.world, ctx.generation);
    // Kept: level >= 3 and not an admin.
    const visible = (list: typeof all) => list.filter((a) => a.level >= 3 && a.userID !== ctx.world.adminUserID);
    let found = keyword === '' ? all.filter((a) => a.level === 3) : visible(all.filter((a) => a.userID === keyword));
    if (keyword !== '' && found.length === 0) found = all.filter((a) => a.nickname === keyword);
    let accounts = visible(found);
    // main lists every level >= 3 with no keyword, robots included, and honours appManagerLevel,
    // which the release accepts and ignores (S@main:internal/rpc/user/user.go:603-613,654-678).
    if (ctx.generation === 'main') {
      const level = body.get('appManagerLevel');
      if (keyword === '') accounts = visible(all);
      if (typeof level === 'number') accounts = accounts.filter((a) => a.level === level);
    }
    const items = pageOf(accounts, page).map((a) => ({ userID: a.userID, faceURL: a.faceURL, nickName: a.nickname, appMangerLevel: a.level }));
    return { total: accounts.length, notificationAccounts: listOrNull(items) };
  },
};

const getSelfFriendApplyList: Route = {
  handler: 'api.(*FriendApi).GetSelfApplyList() /openim-server/internal/api/friend.go:53',
  spec: {
    goType: 'relation.GetPaginationFriendsApplyFromReq',
    fields: { userID: 'string', pagination: 'pagination', handleResults: 'int32List' },
  },
  run(ctx, body) {
    const checked = checkOwnersPage(ctx, body);
    if (checked instanceof CodeError) return checked;
    const requests = byHandleResults(body, sentApplications(ctx, checked.userID));
    return { friendRequests: listOrNull(pageOf(requests, checked.page)), total: requests.length };
  },
};

const getBlackList: Route = {
  handler: 'api.(*FriendApi).GetPaginationBlacks() /openim-server/internal/api/friend.go:73',
  spec: { goType: 'relation.GetPaginationBlacksReq', fields: { userID: 'string', pagination: 'pagination' } },
  run(ctx, body) {
    const checked = checkOwnersPage(ctx, body);
    if (checked instanceof CodeError) return checked;
    const blacks = blacksOf(ctx.world, checked.userID);
    return { blacks: listOrNull(pageOf(blacks, checked.page)), total: blacks.length };
  },
};

const getSortedConversationList: Route = {
  handler: 'api.(*ConversationApi).GetSortedConversationList() /openim-server/internal/api/conversation.go:36',
  spec: {
    goType: 'conversation.GetSortedConversationListReq',
    fields: { userID: 'string', conversationIDs: 'stringList', pagination: 'pagination' },
  },
  run(ctx, body) {
    const checked = checkUserAndPage(body);
    if (checked instanceof CodeError) return checked;
    // No permission check in v3.8.x: any valid token may read any user's list; main checks (contract §10).
    const denied = ownerOrAdminOnMain(ctx, checked.userID);
    if (denied) return denied;
    const wanted = new Set(boundStrings(body, 'conversationIDs'));
    const owned = conversationsSeenBy(ctx, checked.userID);
    const rows = wanted.size ? owned.filter((c) => wanted.has(c.wire.conversationID)) : owned;
    if (rows.length === 0) return recordNotFound();
    const sorted = sortConversations(rows);
    // Both totals run over the requested IDs, owned or not; conversationTotal is not a paging total.
    const totals = conversationTotals(ctx.world, owned, wanted.size ? [...wanted] : owned.map((c) => c.wire.conversationID));
    return {
      conversationTotal: totals.conversationTotal,
      unreadTotal: totals.unreadTotal,
      conversationElems: listOrNull(pageOf(sorted, checked.page).map((c) => c.wire)),
    };
  },
};

/** Routes that need no token: the real server whitelists these path prefixes. */
export const TOKEN_WHITELIST = ['/auth/get_admin_token', '/auth/parse_token'];

export const ROUTES: ReadonlyMap<string, Route> = new Map([
  ['/auth/get_admin_token', getAdminToken],
  ['/user/get_users', getUsers],
  ['/user/search_notification_account', searchNotificationAccount],
  ['/friend/get_self_friend_apply_list', getSelfFriendApplyList],
  ['/friend/get_friend_apply_list', getFriendApplyList],
  ['/friend/get_black_list', getBlackList],
  ['/friend/get_friend_list', getFriendList],
  ['/conversation/get_sorted_conversation_list', getSortedConversationList],
  ['/group/get_groups', getGroups],
  ['/group/get_group_member_list', getGroupMemberList],
  ['/group/get_group_members_info', getGroupMembersInfo],
  ['/group/get_joined_group_list', getJoinedGroupList],
  ['/group/get_user_req_group_applicationList', getUserReqGroupApplicationList],
  ['/group/get_recv_group_applicationList', getRecvGroupApplicationList],
  ['/conversation/get_owner_conversation', getOwnerConversation],
  ['/msg/pull_msg_by_seq', pullMsgBySeq],
  ['/msg/get_conversations_has_read_and_max_seq', getConversationsHasReadAndMaxSeq],
  ['/msg/search_msg', searchMsg],
  ['/auth/parse_token', parseToken],
  ['/user/get_users_status', getUsersStatus],
  ['/user/get_users_info', getUsersInfo],
  ['/config/get_config_list', getConfigList],
  ['/conversation/get_conversations', getConversations],
  ['/friend/get_specified_blacks', getSpecifiedBlacks],
  ['/friend/is_friend', isFriend],
  ['/group/get_groups_info', getGroupsInfo],
  ['/msg/newest_seq', newestSeq],
  ['/user/get_users_online_token_detail', getUsersOnlineTokenDetail],
  ['/statistics/user/register', userRegisterCount],
  ['/statistics/user/active', getActiveUser],
  ['/statistics/group/create', groupCreateCount],
  ['/statistics/group/active', getActiveGroup],
]);

/** The GET routes: the answer for a path, or undefined for none (the router's 404). */
export const GET_ROUTES = prometheusDiscovery;
