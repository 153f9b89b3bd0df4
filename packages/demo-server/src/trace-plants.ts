// The delivery trace's cases, each a message and a receiver of the data set (the first user, whom
// the demo opens on, receives them all): read, not read, in a hole of the receiver's sequence,
// in a conversation the receiver muted (recvMsgOpt), from a sender on the receiver's blacklist,
// and in a dismissed group. They are chosen from the generated data by what makes each case, not
// by fixed numbers, so that a change elsewhere in the data set moves a case rather than breaking
// it; docs/demo-server.md names them for the default world, and the demo's tests check each one.
import { blacksOf } from './blacks.js';
import { conversationsOf, type ConversationRecord } from './conversations.js';
import { GROUP_DISMISSED, groupHead, groupIndexOf } from './groups.js';
import { factsAt, isDeleted, timelineOf, type Timeline } from './messages.js';
import { clearedMinSeq } from './messages.js';
import { withOwnReads } from './own-reads.js';
import { DEMO_NOW_MS, userIdOf, type World } from './users.js';

export const TRACE_CASES = ['read', 'notRead', 'hole', 'muted', 'blacklisted', 'dismissedGroup'] as const;
export type TraceCase = (typeof TRACE_CASES)[number];

export interface TracePlant {
  conversationID: string;
  seq: number;
  /** '' for a seq in a hole: nobody's message is stored there. */
  senderID: string;
  receiverID: string;
}

/** The newest stored, unrevoked seq in [low, high] sent by `senderID` (any sender when ''). */
function seqFrom(world: World, t: Timeline, low: number, high: number, senderID: string): number | undefined {
  for (let seq = Math.min(high, t.base); seq >= Math.max(low, t.minSeq, 1) && seq > t.base - 400; seq--) {
    if (isDeleted(t, seq)) continue;
    const facts = factsAt(world, t, seq);
    if (!facts.revoked && (senderID === '' ? facts.sendID !== '' : facts.sendID === senderID)) return seq;
  }
  return undefined;
}

/** The other member of a single chat, by the conversation ID. */
function peerOf(c: ConversationRecord, receiverID: string): string | undefined {
  const id = c.wire.conversationID;
  if (!id.startsWith('si_')) return undefined;
  return id.slice(3).split(/_(?=user_)/).find((part) => part !== receiverID);
}

/** The trace's cases in a demo of this many users (and the admin's ID), each found once; a case the world cannot make is left out. */
export function tracePlants(users: number, adminUserID = 'imAdmin'): Partial<Record<TraceCase, TracePlant>> {
  return plantsOf({ population: users, adminUserID, nowMs: DEMO_NOW_MS });
}

function plantsOf(world: World): Partial<Record<TraceCase, TracePlant>> {
  const receiverID = userIdOf(1);
  const blocked = new Set(blacksOf(world, receiverID).map((b) => b.blackUserInfo.userID));
  const found: Partial<Record<TraceCase, TracePlant>> = {};
  const plant = (name: TraceCase, t: Timeline, seq: number | undefined, senderID: string) => {
    if (found[name] === undefined && seq !== undefined) found[name] = { conversationID: t.conversationID, seq, senderID, receiverID };
  };
  // The read seqs as the routes answer them: moved up to the receiver's own latest message (own-reads.ts).
  for (const c of withOwnReads(world, receiverID, conversationsOf(world, receiverID))) {
    const t = timelineOf(world, c.wire.conversationID);
    if (!t || t.base === 0) continue;
    // A cleared beginning would put the case below the receiver's min seq: another case.
    if (clearedMinSeq(t.conversationID, t.base) > 0) continue;
    if (t.conversationID.startsWith('sg_')) {
      const index = groupIndexOf(t.conversationID.slice(3));
      if (index === undefined || groupHead(world, index).status !== GROUP_DISMISSED) continue;
      const seq = seqFrom(world, t, 1, t.base, '');
      const sender = seq === undefined ? '' : factsAt(world, t, seq).sendID;
      if (sender !== receiverID) plant('dismissedGroup', t, seq, sender);
      continue;
    }
    const peer = peerOf(c, receiverID);
    if (peer === undefined) continue;
    if (blocked.has(peer)) {
      plant('blacklisted', t, seqFrom(world, t, 1, t.base, peer), peer);
      continue;
    }
    // Muted is "do not receive" (1); "receive without push" (2) is a case of its own, not planted.
    if (c.wire.recvMsgOpt !== 0) {
      if (c.wire.recvMsgOpt === 1) plant('muted', t, seqFrom(world, t, 1, t.base, peer), peer);
      continue;
    }
    const hole = t.holes[0];
    if (hole && found.hole === undefined) {
      plant('hole', t, hole[0], '');
      continue;
    }
    if (c.hasReadSeq >= 1 && c.hasReadSeq <= t.base) plant('read', t, seqFrom(world, t, 1, c.hasReadSeq, peer), peer);
    if (c.hasReadSeq < t.base) plant('notRead', t, seqFrom(world, t, c.hasReadSeq + 1, t.base, peer), peer);
  }
  return found;
}
