// Who sent a message, from `sendID`: the one derivation the detail's `from` line and CSV's
// `sender` share (the tables' FROM shows the sender's ID, as the message search's does). The server's `senderName`/`faceURL` cannot be taken as they come: in
// a single chat where the queried user sent the latest message they are the PEER's (contract
// §conversations), so reading them would credit the owner's own message to the other side.
// Exports of the raw reply (`-o json/ndjson`) keep the server's fields untouched; CSV has them too,
// and a derived `sender` column by this rule beside them.
// A sender is named by their ID first, their nickname beside it: a nickname is the sender's own
// words, and may be another user's ID (`mallory` under the nickname `user_boss` read as from
// user_boss in a conversation's history, where the message search's FROM, IDs, said mallory). The owner's own messages carry
// the owner's nickname once known, never `you`, which an admin reading the table takes for themselves.
import type { MsgInfo } from '../api/schemas.js';

export interface MessageFrom {
  /** The owner's nickname on their own messages (once known), else the sender's name as the server sent it; '' when none. */
  name: string;
  /** The sender's user ID as the server sent it ('' when it sent none). */
  id: string;
  /** The queried user sent it. */
  own: boolean;
}

/** How an ID is drawn where it is shown (terminal/sanitize.ts idText); as it is for CSV. */
type ShownID = (id: string) => string;
const asIs: ShownID = (id) => id;

/**
 * The sender of `msg` as seen from the list of `ownerID`. `ownerName` is the owner's nickname when
 * known (the user screen's summary). Only the owner's own messages differ from what the server
 * says: a group's and a notification's senderName is the sender's own (the contract), and a
 * single chat's is the peer's exactly when the owner sent it.
 */
export function messageFrom(msg: Pick<MsgInfo, 'sendID' | 'senderName' | 'sessionType'>, ownerID: string | undefined, ownerName?: string): MessageFrom {
  const id = msg.sendID;
  const own = ownerID !== undefined && ownerID !== '' && id === ownerID;
  return { name: (own ? ownerName : msg.senderName) ?? '', id, own };
}

/** A user by ID, with the nickname beside it when it says more: `mallory (user_boss)`, `user_000001`. */
export function idWithName(id: string, name: string, shown: ShownID = asIs): string {
  if (id === '') return name ? `(no ID) ${name}` : '';
  return name && name !== id ? `${shown(id)} (${name})` : shown(id);
}

/** CSV's `sender`: the sender's ID, and their nickname beside it. */
export function senderText(from: MessageFrom, shown: ShownID = asIs): string {
  return idWithName(from.id, from.name, shown);
}

/** The detail's line: `user_000017 (Eve)`, the owner's marked `· this user`. */
export function messageFromLine(from: MessageFrom, shown: ShownID = asIs): string {
  if (from.id === '' && from.name === '') return '(not sent)';
  return `${idWithName(from.id, from.name, shown)}${from.own ? ' · this user' : ''}`;
}
