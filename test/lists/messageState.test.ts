// A message's state in words (lists/fieldText.ts messageState): the protocol's MsgStatus codes,
// the search's isRevoked with the original type, a pulled revoked message (MessageRevoked, which
// keeps no type) told apart from the notice of a revoke (RevokeMsgTips), and a history row whose
// status is not sent saying so first in its summary.
import { describe, expect, it } from 'vitest';
import { messageCodes, messageState } from '../../src/lists/fieldText.js';
import { LISTS } from '../../src/lists/registry.js';

const revokeContent = (detail: object): string => JSON.stringify({ detail: JSON.stringify(detail) });

describe("a message's state", () => {
  it('names every status the protocol has, and keeps an unknown one as its number', () => {
    const words = [1, 2, 3, 4, 5].map((status) => messageState({ status, contentType: 101 }));
    expect(words).toEqual(['sending', 'sent', 'send failed', 'deleted', 'filtered']);
    expect(messageState({ status: 9, contentType: 101 })).toBe('Unknown (9)');
    const codes = messageCodes({ seq: 1, sessionType: 1, contentType: 101, msgFrom: 100, senderPlatformID: 5, status: 3 });
    expect(codes.find((c) => c.label === 'status')?.value).toBe('send failed (3)');
  });

  it("says a search's revoked message with its original type", () => {
    expect(messageState({ status: 2, contentType: 102 }, { isRevoked: true })).toBe('sent, then revoked (a Picture: the search keeps the original)');
    expect(messageState({ status: 2, contentType: 102 }, { isRevoked: false })).toBe('sent');
  });

  it('tells a pulled revoked message from the notice of a revoke', () => {
    const pulled = revokeContent({ revokerID: 'u1', revokerNickname: 'A', revokeTime: 1, sourceMessageSendID: 'u1', seq: 7 });
    expect(messageState({ status: 2, contentType: 2101 }, { content: pulled })).toBe('sent, then revoked (the server sends who revoked it and when in its place; not what it was)');
    const notice = revokeContent({ revokerUserID: 'u1', clientMsgID: 'c', revokeTime: 1, seq: 7, conversationID: 'si_a_b' });
    expect(messageState({ status: 2, contentType: 2101 }, { content: notice })).toBe('sent: the notice that seq 7 was revoked');
    // Content that is not the revoke's JSON: the status alone, never a crash.
    expect(messageState({ status: 2, contentType: 2101 }, { content: 'not json' })).toBe('sent');
  });

  it("a history row not simply sent says its status first in its summary", () => {
    const summary = LISTS.history.columns.find((c) => c.key === 'summary')!;
    const row = (status: number) => ({
      sendID: 'a', recvID: 'b', groupID: '', clientMsgID: 'c', serverMsgID: 's', senderPlatformID: 5, senderNickname: 'A', senderFaceURL: '',
      sessionType: 1, msgFrom: 100, contentType: 101, content: Buffer.from(JSON.stringify({ content: 'hi' })).toString('base64'),
      seq: 3, sendTime: 0, createTime: 0, status, ex: '',
    });
    expect(summary.value(row(2) as never, { now: new Date() })).toBe('hi');
    expect(summary.value(row(3) as never, { now: new Date() })).toBe('send failed (status 3) · hi');
  });
});
