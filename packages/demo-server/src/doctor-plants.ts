// The doctor's signatures the data set does not have of itself, planted on named users and
// groups over the routes' answers (the routes stay as they are; this wraps them, hooked in by
// routes.ts). The data set already has, everywhere: read seqs past the max seq and list unread
// counts the seqs disagree with (user_000001 among others), deleted seqs (holes) and users online
// (user_000001 always). Planted here, each consistent across the routes that show it:
//   - user_000004: its first conversation's min seq above its max seq (latest message below the min seq);
//   - user_000005: a dismissed group of its own still in its joined list, past the server's drop of
//     dismissed groups (the 12 h cache a dismissal without member deletion leaves, §12.17 item 2, #1671);
//   - the first three groups user_000008's joined list shows that are not dismissed (a user none of
//     the demo's own tests samples, whose groups' owners are not sampled either):
//     the 1st has an owner who is not a member (the owner's row gone from the member reads, the
//     count as it was: the owner left without the group being handed over, #2361),
//     the 2nd a memberCount on get_groups two above its member list's total (the cached count, #3650),
//     the 3rd a member whose mute ended (muteEndTime past, not 0);
//   - user_000003 is kept clean: offline, whatever the presence model says (the doctor finds nothing on it).
import { boundString, boundStrings, type BoundValue } from './bind.js';
import { CodeError } from './errors.js';
import { GROUP_DISMISSED, GROUP_POOL, groupAt, groupHead, groupInfoWire } from './groups.js';
import { groupsOf } from './membership.js';
import { conversationsSeenBy, type Route, type RouteContext } from './route.js';
import { userIndexOf, type World } from './users.js';

/** A dismissed group for the user: one of theirs, else the first dismissed group of the data set. */
function dismissedGroupFor(world: World, userID: string) {
  const own = groupsOf(world, userIndexOf(world, userID) ?? 0);
  const pool = [...own, ...Array.from({ length: GROUP_POOL }, (_, i) => i)];
  const index = pool.find((g) => groupHead(world, g).status === GROUP_DISMISSED);
  return index === undefined ? undefined : groupInfoWire(groupAt(world, index));
}

export const DOCTOR_PLANTS = {
  belowMinSeq: 'user_000004',
  dismissedJoined: 'user_000005',
  groupsOf: 'user_000008',
  clean: 'user_000003',
} as const;

/** When the planted member's mute ended: well in the past of any demo clock. */
const MUTE_ENDED_AT = Date.UTC(2025, 11, 1);

interface Planted {
  ownerGone: string;
  countOff: string;
  muteEnded: string;
  /** The owner who is not a member, of `ownerGone`. */
  owner: string;
}

type GroupInfo = { groupID: string; ownerUserID: string; memberCount: number; status: number };
type MemberRow = { userID: string; roleLevel: number; muteEndTime: number };

const planted = new WeakMap<object, Planted | null>();

async function plantsOf(ctx: RouteContext, joined: Route): Promise<Planted | null> {
  const known = planted.get(ctx.world);
  if (known !== undefined) return known;
  const body = new Map<string, BoundValue>([
    ['fromUserID', DOCTOR_PLANTS.groupsOf],
    ['pagination', { pageNumber: 1, showNumber: 100 }],
  ]);
  const answer = (await joined.run({ ...ctx, opUserID: ctx.world.adminUserID }, body)) as { groups?: GroupInfo[] | null } | CodeError;
  const groups = answer instanceof CodeError ? [] : (answer.groups ?? []).filter((g) => g.status !== 2);
  const found = groups.length >= 3 ? { ownerGone: groups[0]!.groupID, countOff: groups[1]!.groupID, muteEnded: groups[2]!.groupID, owner: groups[0]!.ownerUserID } : null;
  planted.set(ctx.world, found);
  return found;
}

/** A group's info as get_groups gives it with the plants (the count the cache kept). */
function plantedInfo<G extends GroupInfo>(g: G, p: Planted): G {
  return g.groupID === p.countOff ? { ...g, memberCount: g.memberCount + 2 } : g;
}

