// One source for each figure on a user screen: a page of a user's list updates the summary line
// with the same reply's totals, so the breadcrumb's unread and the summary's never disagree.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';
import { olderThanShown, summaryFromPage } from '../../src/store/figures.js';
import { currentList } from '../../src/store/selectors.js';
import { storeFor } from '../support/demoStore.js';

describe('summaryFromPage: what a page vouches for', () => {
  const none = { conversationIDs: [] };
  it("takes a conversations page's conversationTotal and unreadTotal, not when filtered by IDs", () => {
    const page = { total: 240, extra: { conversationTotal: 236, unreadTotal: 135 } };
    expect(summaryFromPage('conversations', none, page, 7)).toEqual({ conversations: { state: 'ok', at: 7, value: { withMessages: 236, unread: 135, none: false } } });
    expect(summaryFromPage('conversations', none, page)).toEqual({ conversations: { state: 'ok', value: { withMessages: 236, unread: 135, none: false } } });
    expect(summaryFromPage('conversations', { conversationIDs: ['si_a_b'] }, page)).toBeUndefined();
  });
  it("takes the blacklist's and the applications' totals; the top-level lists have no summary", () => {
    expect(summaryFromPage('blacklist', none, { total: 12 })).toEqual({ blacklist: { state: 'ok', value: 12 } });
    expect(summaryFromPage('applications', none, { total: 7 })).toEqual({ applications: { state: 'ok', value: 7 } });
    expect(summaryFromPage('users', none, { total: 5000 })).toBeUndefined();
  });
});

describe('olderThanShown: an answer sent before a page arrived does not replace its figure', () => {
  it('compares when the request was sent with when the page set the figure', () => {
    expect(olderThanShown({ state: 'ok', at: 2000 }, 1000)).toBe(true);
    expect(olderThanShown({ state: 'ok', at: 500 }, 1000)).toBe(false);
    expect(olderThanShown({ state: 'ok' }, 1000)).toBe(false);
    expect(olderThanShown({ state: 'loading' }, 1000)).toBe(false);
  });
});

describe('the summary follows the newest reply', () => {
  let demo: DemoServer;
  beforeAll(async () => {
    demo = await startDemoServer({ users: 500 });
  });
  afterAll(async () => {
    await demo.close();
  });

  it("after the list's page arrives, the summary's figures are that page's", async () => {
    const store = storeFor(demo);
    store.getState().openUser(DEMO.firstUserID);
    await expect.poll(() => currentList(store.getState())?.loadedPage, { timeout: 5000 }).toBe(1);
    // A figure the summary had from its own, older request: the page's reply replaces it.
    const stale = store.getState().summaries[DEMO.firstUserID]!;
    store.setState({ summaries: { [DEMO.firstUserID]: { ...stale, conversations: { state: 'ok', value: { withMessages: 1, unread: 1, none: false } } } } });
    store.getState().reload();
    await expect.poll(() => store.getState().summaries[DEMO.firstUserID]?.conversations, { timeout: 5000 }).toMatchObject({ state: 'ok' });
    const list = currentList(store.getState())!;
    await expect.poll(() => store.getState().summaries[DEMO.firstUserID]?.conversations).toMatchObject({
      state: 'ok',
      value: { withMessages: list.extra?.conversationTotal, unread: list.extra?.unreadTotal, none: false },
    });
  });
});
