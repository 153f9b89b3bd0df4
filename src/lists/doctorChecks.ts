// The doctor's checks, once, as data: the data signature of a known OpenIM defect (or a fact an
// operator chasing one needs), what it reads, why it matters, the upstream issue and where it was
// fixed, if it was. The scan (doctorScan.ts) gathers the facts and asks each check; the list
// (doctor.ts), docs/what-it-shows.md and the tests iterate CHECKS. Pure: no requests here.

/** Whom a check looks at: a user (`doctor --user`, a scan of users) or a group (`doctor --group`). */
export type CheckSubject = 'user' | 'group';

export interface DoctorCheck {
  id: string;
  subject: CheckSubject;
  /** Its name in the table and the docs. */
  title: string;
  /** What it reads (routes and fields). */
  reads: string;
  /** Why a finding matters to the operator. */
  why: string;
  /** The upstream issues and pull requests that describe it (open-im-server unless a repository is named). */
  upstream: readonly string[];
  /** Where it was fixed, in words; undefined where no fix is known. */
  fixed?: string;
  /** A fact to see rather than a defect (the user's platforms online). */
  info?: true;
}

/** Every check the doctor runs, in the order its findings are listed. */
export const CHECKS = [
  {
    id: 'read-past-max',
    subject: 'user',
    title: 'read seq past max seq',
    reads: 'get_conversations_has_read_and_max_seq: hasReadSeq, maxSeq',
    why: 'the unread count goes negative: clients show no badge, and the SDK fails with "hasReadSeq must not be bigger than maxSeq"',
    upstream: ['#3539'],
  },
  {
    id: 'unread-mismatch',
    subject: 'user',
    title: 'list unread vs seqs',
    reads: 'get_sorted_conversation_list: unreadCount; get_conversations_has_read_and_max_seq: maxSeq − hasReadSeq',
    why: 'the badge the list shows is not what the seqs say: the "my unread badge is wrong" ticket',
    upstream: ['#2807', '#3068'],
    fixed: '#2807 closed upstream (own messages counted as unread after a reconnect)',
  },
  {
    id: 'seq-holes',
    subject: 'user',
    title: 'holes in seqs',
    reads: 'pull_msg_by_seq over the newest seqs: placeholder rows (status 4) and seqs missing from the answer',
    why: 'messages are missing from the history between seqs the user can read: lost writes after Redis or Mongo trouble',
    upstream: ['#3249'],
  },
  {
    id: 'latest-below-min',
    subject: 'user',
    title: 'latest message below min seq',
    reads: 'get_owner_conversation: minSeq; get_conversations_has_read_and_max_seq: maxSeq',
    why: 'the conversation is listed but the user can pull none of it: every message is under their min seq (a clear or a destruct that went past the end)',
    upstream: [],
  },
  {
    id: 'dismissed-joined',
    subject: 'user',
    title: 'dismissed group in joined list',
    reads: 'get_joined_group_list: status 2',
    why: 'the user still sees a dismissed group as joined (the cached list is not cleared by a dismissal without member deletion)',
    upstream: ['#1671'],
    fixed: '#1671 closed upstream (get_groups leaves dismissed groups out); the joined list still keeps a lone dismissed group',
  },
  {
    id: 'online',
    subject: 'user',
    title: 'online now',
    reads: 'get_users_status: status, platformIDs (never the token detail)',
    why: 'which platforms hold a connection now: a message pushed to a user who is offline waits for the next pull',
    upstream: [],
    info: true,
  },
  {
    id: 'owner-not-member',
    subject: 'group',
    title: 'owner not a member',
    reads: 'get_groups (groupID): ownerUserID; get_group_members_info: that user; get_group_member_list: role 100',
    why: 'nobody can manage the group: the owner it names is not among its members',
    upstream: ['#2361'],
  },
  {
    id: 'member-count',
    subject: 'group',
    title: 'memberCount vs member list',
    reads: 'get_groups (groupID): memberCount; get_group_member_list: total',
    why: 'clients show a member count that is not the group\'s: the cached count was read before a member left',
    upstream: ['PR #3650', 'PR #3651'],
    fixed: 'PRs #3650/#3651 (merged 2025-12-31: the count is read after the deletion)',
  },
  {
    id: 'mute-ended',
    subject: 'group',
    title: 'mute ended, still set',
    reads: 'get_group_member_list: muteEndTime in the past but not 0',
    why: 'a client that tests muteEndTime ≠ 0 still shows the member as muted, though the server lets them speak',
    upstream: [],
  },
] as const satisfies readonly DoctorCheck[];

export type CheckID = (typeof CHECKS)[number]['id'];

const BY_ID = new Map<string, DoctorCheck>(CHECKS.map((c) => [c.id, c]));
export const checkOf = (id: CheckID): DoctorCheck => BY_ID.get(id)!;
/** The check a row names, if it names one (a row read back from anywhere may name none). */
export const findCheck = (id: unknown): DoctorCheck | undefined => (typeof id === 'string' ? BY_ID.get(id) : undefined);

