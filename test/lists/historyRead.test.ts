// Whose read seq is whose in a history (lists/historyRead.ts) and who invited a member
// (lists/memberInviters.ts): the words, pure.
import { describe, expect, it } from 'vitest';
import { bothSidesLine, peerOf, sideName } from '../../src/lists/historyRead.js';
import { inviterCell, inviterLine } from '../../src/lists/memberInviters.js';

describe('a single chat’s two sides', () => {
  it('finds the peer of si_<a>_<b> whatever the IDs hold, and none for another chat', () => {
    expect(peerOf('si_user_000001_user_000017', 'user_000001')).toBe('user_000017');
    expect(peerOf('si_user_000001_user_000017', 'user_000017')).toBe('user_000001');
    expect(peerOf('si_a_b_c', 'a_b')).toBe('c');
    expect(peerOf('si_user_000001_user_000017', 'user_000002')).toBeUndefined();
    expect(peerOf('sg_3100277165', 'user_000001')).toBeUndefined();
  });

  it('names each side by nickname and ID, the ID alone without a nickname; a failure said once', () => {
    const owner = { userID: 'user_000001', name: 'Mia', hasReadSeq: 19578 };
    expect(bothSidesLine({ maxSeq: 19578, owner, peer: { userID: 'user_001626', name: '', hasReadSeq: 19576 } })).toBe('read: Mia (user_000001) 19,578 · user_001626 19,576');
    expect(bothSidesLine({ maxSeq: 5, owner })).toBeUndefined();
    const failure = '1002 NoPermissionError';
    expect(bothSidesLine({ maxSeq: 5, owner: { userID: 'a', name: '', failure }, peer: { userID: 'b', name: '', failure } })).toBe('read: a unknown · b unknown');
    expect(bothSidesLine({ maxSeq: 5, owner, peer: { userID: 'b', name: '', failure } })).toBe(`read: Mia (user_000001) 19,578 · b unknown (${failure})`);
    expect(sideName({ userID: 'u1', name: 'A very long nickname indeed' })).toMatch(/^A very long… \(u1\)$/);
  });
});

describe("a member's inviter", () => {
  it('says the role in words, a direct join as themselves, a self-application as no one', () => {
    expect(inviterLine('u9', 'u1', 'invited', { name: 'Bob', roleLevel: 100 })).toBe("Bob (u9) · the group's owner");
    expect(inviterLine('u9', 'u1', 'invited', { name: '', roleLevel: 60 })).toBe('u9 · an admin of the group');
    expect(inviterLine('u9', 'u1', 'invited', { name: 'Bob' })).toBe('Bob (u9) · no longer a member');
    expect(inviterLine('u1', 'u1', 'direct', undefined)).toBe('themselves (direct)');
    expect(inviterLine('', 'u1', 'search', undefined)).toBe('no one (search)');
    expect(inviterCell('u9', 'u1', { name: 'Bob' })).toBe('Bob');
    expect(inviterCell('u9', 'u1', undefined)).toBe('u9');
    expect(inviterCell('u1', 'u1', undefined)).toBe('(self)');
  });
});
