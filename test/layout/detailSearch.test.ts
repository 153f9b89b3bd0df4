import { describe, expect, it } from 'vitest';
import { findMatches, matchRanges } from '../../src/layout/detailSearch.js';

describe('search in the detail', () => {
  const lines = ['conversationID    si_user_000001_user_000002', 'pinned            yes', 'Text  The service is unavailable', 'sendID  USER_000001'];

  it('finds the lines holding the query, without case for a lower-case query', () => {
    expect(findMatches(lines, 'user_000001')).toEqual([0, 3]);
    expect(findMatches(lines, 'service')).toEqual([2]);
    expect(findMatches(lines, 'nothing here')).toEqual([]);
    expect(findMatches(lines, '')).toEqual([]);
  });

  it('counts matches, not lines: a line with two is listed twice', () => {
    expect(findMatches(lines, 'user_00000')).toEqual([0, 0, 3]);
    expect(findMatches(['unavailable, unavailable', 'x unavailable'], 'unavailable')).toHaveLength(3);
  });

  it('matches as typed when the query has a capital letter', () => {
    expect(findMatches(lines, 'USER_')).toEqual([3]);
    expect(findMatches(lines, 'The')).toEqual([2]);
  });

  it('gives every match in a line, left to right, for marking', () => {
    expect(matchRanges('si_user_000001_user_000002', 'user')).toEqual([
      [3, 7],
      [15, 19],
    ]);
    expect(matchRanges('aaaa', 'aa')).toEqual([
      [0, 2],
      [2, 4],
    ]);
    expect(matchRanges('abc', 'x')).toEqual([]);
  });
});
