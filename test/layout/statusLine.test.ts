import { describe, expect, it } from 'vitest';
import { LISTS } from '../../src/lists/registry.js';
import { pagingText, statusLayout, type PagingList } from '../../src/layout/statusLine.js';
import { displayWidth, shortenMiddle } from '../../src/terminal/width.js';

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ userID: `u${i}`, nickname: '', faceURL: '', ex: '', createTime: 0, appMangerLevel: 0, globalRecvMsgOpt: 0 }));

function list(patch: Partial<PagingList>): PagingList {
  return {
    page: 2,
    size: 20,
    total: 5000,
    totalExact: true,
    loadedPage: 2,
    loading: false,
    rows: rows(20),
    filter: '',
    cursor: 0,
    kind: 'users',
    query: LISTS.users.query.initial,
    ...patch,
  };
}

describe('pagingText', () => {
  it('describes the rows on screen, not the page being loaded', () => {
    const text = pagingText(list({ page: 3, loadedPage: 2, loading: true }), 18);
    expect(text).toMatch(/^page 2 of 250 · /);
    expect(text).toContain('loading page 3');
  });

  it('after a size change, the size of the rows on screen until the new page arrives', () => {
    expect(pagingText(list({ size: 50, page: 1, loadedSize: 20, loading: true }), 40)).toMatch(/^page 2 of 250 · 5,000 total · 20\/page/);
  });

  it('says which row is selected only when the page is taller than the table', () => {
    expect(pagingText(list({ cursor: 6 }), 18)).toContain('row 7/20');
    expect(pagingText(list({ cursor: 6 }), 20)).not.toContain('row');
  });

  it('says how old a page from the cache is when the figures around it may be newer (as of 10:02)', () => {
    const at = new Date(2026, 10, 26, 10, 2, 30).getTime();
    expect(pagingText(list({ cachedAt: at }), 20, at + 5 * 60_000)).toMatch(/ · as of 10:02$/);
    expect(pagingText(list({ cachedAt: at }), 20, at + 10_000)).not.toContain('as of');
    expect(pagingText(list({}), 20, at)).not.toContain('as of');
  });

  it("never says fewer messages found than the rows seen: the search's count is a lower bound, even on the last page", () => {
    const found = (patch: Partial<PagingList>) => pagingText(list({ kind: 'messages', query: LISTS.messages.query.initial, totalExact: false, ...patch }), 20).split(' · ')[1];
    // chatLogsNum 1 with two rows on the last page, as a real server can answer.
    expect(found({ page: 1, loadedPage: 1, total: 1, rows: rows(2), knownLastPage: 1 })).toBe('2 found');
    // Page 3 of pages of 20 reached (knownLastPage not yet): at least the rows through it.
    expect(found({ page: 3, loadedPage: 3, total: 5, rows: rows(20) })).toBe('≥60 found');
    // Back on page 1 with the last page known to be 4: at least a row on it.
    expect(found({ page: 1, loadedPage: 1, total: 5, rows: rows(20), knownLastPage: 4 })).toBe('≥61 found');
    // A count above the rows seen stands.
    expect(found({ page: 1, loadedPage: 1, total: 500, rows: rows(20) })).toBe('≥500 found');
  });

  it('before anything arrived, only what is loading', () => {
    expect(pagingText(list({ page: 1, loadedPage: null, loading: true, rows: [] }), 18)).toBe('loading page 1');
  });
});

describe('statusLayout', () => {
  const paging = 'page 1 of 278 · 5,000 total · 18/page';
  it('puts a message beside the page line when both fit', () => {
    expect(statusLayout(paging, 'copied user_000001', 80)).toEqual({ status: paging, inline: 'copied user_000001', own: '' });
  });

  it('gives a long message its own line, cut at its end, and keeps the page line whole', () => {
    const message = 'wrote ./openim-conversations-user_000001-20261123-073046.json (236 rows)';
    const at80 = statusLayout(paging, message, 80);
    expect(at80).toEqual({ status: paging, inline: '', own: message });
    const at60 = statusLayout(paging, message, 60);
    expect(at60.status).toBe(paging);
    expect(displayWidth(at60.own)).toBe(60);
    expect(at60.own).toMatch(/^wrote \.\/openim-conversations-user_000001-2026.*…$/);
  });

  it('never cuts a message in the middle of what it says to do', () => {
    // Once shortened in the middle: `no column shows bogus here (fields: user…Time, …)`.
    const message = 'no column shows bogus here (fields: userID, nickname, faceURL, createTime, appMangerLevel, globalRecvMsgOpt)';
    const own = statusLayout(paging, message, 80).own;
    expect(own).toBe(`${message.slice(0, 79)}…`);
    expect(statusLayout(paging, message, 80, 0, false).inline).toMatch(/^no column shows bogus/);
  });
});

describe('shortenMiddle', () => {
  it('keeps both ends, and leaves what fits alone', () => {
    expect(shortenMiddle('abcdefghij', 10)).toBe('abcdefghij');
    expect(shortenMiddle('abcdefghij', 7)).toBe('abc…hij');
    expect(shortenMiddle('周杰周杰周杰周杰', 9)).toBe('周杰…周杰');
    expect(displayWidth(shortenMiddle('周杰周杰周杰周杰', 8))).toBeLessThanOrEqual(8);
  });
});
