import { describe, expect, it } from 'vitest';
import { messageFrom, messageFromLine, senderText } from '../../src/domain/sender.js';
import { LISTS } from '../../src/lists/registry.js';
import { csvFields } from '../../src/lists/csvFields.js';
import type { Conversation, MsgInfo } from '../../src/api/schemas.js';

const owner = 'user_000001';
// In a single chat the owner sent, the server's senderName is the PEER's (contract §conversations).
const ownSingle = { sendID: owner, recvID: 'user_000017', senderName: 'Eve', sessionType: 1 };
const peerSingle = { sendID: 'user_000017', recvID: owner, senderName: 'Eve', sessionType: 1 };

describe('messageFrom: the sender from sendID', () => {
  it("credits the owner's own single-chat message to the owner (by ID until the nickname is known, never `you`), never to the peer's senderName", () => {
    expect(messageFrom(ownSingle, owner)).toEqual({ name: '', id: owner, own: true });
    expect(messageFrom(ownSingle, owner, 'Alice')).toEqual({ name: 'Alice', id: owner, own: true });
    expect(senderText(messageFrom(ownSingle, owner))).toBe(owner);
    expect(senderText(messageFrom(ownSingle, owner, 'Alice'))).toBe(`${owner} (Alice)`);
  });

  it("uses the peer's senderName only when the peer sent it", () => {
    expect(messageFrom(peerSingle, owner, 'Alice')).toEqual({ name: 'Eve', id: 'user_000017', own: false });
    expect(senderText(messageFrom({ ...peerSingle, senderName: '' }, owner))).toBe('user_000017');
  });

  it('keeps groups and notifications as the server names them', () => {
    expect(messageFrom({ sendID: 'user_000009', senderName: 'Ivan', sessionType: 3 }, owner).name).toBe('Ivan');
    expect(senderText(messageFrom({ sendID: 'imAdmin', senderName: '', sessionType: 4 }, owner))).toBe('imAdmin');
    // The owner's own group message is the owner's too.
    expect(messageFrom({ sendID: owner, senderName: 'Alice', sessionType: 3 }, owner).own).toBe(true);
  });

  it('without an owner (no user list) takes the server at its word', () => {
    expect(messageFrom(ownSingle, undefined).name).toBe('Eve');
  });

  it('says ID and name in the detail, the owner marked as this user', () => {
    expect(messageFromLine(messageFrom(ownSingle, owner))).toBe(`${owner} · this user`);
    expect(messageFromLine(messageFrom(ownSingle, owner, 'Alice'))).toBe(`${owner} (Alice) · this user`);
    expect(messageFromLine(messageFrom(peerSingle, owner))).toBe('user_000017 (Eve)');
    expect(messageFromLine(messageFrom({ sendID: '', senderName: 'Eve', sessionType: 1 }, owner))).toBe('(no ID) Eve');
  });

  it("names a sender by their ID, whatever their nickname says: mallory under the nickname user_boss is mallory's", () => {
    const spoof = { sendID: 'mallory', recvID: owner, senderName: 'user_boss', sessionType: 3 };
    const from = messageFrom(spoof, owner);
    expect(senderText(from)).toBe('mallory (user_boss)');
    expect(messageFromLine(from)).toBe('mallory (user_boss)');
    // The ID leads whatever the width: a cell cut to fit still starts with it.
    expect(senderText(from).startsWith('mallory')).toBe(true);
  });

  it("is CSV's derived sender column, beside the server's senderName", () => {
    const fields = csvFields('conversations');
    const at = fields.findIndex((f) => f.name === 'sender');
    expect(fields[at - 1]?.name).toBe('msgInfo.senderName');
    const sender = fields[at]!.derive!;
    const row = { conversationID: `si_${owner}_user_000017`, msgInfo: ownSingle as unknown as MsgInfo } as Conversation;
    expect(sender(row, owner)).toBe(owner);
    expect(sender({ ...row, msgInfo: peerSingle as unknown as MsgInfo }, owner)).toBe('user_000017 (Eve)');
  });

  it("is not what the table's FROM column shows: that is the sender's ID", () => {
    const from = LISTS.conversations.columns.find((c) => c.key === 'sender')!;
    const row = { conversationID: `si_${owner}_user_000017`, msgInfo: ownSingle as unknown as MsgInfo } as Conversation;
    expect(from.value(row, { ownerID: owner, now: new Date(0) })).toBe(owner);
    expect(from.value(row, { ownerID: owner, ownerName: 'Alice', now: new Date(0) })).toBe(owner);
    expect(from.value({ ...row, msgInfo: peerSingle as unknown as MsgInfo }, { ownerID: owner, now: new Date(0) })).toBe('user_000017');
  });

  it('every FROM column (history, conversations, the message search) is the sender ID, whatever the nickname says', () => {
    const spoof = { sendID: 'mallory', recvID: owner, senderName: 'user_boss', senderNickname: 'user_boss', sessionType: 1, contentType: 101, content: '', seq: 1 };
    const ctx = { ownerID: owner, now: new Date(0) };
    const rows = {
      history: spoof,
      conversations: { conversationID: `si_${owner}_mallory`, msgInfo: spoof },
      messages: { chatLog: spoof, isRevoked: false },
    } as const;
    for (const [kind, row] of Object.entries(rows)) {
      const from = LISTS[kind as keyof typeof rows].columns.find((c) => c.title === 'FROM')!;
      expect(from.value(row as never, ctx), kind).toBe('mallory');
      // The detail's `from` leads with the ID too, the nickname beside it.
      const detail = LISTS[kind as keyof typeof rows].detail(row as never, { id: owner, now: 0 });
      expect(detail.lead?.find((f) => f.label === 'from')?.value, kind).toBe('mallory (user_boss)');
    }
  });
});