/** What the doctor says of one thing it looked at: a finding of a check, or a read that failed (unknown). */
export interface Finding {
  /** The check's ID, or `read-failed` when a read the checks needed failed. */
  check: CheckID | 'read-failed';
  verdict: 'finding' | 'info' | 'unknown';
  subject: CheckSubject;
  /** The user or group looked at. */
  subjectID: string;
  /** Where in it: a conversation ID, a member's user ID, a group ID ('' for the subject itself). */
  where: string;
  /** What was seen, in words. */
  seen: string;
  /** The route the fact came from. */
  route: string;
}

/** A check's finding. */
export function finding(check: CheckID, subjectID: string, where: string, seen: string, route: string): Finding {
  const c = checkOf(check);
  return { check, verdict: 'info' in c ? 'info' : 'finding', subject: c.subject, subjectID, where, seen, route };
}

/** A read that failed: the checks that needed it are unknown, with the reason. */
export function unknown(subject: CheckSubject, subjectID: string, route: string, reason: string): Finding {
  return { check: 'read-failed', verdict: 'unknown', subject, subjectID, where: '', seen: reason, route };
}

/** One conversation's seqs as the user's checks read them. */
export interface ConversationSeqs {
  conversationID: string;
  maxSeq: number;
  hasReadSeq: number;
  /** The list's unread count (get_sorted_conversation_list); undefined when the list did not say. */
  listedUnread?: number;
  /** The owner's min seq (get_owner_conversation); undefined when not read. */
  minSeq?: number;
  /** Seqs missing or placeholders in the newest window pulled; undefined when not pulled. */
  holes?: readonly number[];
}

const READ_STATE = '/msg/get_conversations_has_read_and_max_seq';

/** The user's conversation checks over one conversation's seqs. */
export function conversationFindings(userID: string, c: ConversationSeqs): Finding[] {
  const out: Finding[] = [];
  const bySeq = c.maxSeq - c.hasReadSeq;
  if (bySeq < 0) out.push(finding('read-past-max', userID, c.conversationID, `read seq ${c.hasReadSeq} past max seq ${c.maxSeq} (by ${-bySeq})`, READ_STATE));
  if (c.listedUnread !== undefined && c.listedUnread !== bySeq) {
    out.push(finding('unread-mismatch', userID, c.conversationID, `list says ${c.listedUnread} unread, seqs say ${bySeq}`, '/conversation/get_sorted_conversation_list'));
  }
  if (c.holes && c.holes.length > 0) out.push(finding('seq-holes', userID, c.conversationID, `${c.holes.length} missing: ${seqRanges(c.holes)}`, '/msg/pull_msg_by_seq'));
  if (c.minSeq !== undefined && c.minSeq > 0 && c.maxSeq > 0 && c.maxSeq < c.minSeq) {
    out.push(finding('latest-below-min', userID, c.conversationID, `latest seq ${c.maxSeq} below min seq ${c.minSeq}`, '/conversation/get_owner_conversation'));
  }
  return out;
}

/** Seqs as ranges, at most a few: `12-14, 20`. */
export function seqRanges(seqs: readonly number[]): string {
  const sorted = [...seqs].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    parts.push(i === j ? `${sorted[i]}` : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return parts.length > 4 ? `${parts.slice(0, 4).join(', ')}, …` : parts.join(', ');
}

/** A group's checks over what its reads said. */
export interface GroupFacts {
  groupID: string;
  ownerUserID: string;
  memberCount: number;
  /** The member list's total. */
  total: number;
  /** Whether the owner is among the members (the exact lookup or a role-100 row). */
  ownerIsMember: boolean;
  /** Members whose muteEndTime is past but not 0, with it. */
  muteEnded: readonly { userID: string; muteEndTime: number }[];
}

export function groupFindings(g: GroupFacts, formatTime: (ms: number) => string): Finding[] {
  const out: Finding[] = [];
  if (g.ownerUserID !== '' && !g.ownerIsMember) {
    out.push(finding('owner-not-member', g.groupID, g.ownerUserID, `owner ${g.ownerUserID} is not a member`, '/group/get_group_members_info'));
  } else if (g.ownerUserID === '') out.push(finding('owner-not-member', g.groupID, '', 'no owner: ownerUserID is empty', '/group/get_groups'));
  if (g.memberCount !== g.total) out.push(finding('member-count', g.groupID, '', `memberCount ${g.memberCount}, member list total ${g.total}`, '/group/get_group_member_list'));
  for (const m of g.muteEnded) out.push(finding('mute-ended', g.groupID, m.userID, `muteEndTime ${formatTime(m.muteEndTime)} has passed`, '/group/get_group_member_list'));
  return out;
}
