// Figure 10: a conversation's history page and a groups page at a million users, each against a
// users page, over loopback HTTP from the client's own operation (lists/registry.ts) to the parsed
// page. A history's page 1 is two requests (the read state, then the pull of its seq range), a
// later page one (its block counted from page 1's max seq); a groups page is one, and has a users
// page's goal at scale (figure 4). Every sample asks for a page not asked before (another conversation of another user, another groups
// page spread over all of them, another users page), so none is a cache hit in the demo. (The
// message search's page is figure 4's, beside the search's own.) The history's replies are
// measured too (replies.ts): a page of 50 messages is several times a page of 50 users.
import { DEMO, startDemoServer } from 'openim-demo-server';
import { OpenIMClient } from '../src/api/client.js';
import { LISTS } from '../src/lists/registry.js';
import { replyMeter, replyRows } from './replies.js';
import { alternate, paired, type Result } from './stats.js';

export async function messagePageFigures(quick: boolean): Promise<Result[]> {
  const users = 1_000_000;
  const size = 50;
  const demo = await startDemoServer({ users });
  const meter = replyMeter();
  const client = new OpenIMClient({ baseUrl: demo.url, secret: DEMO.secret, adminUserID: DEMO.adminUserID, timeoutMs: 30_000, maxBodyBytes: 64 << 20, onRequest: meter.onRequest });
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
    const history = meter.side((i: number) => {
      // Pages 1 to 4 of a screen in turn, as paging down reads them: page 1 reads the read state
      // and pulls, a later page pulls the block counted from page 1's max seq. Each screen is
      // another user's conversation (no two screens share one: fewer screens than conversations).
      const screen = Math.floor(i / 4);
      const { userID, conversationID } = first[((screen % first.length) + first.length) % first.length]!;
      return LISTS.history.operation.send(client, LISTS.history.body({ userID, page: 1 + (((i % 4) + 4) % 4), size, query: { conversationID } }));
    });
    const usersPage = (i: number) => LISTS.users.operation.send(client, LISTS.users.body({ page: 1_000 + 37 * (i + 2), size, query: LISTS.users.query.initial }));
    const usersSide = meter.side(usersPage);
    // Warm-up turns enough for both paths to be compiled: a cold first page measures the JIT, not the demo.
    await alternate(pairs, 8, history.sample, usersSide.sample);
    // Groups pages spread over every page the demo's groups fill, far apart, none twice (warm-up
    // turns included: 7,919 and the page count share no factor while the turns are fewer).
    const groupsQuery = LISTS.groups.query.initial;
    const { total } = await LISTS.groups.operation.send(client, LISTS.groups.body({ page: 1, size: 1, query: groupsQuery }));
    const groupPages = Math.max(1, Math.floor(total / size));
    const groups = meter.side((i) =>
      LISTS.groups.operation.send(client, LISTS.groups.body({ page: 1 + ((((i + 8) * 7_919) % groupPages) + groupPages) % groupPages, size, query: groupsQuery })),
    );
    const usersBesideGroups = meter.side((i) => usersPage(i + 3 * pairs));
    await alternate(pairs, 8, groups.sample, usersBesideGroups.sample);
    return [
      paired(10, 'history page at 1,000,000 users, request to parsed page', history.ms, usersSide.ms, 'ms', 'a users page', '<= 1.5x', (r) => r <= 1.5, `${size} seqs a page, pages 1-4 of each conversation in turn; page 1 two requests (read state, then pull), a later page one`),
      ...replyRows(10, 'history page', history, usersSide, 'a users page'),
      paired(10, 'groups page at 1,000,000 users, request to parsed page', groups.ms, usersBesideGroups.ms, 'ms', 'a users page', '<= 1.5x', (r) => r <= 1.5, `${size} groups a page, ${total.toLocaleString('en-US')} groups; never the same page twice`),
    ];
  } finally {
    await demo.close();
  }
}
