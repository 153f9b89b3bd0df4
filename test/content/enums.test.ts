import { describe, expect, it } from 'vitest';
import {
  addSourceName,
  appMangerLevelName,
  contentTypeName,
  groupTypeName,
  handleResultName,
  isKnownContentType,
  msgFromName,
  platformName,
  recvMsgOptName,
  sessionTypeName,
} from '../../src/content/enums.js';

// Every contentType listed in the contract §6.1.
const CONTRACT_CONTENT_TYPES = [
  101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 113, 114, 115, 117, 118, 119, 120, 121, 122,
  200, 201, 202, 203,
  1201, 1202, 1203, 1204, 1205, 1206, 1207, 1208, 1209, 1210,
  1300, 1303, 1304, 1305, 1306, 1307, 1308, 1400,
  ...Array.from({ length: 20 }, (_, i) => 1501 + i),
  1651, 1652, 1701, 1702, 1703, 2001, 2101, 2102, 2200,
];

describe('contentTypeName', () => {
  it.each(CONTRACT_CONTENT_TYPES)('names contract type %i', (code) => {
    expect(contentTypeName(code)).not.toMatch(/^Unknown/);
  });

  it.each([
    [101, 'Text'],
    [103, 'Voice'],
    [106, 'AtText'],
    [118, 'MarkdownText'],
    [1203, 'FriendApplication'],
    [1400, 'OANotification'],
    [1501, 'GroupCreated'],
    [1503, 'JoinGroupApplication'],
    [1507, 'GroupOwnerTransferred'],
    [1510, 'MemberEnter'],
    [1513, 'GroupMemberCancelMuted'],
    [1518, 'GroupMemberSetToOrdinary'],
    [1520, 'GroupInfoSetName'],
    [2001, 'BusinessNotification'],
    [2101, 'MsgRevoke'],
    [2200, 'HasReadReceipt'],
  ])('%i is %s', (code, name) => {
    expect(contentTypeName(code)).toBe(name);
  });

  it.each([[1234], [112], [0], [-1], [1.5], [NaN]])('shows unknown code %s with its number', (code) => {
    expect(contentTypeName(code)).toBe(`Unknown (${String(code)})`);
  });

  it('does not answer for inherited object properties', () => {
    expect(contentTypeName(Number('constructor'))).toBe('Unknown (NaN)');
  });
});

describe('enumeration families', () => {
  it.each([
    [sessionTypeName, 1, 'single'],
    [sessionTypeName, 2, 'group (write diffusion)'],
    [sessionTypeName, 3, 'group'],
    [sessionTypeName, 4, 'notification'],
    [msgFromName, 100, 'user'],
    [msgFromName, 200, 'system'],
    [handleResultName, 0, 'pending'],
    [handleResultName, 1, 'accepted'],
    [handleResultName, -1, 'refused'],
    [recvMsgOptName, 0, 'receive'],
    [recvMsgOptName, 1, 'do not receive'],
    [recvMsgOptName, 2, 'receive, no notification'],
    [appMangerLevelName, 0, 'ordinary user'],
    [appMangerLevelName, 1, 'app ordinary user'],
    [appMangerLevelName, 2, 'app admin'],
    [appMangerLevelName, 3, 'notification account'],
    [appMangerLevelName, 4, 'robot'],
    [addSourceName, 0, 'unspecified'],
    [addSourceName, 1, 'admin import'],
    [addSourceName, 2, 'by application'],
    [groupTypeName, 0, 'normal'],
    [groupTypeName, 2, 'working'],
    [platformName, 1, 'iOS'],
    [platformName, 10, 'Admin'],
    [platformName, 11, 'HarmonyOS'],
  ])('%o(%i) is %s', (fn, code, word) => {
    expect(fn(code)).toBe(word);
  });

  it.each([sessionTypeName, msgFromName, handleResultName, recvMsgOptName, appMangerLevelName, addSourceName, groupTypeName, platformName])(
    '%o keeps an unknown code visible',
    (fn) => {
      expect(fn(77)).toBe('Unknown (77)');
    },
  );
});

describe('isKnownContentType', () => {
  it('knows the table and nothing else', () => {
    expect(isKnownContentType(1520)).toBe(true);
    expect(isKnownContentType(1521)).toBe(false);
    expect(isKnownContentType(101.5)).toBe(false);
  });
});