function plantedMembers(groupID: string, members: MemberRow[], p: Planted): MemberRow[] {
  if (groupID === p.ownerGone) return members.filter((m) => m.userID !== p.owner);
  if (groupID === p.muteEnded) {
    // The last member on the page who is not the owner (the page after it shows none).
    const last = members.map((m) => m.roleLevel !== 100).lastIndexOf(true);
    return members.map((m, i) => (i === last ? { ...m, muteEndTime: MUTE_ENDED_AT } : m));
  }
  return members;
}

type Edit = (answer: Record<string, unknown>, body: Map<string, BoundValue>, ctx: RouteContext, p: Planted | null) => Record<string, unknown>;

const EDITS: Readonly<Record<string, Edit>> = {
  '/group/get_groups': (a, _b, _c, p) =>
    p && Array.isArray(a.groups) ? { ...a, groups: (a.groups as { groupInfo: GroupInfo }[]).map((g) => ({ ...g, groupInfo: plantedInfo(g.groupInfo, p) })) } : a,
  '/group/get_joined_group_list': (a, b, ctx) => {
    if (boundString(b, 'fromUserID') !== DOCTOR_PLANTS.dismissedJoined) return a;
    const groups = Array.isArray(a.groups) ? (a.groups as GroupInfo[]) : [];
    const gone = dismissedGroupFor(ctx.world, DOCTOR_PLANTS.dismissedJoined);
    if (!gone || groups.some((g) => g.groupID === gone.groupID)) return a;
    // On the first page, after the groups the server sorted.
    const first = (b.get('pagination') as { pageNumber?: number } | undefined)?.pageNumber === 1;
    return { ...a, total: (a.total as number) + 1, groups: first ? [...groups, gone] : a.groups };
  },
  '/group/get_group_member_list': (a, b, _c, p) => {
    const groupID = boundString(b, 'groupID');
    if (!p || !Array.isArray(a.members)) return a;
    return { ...a, members: plantedMembers(groupID, a.members as MemberRow[], p) };
  },
  '/group/get_group_members_info': (a, b, _c, p) => (p && Array.isArray(a.members) ? { ...a, members: plantedMembers(boundString(b, 'groupID'), a.members as MemberRow[], p) } : a),
  '/conversation/get_owner_conversation': (a, b, ctx) => {
    if (boundString(b, 'userID') !== DOCTOR_PLANTS.belowMinSeq || !Array.isArray(a.conversations) || a.conversations.length === 0) return a;
    const rows = a.conversations as { conversationID: string; minSeq: number }[];
    const record = conversationsSeenBy(ctx, DOCTOR_PLANTS.belowMinSeq).find((c) => c.wire.conversationID === rows[0]!.conversationID);
    if (!record) return a;
    return { ...a, conversations: rows.map((c, i) => (i === 0 ? { ...c, minSeq: record.maxSeq + 2 } : c)) };
  },
  '/user/get_users_status': (a, b) => {
    if (!boundStrings(b, 'userIDs').includes(DOCTOR_PLANTS.clean) || !Array.isArray(a.statusList)) return a;
    return { ...a, statusList: (a.statusList as { userID: string }[]).map((s) => (s.userID === DOCTOR_PLANTS.clean ? { ...s, status: 0, platformIDs: null } : s)) };
  },
};

/** The routes with the doctor's plants over their answers. */
export function withDoctorPlants(routes: ReadonlyMap<string, Route>): ReadonlyMap<string, Route> {
  const joined = routes.get('/group/get_joined_group_list');
  return new Map(
    [...routes].map(([path, route]) => {
      const edit = EDITS[path];
      if (!edit || !joined) return [path, route];
      const wrapped: Route = {
        ...route,
        async run(ctx, body) {
          const answer = await route.run(ctx, body);
          if (answer instanceof CodeError || answer === null || typeof answer !== 'object') return answer;
          // The plants' groups are looked up for the routes that show them only.
          const groupRoute = path.startsWith('/group/get_group');
          return edit(answer as Record<string, unknown>, body, ctx, groupRoute ? await plantsOf(ctx, joined) : null);
        },
      };
      return [path, wrapped];
    }),
  );
}
