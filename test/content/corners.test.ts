// Content types and fields that a second reading of protocol and openim-sdk-core found missing
// (contract §10), with the real payloads quoted from OpenIM's issue trackers where there is one.
import { describe, expect, it } from 'vitest';
import { decodeContent, type DecodedContent } from '../../src/content/decode.js';
import { contentTypeName } from '../../src/content/enums.js';

const json = (value: unknown): string => JSON.stringify(value);
const notification = (detail: unknown): string => json({ detail: json(detail) });
const facts = (d: DecodedContent): Record<string, string> => Object.fromEntries(d.facts.map((f) => [f.label, f.value]));

describe('message content of later protocol versions', () => {
  it('1704: ConversationDeleteTips names the user and the conversations', () => {
    const d = decodeContent(1704, notification({ userID: 'user_000001', conversationIDs: ['si_user_000001_user_000002', 'sg_3100007919'] }));
    expect(d.typeName).toBe('ConversationDelete');
    expect(d.summary).toBe('Conversations deleted: user_000001: si_user_000001_user_000002, sg_3100007919');
    expect(facts(d)).toMatchObject({ User: 'user_000001', Conversations: 'si_user_000001_user_000002, sg_3100007919' });
    expect(d.notes).toEqual([]);
  });

  it.each([
    [1601, 'Signaling', 'Signaling'],
    [1602, 'RoomParticipantsConnected', 'Room participants connected'],
    [1603, 'RoomParticipantsDisconnected', 'Room participants disconnected'],
    [1604, 'StreamChanged', 'Stream changed'],
    [1605, 'CustomSignal', 'Custom signal'],
  ])('%i: a name and the raw detail', (type, name, phrase) => {
    const d = decodeContent(type, notification({ roomID: 'r1', participant: { userID: 'u1' } }));
    expect(d.typeName).toBe(name);
    expect(contentTypeName(type)).toBe(name);
    expect(d.summary).toBe(`${phrase}: {roomID: "r1", participant: {userID: "u1"}}`);
    expect(facts(d).Detail).toBe('{roomID: "r1", participant: {userID: "u1"}}');
  });

  it('118: markdown is {content}, in a message and nested in a quote under markdownTextElem', () => {
    expect(decodeContent(118, json({ content: '# Release **3.8**' })).summary).toBe('# Release **3.8**');
    const quote = decodeContent(114, json({ text: 'nice', quoteMessage: { contentType: 118, senderNickname: 'Ann', markdownTextElem: { content: '*hi*' } } }));
    expect(quote.summary).toBe('nice ↩ Ann: *hi*');
  });
});

describe('OA notification mix types', () => {
  it('shows 4 and 5, which the server accepts without naming them, with their number', () => {
    for (const mixType of [4, 5]) {
      const d = decodeContent(1400, notification({ notificationName: 'HR', text: 'hello', mixType }));
      expect(facts(d)['Mix type']).toBe(`unnamed (${mixType})`);
      expect(d.summary).toBe('HR: hello');
    }
    expect(facts(decodeContent(1400, notification({ notificationName: 'x', mixType: 9 })))['Mix type']).toBe('unknown (9)');
  });
});

describe('fields the group and friend summaries used to skip', () => {
  const group = { groupID: 'g1', groupName: 'Dev' };

  it.each([
    [1505, 'Join request accepted'],
    [1506, 'Join request refused'],
  ])('%i: the applicant from request.userInfo', (type, phrase) => {
    const d = decodeContent(type, notification({
      group, opUser: { userID: 'u1', nickname: 'Alice' }, handleMsg: 'ok', receiverAs: 0,
      request: { userInfo: { userID: 'u7', nickname: 'Eve', faceURL: '', ex: '' }, groupInfo: group, handleResult: 1, reqMsg: 'let me in' },
    }));
    expect(facts(d)).toMatchObject({ Applicant: 'Eve (u7)', 'Request message': 'let me in', 'Handle message': 'ok' });
    expect(d.summary).toBe(`${phrase}: Dev by Alice (u1): Eve (u7) "let me in"`);
  });

  it('1509: the inviter', () => {
    const d = decodeContent(1509, notification({
      group, opUser: { userID: 'u1' }, invitedUserList: [{ userID: 'u2', nickname: 'Bob' }], inviterUser: { userID: 'u3', nickname: 'Carol' },
    }));
    expect(facts(d)).toMatchObject({ Inviter: 'Carol (u3)', Invited: 'Bob (u2)' });
  });

  it('1501: the owner', () => {
    const d = decodeContent(1501, notification({ group, opUser: { userID: 'u1' }, memberList: [], groupOwnerUser: { userID: 'u9', nickname: 'Olga' } }));
    expect(facts(d).Owner).toBe('Olga (u9)');
  });

  it('1507: the old owner in full, else the bare ID', () => {
    const full = decodeContent(1507, notification({
      group, newGroupOwner: { userID: 'u2', nickname: 'Bob' }, oldGroupOwner: 'u1', oldGroupOwnerInfo: { userID: 'u1', nickname: 'Alice' },
    }));
    expect(facts(full)['Old owner']).toBe('Alice (u1)');
    expect(facts(decodeContent(1507, notification({ group, oldGroupOwner: 'u1' })))['Old owner']).toBe('u1');
  });

  it('1210: the friends whose info changed', () => {
    const d = decodeContent(1210, notification({ fromToUserID: { fromUserID: 'u1', toUserID: 'u1' }, friendIDs: ['u2', 'u3'], friendVersion: 4, friendVersionID: 'v' }));
    expect(d.summary).toBe('Friends info updated: u1 → u1: u2, u3');
    expect(facts(d).Friends).toBe('u2, u3');
  });
});

describe('real payloads', () => {
  it('a system custom message: text data and a JSON extension (openim-sdk-core #1047)', () => {
    const content = '{"data":"您好，当前为非工作时间…","description":"群文本通知","extension":"{\\"subType\\":11001}"}';
    const d = decodeContent(110, content);
    expect(d.summary).toBe('[Custom] 群文本通知: 您好，当前为非工作时间…');
    expect(facts(d)).toMatchObject({ Data: '您好，当前为非工作时间…', Description: '群文本通知', Extension: '{subType: 11001}' });
    expect(d.notes).toEqual([]);
  });

  it('a picture with zero sizes says "size unknown" (openim-sdk-js-wasm #101)', () => {
    const content = '{"sourcePicture":{"uuid":"53d36b5f-…","type":"image/webp","size":0,"width":0,"height":0,"url":"https://…webp"}}';
    const d = decodeContent(102, content);
    expect(d.summary).toBe('[Picture] size unknown');
    expect(facts(d)).toMatchObject({ Dimensions: 'unknown', Size: 'unknown', Type: 'image/webp', 'Source URL': 'https://…webp' });
    expect(d.summary).not.toMatch(/0×0|0 B/);
  });
});
