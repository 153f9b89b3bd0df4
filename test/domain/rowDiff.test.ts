// Diffing two fetches of a page by row identity.
import { describe, expect, it } from 'vitest';
import type { AnyRow } from '../../src/api/pages.js';
import type { ListKind } from '../../src/lists/names.js';
import { changeSummary, diffRows, rowKeys, sameValue } from '../../src/domain/rowDiff.js';
import { listDef } from '../../src/lists/registry.js';

const byConversation = listDef('conversations').identity;
const conv = (id: string, unread: number, text = 'hi'): AnyRow =>
  ({ conversationID: id, unreadCount: unread, IsPinned: false, recvMsgOpt: 0, msgInfo: { content: text } }) as unknown as AnyRow;

describe('a list\'s identity', () => {
  it('is each list own key field', () => {
    const cases: [ListKind, AnyRow, string][] = [
      ['users', { userID: 'u1', nickname: 'A' } as unknown as AnyRow, 'u1'],
      ['accounts', { userID: 'robot', nickName: 'R' } as unknown as AnyRow, 'robot'],
      ['conversations', conv('si_a_b', 0), 'si_a_b'],
      ['blacklist', { ownerUserID: 'me', blackUserInfo: { userID: 'them' } } as unknown as AnyRow, 'them'],
      ['applications', { fromUserID: 'me', toUserID: 'you' } as unknown as AnyRow, 'you'],
    ];
    for (const [kind, row, id] of cases) expect(listDef(kind).identity(row)).toBe(id);
  });
});

describe('diffRows', () => {
  it('tells new, changed and gone rows by identity, not position', () => {
    const before = [conv('a', 0), conv('b', 0), conv('c', 0), conv('d', 0)];
    // "c" got a message and jumped to the top; "e" arrived; "d" left the page.
    const after = [conv('c', 1, 'new message'), conv('e', 0), conv('a', 0), conv('b', 0)];
    const diff = diffRows(byConversation, before, after);
    expect(diff.added.map((r) => byConversation(r))).toEqual(['e']);
    expect(diff.changed.map((r) => byConversation(r))).toEqual(['c']);
    expect(diff.gone.map((r) => byConversation(r))).toEqual(['d']);
    expect([...diff.marks]).toEqual([
      ['c', 'changed'],
      ['e', 'new'],
    ]);
    expect(changeSummary(diff)).toBe('1 new, 1 changed, 1 gone');
    // Rows that did not change keep their objects (a view caching by object redraws nothing for them).
    expect(diff.rows[2]).toBe(before[0]);
    expect(diff.rows[0]).toBe(after[0]);
  });

  it('a moved row whose values did not change is neither new nor changed', () => {
    const before = [conv('a', 0), conv('b', 0)];
    const diff = diffRows(byConversation, before, [conv('b', 0), conv('a', 0)]);
    expect(changeSummary(diff)).toBe('');
    expect(diff.rows).toEqual([before[1], before[0]]);
  });

  it('an unchanged page is the previous array itself', () => {
    const before = [conv('a', 0), conv('b', 3)];
    const diff = diffRows(byConversation, before, [conv('a', 0), conv('b', 3)]);
    expect(diff.rows).toBe(before);
    expect(diff.marks.size).toBe(0);
  });

  it('ignores key order and keeps rows apart that repeat an identity', () => {
    expect(sameValue({ a: 1, b: [1, { c: null }] }, { b: [1, { c: null }], a: 1 })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameValue([1, 2], { 0: 1, 1: 2 })).toBe(false);
    const twice = [conv('x', 0), conv('x', 1)];
    expect(rowKeys(byConversation, twice)).toEqual(['x', 'x\u00001']);
    const diff = diffRows(byConversation, twice, [conv('x', 0), conv('x', 2)]);
    expect([...diff.marks]).toEqual([['x\u00001', 'changed']]);
  });

  it('from nothing, every row is new; to nothing, every row is gone', () => {
    expect(changeSummary(diffRows(byConversation, [], [conv('a', 0), conv('b', 0)]))).toBe('2 new');
    expect(changeSummary(diffRows(byConversation, [conv('a', 0)], []))).toBe('1 gone');
  });
});
