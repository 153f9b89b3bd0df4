// The rows a page asks for under the lines above its table, known before the page arrives: a
// user screen's summary line, a history's notice line, and a single chat's history's two (both
// sides' read seqs), from its query alone; a size chosen with `+`/`-` is kept as chosen.
import { describe, expect, it } from 'vitest';
import { pageFitFor, pageSizeFor } from '../../src/store/selectors.js';
import type { Screen } from '../../src/store/types.js';

// 80x24: 19 rows on a top-level list, 18 under one line.
const fit = { pageSize: 19, pageSizeFixed: false, pageFit: 19, userPageFit: 18 };
const history = (conversationID: string, ownerID = 'user_000001'): Screen => ({ name: 'drill', kind: 'history', ownerID, query: { conversationID } });

describe('the page under the lines above the table', () => {
  it('a single chat\'s history fits one row fewer than a group\'s: its notice has two lines', () => {
    expect(pageSizeFor(fit, { name: 'users' })).toBe(19);
    expect(pageSizeFor(fit, { name: 'user', userID: 'user_000001', tab: 'conversations' })).toBe(18);
    expect(pageSizeFor(fit, history('sg_3100277165'))).toBe(18);
    expect(pageSizeFor(fit, history('si_user_000001_user_001626'))).toBe(17);
    expect(pageFitFor(fit, history('si_user_000001_user_001626'))).toBe(17);
    // Not the owner's single chat (no peer to name): one line.
    expect(pageSizeFor(fit, history('si_user_000002_user_000003'))).toBe(18);
  });

  it('a size chosen is kept on every screen', () => {
    expect(pageSizeFor({ ...fit, pageSize: 30, pageSizeFixed: true }, history('si_user_000001_user_001626'))).toBe(30);
  });
});
