// The delivery trace's checks, as data: each its name, the requests it reads (`needs`: any of
// them failing makes the line "unknown: <why>"; `reads`: read when they answered), what it
// applies to, and its judgement: a verdict, its words and its facts. A check that can explain why
// the receiver did not get the message gives a headline, and the first headline in `rank` order is
// the trace's one-line verdict. Help, the docs, the screen and `trace -o json` iterate this table.
import { contentTypeName, groupStatusName, msgStatusName, platformWords, recvMsgOptName, roleLevelName } from '../../content/enums.js';
import { formatCount, formatTimeWithZone } from '../../content/format.js';
import { STATUS_DELETED } from '../../lists/historyRows.js';
import { glyphs } from '../../terminal/glyphs.js';
import type { Known, RequestID, Values } from './requests.js';

export type Verdict = 'pass' | 'warn' | 'fail' | 'info' | 'unknown';
export type Fact = string | number | boolean | null;

export interface Judgement {
  verdict: Verdict;
  words: string;
  facts: Record<string, Fact>;
  /** The trace's one-line verdict when this check explains the message's fate. */
  headline?: string;
  /** The requests the facts came from, when not every one the check reads. */
  from?: RequestID[];
}

type Given<N extends RequestID> = { [K in N]: Values[K] };
type Maybe<R extends RequestID> = { [K in R]?: Values[K] };

interface CheckDef<N extends RequestID, R extends RequestID = never> {
  name: string;
  needs: readonly N[];
  reads?: readonly R[];
  /** Headline precedence: lower first. */
  rank?: number;
  only?: 'group';
  /** Judges the sender: unknown while no one can name the sender. */
  sender?: true;
  judge(k: Known, got: Given<N> & Maybe<R>, nowMs: number): Judgement;
}
const check = <N extends RequestID, R extends RequestID = never>(def: CheckDef<N, R>) => def;

/** The receiver as the words name them. */
const who = (k: Known): string => k.receiverID;
/** The marks of the mode in force (`--ascii`: plain ASCII). */
const sep = (): string => glyphs().separator;
const CONTENT_REVOKE = 2101;

/** A pull's row that stands for a seq the server no longer holds: status 4 and nothing else. */
const isPlaceholder = (m: { status: number; sendID: string; serverMsgID: string; clientMsgID: string }): boolean =>
  m.status === STATUS_DELETED && m.sendID === '' && m.serverMsgID === '' && m.clientMsgID === '';

