// The conversations list on a server that dropped get_sorted_conversation_list (a 404, or an
// answer saying "route not found"): it falls back to get_owner_conversation, says so on screen and
// on stderr, copies the request really sent, and remembers the route is gone. Loopback servers
// answering in the real shapes (test/support/messageServer.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenIMClient } from '../../src/api/client.js';
import { LISTS } from '../../src/lists/registry.js';
import { currentList } from '../../src/store/selectors.js';
import { startMessageServer, type LoopConversation, type MessageServer } from '../support/messageServer.js';
import { NO_RETRIES } from '../support/retryPolicy.js';
import { settled, storeFor } from '../support/demoStore.js';
import { runCli } from '../support/runCli.js';

const OWNER = 'owner_1';
const CONVERSATIONS: LoopConversation[] = Array.from({ length: 5 }, (_, i) => ({ conversationID: `si_owner_1_peer_${i + 1}`, maxSeq: 10, hasReadSeq: 8 }));
const SORTED = '/conversation/get_sorted_conversation_list';
const OWNED = '/conversation/get_owner_conversation';
const servers: Record<'404' | 'route not found' | 'ok', MessageServer> = {} as never;
beforeAll(async () => {
  for (const sorted of ['404', 'route not found', 'ok'] as const) servers[sorted] = await startMessageServer(CONVERSATIONS, { owner: OWNER, sorted });
});
afterAll(() => Promise.all(Object.values(servers).map((s) => s.close())));

const client = (server: MessageServer) =>
  new OpenIMClient({ baseUrl: server.url, token: 'tok', adminUserID: 'imAdmin', timeoutMs: 5000, retryPolicy: NO_RETRIES, maxBodyBytes: 1 << 20 });
const send = (c: OpenIMClient, page: number, size: number) =>
  LISTS.conversations.operation.send(c, LISTS.conversations.body({ userID: OWNER, page, size, query: { conversationIDs: [] } }));
const paths = (server: MessageServer, from: number) => server.requests.slice(from).map((r) => r.path);

describe('the conversations fallback', () => {
  it.each(['404', 'route not found'] as const)('on %s, reads get_owner_conversation: exact total, the note says which, C has the route really asked', async (how) => {
    const server = servers[how];
    const c = client(server);
    const before = server.requests.length;
    const page = await send(c, 1, 2);
    expect(paths(server, before)).toEqual([SORTED, OWNED]);
    expect(page.rows.map((r) => r.conversationID)).toEqual(['si_owner_1_peer_1', 'si_owner_1_peer_2']);
    expect(page).toMatchObject({ total: 5, totalExact: true, sent: { path: OWNED, body: { userID: OWNER, pagination: { pageNumber: 1, showNumber: 2 } } } });
    expect(page.notice).toMatch(/^showing get_owner_conversation \(the server has no get_sorted_conversation_list\)/);
    // The owner route's fields stay on the row; no unread count is made up.
    expect(page.rows[0]).toMatchObject({ ownerUserID: OWNER, maxSeq: 10, msgInfo: null });
    expect(Object.hasOwn(page.rows[0]!, 'unreadCount')).toBe(false);
    // The next page goes straight to the owner route.
    const next = server.requests.length;
    await send(c, 2, 2);
    expect(paths(server, next)).toEqual([OWNED]);
  });

  it('keeps the sorted list where the server has it', async () => {
    const server = servers.ok;
    const before = server.requests.length;
    const page = await send(client(server), 1, 20);
    expect(paths(server, before)).toEqual([SORTED]);
    expect(page.notice).toBeUndefined();
    expect(page.sent).toBeUndefined();
  });

  it('on screen: the note, the summary line counting every conversation, C copying the owner route, Enter opening a history without a listed unread', async () => {
    const copied: string[] = [];
    const store = storeFor(servers['404'], { client: client(servers['404']), copy: (text) => copied.push(text) });
    store.getState().openUser(OWNER);
    await settled(store);
    const list = currentList(store.getState())!;
    expect(list.notice).toContain('showing get_owner_conversation');
    expect(list.rows).toHaveLength(5);
    await expect.poll(() => store.getState().summaries[OWNER]?.conversations).toMatchObject({ state: 'ok', value: { all: 5 } });
    const words = LISTS.conversations.userSummary.words({ withMessages: 0, unread: 0, none: false, all: 5 });
    expect(words.long).toBe('5 conversations (no unread counts on this server)');
    store.getState().copyCurl();
    expect(copied.at(-1)).toContain(`${servers['404'].url}${OWNED}`);
    expect(copied.at(-1)).not.toContain(SORTED);
    store.getState().openRow();
    await settled(store);
    expect(currentList(store.getState())!.notice?.split('\n')[0]).toBe('max seq 10 · read up to 8 · 2 unread by seq');
  });

  it('in scripting: the rows on stdout, the note once on stderr', { tags: ['cli'] }, async () => {
    const server = servers['route not found'];
    const run = await runCli(['conversations', '--user', OWNER, '-o', 'json', '--all', '--size', '2', '--base-url', server.url, '--token', 'tok']);
    expect(run.code, run.stderr).toBe(0);
    expect((JSON.parse(run.stdout) as { conversationID: string }[]).map((r) => r.conversationID)).toEqual(CONVERSATIONS.map((c) => c.conversationID));
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringContaining('showing get_owner_conversation')]);
  });
});
