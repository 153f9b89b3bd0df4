// The server's rule for a sender's read seq (contract §12.17; msg_to_mongo's SetHasReadSeq on
// send): sending a message moves the sender's read seq of that conversation to the message's seq.
// The data set draws each conversation's unread count at random (conversations.ts); this moves the
// read seq up to the owner's own latest message within what that count left unread, so no one
// "never read" a message they replied after. A planted disagreement (readSkew) keeps its distance
// from the count: what was planted stays a disagreement.
import type { ConversationRecord } from './conversations.js';
import { factsAt, isDeleted, timelineOf } from './messages.js';
import type { World } from './users.js';

/** Per generated list (conversationsOf's arrays are shared and kept): computed once per list. */
const moved = new WeakMap<readonly ConversationRecord[], readonly ConversationRecord[]>();

/** The owner's latest own message in (from, to], scanning down; undefined when none is theirs. */
function ownLatest(world: World, conversationID: string, userID: string, from: number, to: number): number | undefined {
  // A notification session's messages are the account's: its owner never sends one.
  if (!conversationID.startsWith('si_') && !conversationID.startsWith('sg_')) return undefined;
  const t = timelineOf(world, conversationID);
  if (!t) return undefined;
  for (let seq = Math.min(to, t.base); seq > from; seq--) {
    if (!isDeleted(t, seq) && factsAt(world, t, seq).sendID === userID) return seq;
  }
  return undefined;
}

/** The user's conversations with each read seq at least the seq of their own latest message. */
export function withOwnReads(world: World, userID: string, records: readonly ConversationRecord[]): readonly ConversationRecord[] {
  let done = moved.get(records);
  if (done) return done;
  done = records.map((record) => {
    const unread = record.wire.unreadCount;
    if (unread <= 0 || record.maxSeq <= 0) return record;
    const drawn = record.maxSeq - unread;
    const own = ownLatest(world, record.wire.conversationID, userID, drawn, record.maxSeq);
    if (own === undefined) return record;
    const skew = record.hasReadSeq - drawn;
    // The wire's msgInfo is a getter built when first read: copied as a getter, not read here.
    const wire = Object.defineProperties({}, Object.getOwnPropertyDescriptors(record.wire)) as ConversationRecord['wire'];
    wire.unreadCount = record.maxSeq - own;
    return { ...record, hasReadSeq: own + skew, wire };
  });
  moved.set(records, done);
  return done;
}