export const TRACE_CHECKS = {
  sequence: check({
    name: "in the receiver's sequence",
    needs: ['receiverConversation', 'pullAsReceiver'],
    reads: ['newestSeq'],
    rank: 1,
    judge(k, got): Judgement {
      const row = got.receiverConversation.get(k.conversationID);
      const pulled = got.pullAsReceiver;
      const maxSeq = got.newestSeq?.[k.conversationID] ?? null;
      const minSeq = row?.minSeq ?? null;
      const cap = row && row.maxSeq > 0 ? row.maxSeq : null;
      const facts = { seq: k.seq, minSeq, maxSeq, cap, returned: pulled.present };
      const miss = (why: string): Judgement => ({ verdict: 'fail', words: why, facts: { ...facts, state: why }, headline: `not in ${who(k)}'s sequence: ${why}` });
      if (!row && !pulled.present) return miss(`${who(k)} has no record of this conversation`);
      if (minSeq !== null && minSeq > 0 && k.seq < minSeq) return miss(`below ${who(k)}'s min seq ${formatCount(minSeq)} (cleared)`);
      if (cap !== null && k.seq > cap) return miss(`past ${who(k)}'s cap at seq ${formatCount(cap)} (left the group then)`);
      if (maxSeq !== null && k.seq > maxSeq) return miss(`past the conversation's max seq ${formatCount(maxSeq)}`);
      if (!pulled.present || !pulled.msg) return miss(`the server returned nothing for seq ${formatCount(k.seq)} (below the min seq)`);
      if (isPlaceholder(pulled.msg)) return miss(`seq ${formatCount(k.seq)} is in a hole (deleted: the server keeps only the seq)`);
      const range = `${formatCount(Math.max(minSeq ?? 0, 1))}${glyphs().range}${maxSeq === null ? '?' : formatCount(maxSeq)}`;
      return { verdict: 'pass', words: `present: seq ${formatCount(k.seq)} in ${range}`, facts: { ...facts, state: 'present' } };
    },
  }),
  stored: check({
    name: 'stored',
    needs: [],
    reads: ['pullAsSender', 'pullAsReceiver'],
    rank: 2,
    judge(k, got): Judgement {
      const fromSender = got.pullAsSender?.msg && !isPlaceholder(got.pullAsSender.msg) ? got.pullAsSender.msg : undefined;
      const m = fromSender ?? got.pullAsReceiver?.msg ?? got.pullAsSender?.msg;
      const from: RequestID[] = [m !== undefined && m === got.pullAsSender?.msg ? 'pullAsSender' : 'pullAsReceiver'];
      if (!m) {
        const why = `no pull returned seq ${formatCount(k.seq)}`;
        return { verdict: 'fail', words: why, facts: { seq: k.seq }, headline: `not stored: ${why}`, from };
      }
      if (isPlaceholder(m)) {
        const why = `seq ${formatCount(k.seq)} is deleted (a placeholder, status ${m.status})`;
        return { verdict: 'fail', words: why, facts: { seq: k.seq, status: m.status }, headline: `not stored: ${why}`, from };
      }
      const revoked = m.contentType === CONTENT_REVOKE;
      const deleted = m.status === STATUS_DELETED;
      const facts = {
        seq: m.seq, serverMsgID: m.serverMsgID, clientMsgID: m.clientMsgID, sendID: m.sendID, sendTime: m.sendTime,
        sendTimeText: formatTimeWithZone(m.sendTime), status: m.status, statusText: msgStatusName(m.status),
        contentType: m.contentType, contentTypeText: contentTypeName(m.contentType), revoked, deletedForReader: deleted,
      };
      const state = revoked ? 'revoked' : deleted ? 'deleted by its reader (content emptied)' : `status ${m.status} ${msgStatusName(m.status)}`;
      return { verdict: revoked || deleted ? 'warn' : 'pass', words: [`seq ${formatCount(m.seq)}`, `sent ${facts.sendTimeText}`, state, `server ID ${m.serverMsgID}`, `client ID ${m.clientMsgID}`].join(` ${sep()} `), facts, from };
    },
  }),
  receiverMember: check({
    name: 'receiver in the group',
    needs: ['members'],
    only: 'group',
    rank: 3,
    judge(k, got): Judgement {
      const m = got.members.get(k.receiverID);
      if (!m) return { verdict: 'fail', words: `${who(k)} is not a member`, facts: { member: false }, headline: `${who(k)} is not a member of the group` };
      return { verdict: 'pass', words: `member (${roleLevelName(m.roleLevel)}) since ${formatTimeWithZone(m.joinTime)}`, facts: { member: true, roleLevel: m.roleLevel, joinTime: m.joinTime } };
    },
  }),
  groupStatus: check({
    name: 'group',
    needs: ['group'],
    only: 'group',
    rank: 4,
    judge(k, got): Judgement {
      const g = got.group.get(k.groupID ?? '');
      if (!g) return { verdict: 'fail', words: 'the server has no such group', facts: { found: false }, headline: 'the group does not exist' };
      const facts = { found: true, status: g.status, statusText: groupStatusName(g.status), memberCount: g.memberCount, ownerUserID: g.ownerUserID };
      const counted = `${formatCount(g.memberCount)} members`;
      if (g.status === 2) return { verdict: 'fail', words: `dismissed (status 2) ${sep()} ${counted}`, facts, headline: 'the group is dismissed: nobody receives its messages' };
      if (g.status === 3) return { verdict: 'warn', words: `muted: only the owner and admins may speak ${sep()} ${counted}`, facts };
      if (g.status === 1) return { verdict: 'warn', words: `banned (status 1) ${sep()} ${counted}`, facts };
      return { verdict: 'pass', words: `${groupStatusName(g.status)} ${sep()} ${counted}`, facts };
    },
  }),
  blacklist: check({
    name: "sender on the receiver's blacklist",
    sender: true,
    needs: ['blacklist'],
    rank: 5,
    judge(k, got): Judgement {
      const row = got.blacklist.get(k.senderID ?? '');
      if (!row) return { verdict: 'pass', words: `${k.senderID ?? 'the sender'} is not on ${who(k)}'s blacklist`, facts: { blocked: false } };
      const since = formatTimeWithZone(row.createTime);
      return { verdict: 'fail', words: `${who(k)} blocked ${k.senderID ?? 'the sender'} on ${since}`, facts: { blocked: true, since: row.createTime, sinceText: since }, headline: `${who(k)} blocked the sender: the server refuses the sender's messages to ${who(k)}` };
    },
  }),
  conversationOption: check({
    name: 'conversation receive option',
    needs: ['receiverConversation'],
    rank: 6,
    judge(k, got): Judgement {
      const row = got.receiverConversation.get(k.conversationID);
      if (!row) return { verdict: 'unknown', words: `unknown: ${who(k)} has no row for this conversation`, facts: { recvMsgOpt: null } };
      const facts = { recvMsgOpt: row.recvMsgOpt, recvMsgOptText: recvMsgOptName(row.recvMsgOpt) };
      if (row.recvMsgOpt === 1) return { verdict: 'fail', words: `${who(k)} muted this conversation (recvMsgOpt 1): no push was due`, facts, headline: `${who(k)} muted this conversation: no push` };
      if (row.recvMsgOpt === 2) return { verdict: 'warn', words: `receives without push (recvMsgOpt 2): no offline push was due`, facts, headline: `${who(k)} muted this conversation's push: no offline push` };
      return { verdict: 'pass', words: `receives, with push (recvMsgOpt ${row.recvMsgOpt})`, facts };
    },
  }),
  globalOption: check({
    name: 'global receive option',
    needs: ['receiverInfo'],
    rank: 7,
    judge(k, got): Judgement {
      const user = got.receiverInfo.find((u) => u.userID === k.receiverID);
      if (!user) return { verdict: 'fail', words: `the server has no user ${who(k)}`, facts: { found: false }, headline: `the server has no user ${who(k)}` };
      const opt = user.globalRecvMsgOpt;
      const facts = { globalRecvMsgOpt: opt, globalRecvMsgOptText: recvMsgOptName(opt) };
      if (opt === 1) return { verdict: 'fail', words: `${who(k)} receives no messages at all (globalRecvMsgOpt 1): no push was due`, facts, headline: `${who(k)} turned all messages off: no push` };
      if (opt === 2) return { verdict: 'warn', words: 'no offline push for any conversation (globalRecvMsgOpt 2)', facts };
      return { verdict: 'pass', words: `receives everything (globalRecvMsgOpt ${opt})`, facts };
    },
  }),
  senderMember: check({
    name: 'sender in the group',
    sender: true,
    needs: ['members'],
    only: 'group',
    judge(k, got, nowMs): Judgement {
      const m = got.members.get(k.senderID ?? '');
      if (!m) return { verdict: 'warn', words: `${k.senderID ?? 'the sender'} is not a member now (left or removed since)`, facts: { member: false } };
      const muted = m.muteEndTime > nowMs;
      const facts = { member: true, roleLevel: m.roleLevel, muteEndTime: m.muteEndTime, muted };
      if (muted) return { verdict: 'warn', words: `member, muted until ${formatTimeWithZone(m.muteEndTime)}`, facts };
      return { verdict: 'pass', words: `member (${roleLevelName(m.roleLevel)}), not muted`, facts };
    },
  }),
  presence: check({
    name: 'receiver online',
    needs: ['presence'],
    reads: ['sessions'],
    judge(k, got): Judgement {
      const status = got.presence.find((s) => s.userID === k.receiverID);
      const platforms = status?.status === 1 ? status.platformIDs : [];
      const sessions = got.sessions?.get(k.receiverID)?.singlePlatformToken ?? [];
      const connections = sessions.map((s) => `${platformWords([s.platformID])} ${s.total}`).join(', ');
      const facts = { online: platforms.length > 0, platformIDs: platforms.join(','), connections: connections || null };
      if (platforms.length === 0) return { verdict: 'info', words: 'offline now: only an offline push could reach them', facts };
      return { verdict: 'info', words: `online now on ${platformWords(platforms)}${connections ? ` (connections: ${connections})` : ''}`, facts, from: got.sessions ? ['presence', 'sessions'] : ['presence'] };
    },
  }),
  friendship: check({
    name: 'friends',
    sender: true,
    needs: ['friendship'],
    judge(k, got): Judgement {
      const { inUser1Friends: mine, inUser2Friends: theirs } = got.friendship;
      const words = mine && theirs ? 'friends both ways' : mine ? `${k.senderID ?? 'the sender'} is in ${who(k)}'s list only` : theirs ? `${who(k)} is in the sender's list only` : 'not friends';
      return { verdict: 'info', words, facts: { receiverListsSender: mine, senderListsReceiver: theirs } };
    },
  }),
  read: check({
    name: 'read',
    needs: ['readState'],
    rank: 9,
    judge(k, got): Judgement {
      const state = got.readState[k.conversationID];
      if (!state) return { verdict: 'unknown', words: `unknown: no read state of ${who(k)} for this conversation`, facts: { hasReadSeq: null } };
      const facts = { hasReadSeq: state.hasReadSeq, maxSeq: state.maxSeq };
      if (state.hasReadSeq >= k.seq) return { verdict: 'pass', words: `read (read seq ${formatCount(state.hasReadSeq)} ${glyphs().atLeast} ${formatCount(k.seq)})`, facts, headline: 'delivered and read' };
      const behind = k.seq - state.hasReadSeq;
      return { verdict: 'warn', words: `not yet read: ${formatCount(behind)} message${behind === 1 ? '' : 's'} behind (read seq ${formatCount(state.hasReadSeq)})`, facts, headline: 'delivered, not read' };
    },
  }),
};

export type CheckID = keyof typeof TRACE_CHECKS;
/** The checks in the order the screen and the JSON list them. */
export const CHECK_ORDER: readonly CheckID[] = ['stored', 'sequence', 'read', 'presence', 'conversationOption', 'globalOption', 'blacklist', 'friendship', 'groupStatus', 'senderMember', 'receiverMember'];
