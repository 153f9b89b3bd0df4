// Who sent a message, from `sendID`: the one derivation the table (FROM), the detail, the live
// marks and `-o table` share. The server's `senderName`/`faceURL` cannot be taken as they come: in
// a single chat where the queried user sent the latest message they are the PEER's (contract
// §conversations), so reading them would credit the owner's own message to the other side.
// Exports of the raw reply (`-o json/ndjson`) keep the server's fields untouched; CSV has them too,
// and a derived `sender` column by this rule beside them.
// The owner's own messages read as the owner's nickname once known, else the owner's user ID:
// never `you`, which an admin reading the table takes for themselves.
import type { MsgInfo } from '../api/schemas.js';

export interface MessageFrom {
  /** What the table shows: the owner's nickname (else ID) on their own messages, else the sender's name or ID. */
  name: string;
  /** The sender's user ID as the server sent it ('' when it sent none). */
  id: string;
  /** The queried user sent it. */
  own: boolean;
}

/**
 * The sender of `msg` as seen from the list of `ownerID`. `ownerName` is the owner's nickname when
 * known (the user screen's summary). Only the owner's own messages differ from what the server
 * says: a group's and a notification's senderName is the sender's own (the contract), and a
 * single chat's is the peer's exactly when the owner sent it.
 */
export function messageFrom(msg: Pick<MsgInfo, 'sendID' | 'senderName' | 'sessionType'>, ownerID: string | undefined, ownerName?: string): MessageFrom {
  const id = msg.sendID;
  const own = ownerID !== undefined && ownerID !== '' && id === ownerID;
  if (own) return { name: ownerName || id, id, own };
  // The peer (or a group member, or an account) sent it: the senderName is the sender's own.
  return { name: msg.senderName || id, id, own: false };
}

/** The detail's line: `Alice · user_000001` (the owner's marked `this user`). */
export function messageFromLine(from: MessageFrom): string {
  if (from.id === '') return from.name || '(not sent)';
  if (from.own) return `${from.name === from.id ? 'this user' : `${from.name} (this user)`} · ${from.id}`;
  return from.name && from.name !== from.id ? `${from.name} · ${from.id}` : from.id;
}
