// Figure 10: a conversation's history page at a million users against a users page, each over
// loopback HTTP from the client's own operation (lists/registry.ts) to the parsed page. A history
// page is two requests (the read state, then the pull of its seq range): the goal allows for
// both. Every sample asks for a page not asked before (another conversation of another user, or
// another users page), so neither is a cache hit in the demo.
import { performance } from 'node:perf_hooks';
import { DEMO, startDemoServer } from 'openim-demo-server';
import { OpenIMClient } from '../src/api/client.js';
import { LISTS } from '../src/lists/registry.js';
import { alternate, paired, type Result } from './stats.js';

export async function messagePageFigures(quick: boolean): Promise<Result[]> {
  const users = 1_000_000;
  const size = 50;
  const demo = await startDemoServer({ users });
  const client = new OpenIMClient({ baseUrl: demo.url, secret: DEMO.secret, adminUserID: DEMO.adminUserID, timeoutMs: 30_000, maxBodyBytes: 64 << 20 });
  const timed = async (send: () => Promise<unknown>): Promise<number> => {
    const t0 = performance.now();
    await send();
    return performance.now() - t0;
  };
  try {
    // Users spread over the population, each with the first conversation its list shows (a user
    // without conversations is skipped: an empty history would be no page at all).
    const pairs = quick ? 3 : 40;
    const owners = Array.from({ length: 3 * pairs + 6 }, (_, i) => `user_${String(1 + ((i * 65_537) % users)).padStart(6, '0')}`);
    const found = await Promise.all(
      owners.map(async (userID) => {
        const page = await LISTS.conversations.operation.send(client, LISTS.conversations.body({ userID, page: 1, size: 1, query: { conversationIDs: [] } }));
        return { userID, conversationID: page.rows[0]?.conversationID ?? '' };
      }),
    );
    const first = found.filter((f) => f.conversationID !== '');
    if (first.length === 0) throw new Error('no user of the sample has a conversation');
    const history = (i: number) => {
      const { userID, conversationID } = first[(i + first.length) % first.length]!;
      // Page 2 and on: a block of seqs under the max, as paging down reads it.
      return timed(() => LISTS.history.operation.send(client, LISTS.history.body({ userID, page: 2 + (i & 3), size, query: { conversationID } })));
    };
    const usersPage = (i: number) =>
      timed(() => LISTS.users.operation.send(client, LISTS.users.body({ page: 1_000 + 37 * (i + 2), size, query: LISTS.users.query.initial })));
    // Warm-up turns enough for both paths to be compiled: a cold first page measures the JIT, not the demo.
    const result = await alternate(pairs, 8, history, usersPage);
    return [
      paired(10, 'history page at 1,000,000 users, request to parsed page', result.a, result.b, 'ms', 'a users page', '<= 1.5x', (r) => r <= 1.5, `${size} seqs a page; two requests (read state, then pull) against one`),
    ];
  } finally {
    await demo.close();
  }
}
