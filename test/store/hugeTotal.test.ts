// A list whose exact total is past 2^53 (1e300): `>` asks for no page that a page number cannot
// hold exactly (it showed `loading page 41,666,…` and sent nothing, or `4.2e+298`), and says so.
import { afterEach, describe, expect, it } from 'vitest';
import { OpenIMClient } from '../../src/api/client.js';
import { createAppStore } from '../../src/store/store.js';
import { currentList } from '../../src/store/selectors.js';
import { pagingText } from '../../src/layout/statusLine.js';
import { startTestServer, type TestServer } from '../support/recordingServer.js';
import { NO_RETRIES } from '../support/retryPolicy.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('a total past 2^53', () => {
  it('> refuses in words and asks for nothing', async () => {
    server = await startTestServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const users = Array.from({ length: 20 }, (_, i) => ({ userID: `u${i}`, nickname: '', faceURL: '', ex: '', createTime: 0, appMangerLevel: 1, globalRecvMsgOpt: 0 }));
      res.end(req.path === '/user/get_users' ? `{"errCode":0,"errMsg":"","errDlt":"","data":{"total":1e300,"users":${JSON.stringify(users)}}}` : '{"errCode":0,"errMsg":"","errDlt":"","data":{}}');
    });
    const client = new OpenIMClient({ baseUrl: server.url, token: 'tok', adminUserID: 'imAdmin', timeoutMs: 5000, retryPolicy: NO_RETRIES, maxBodyBytes: 1 << 20 });
    const store = createAppStore({ client, pageSize: 20 });
    store.getState().start();
    await expect.poll(() => currentList(store.getState())?.loadedPage, { timeout: 5000 }).toBe(1);
    const asked = server.requests.filter((r) => r.path === '/user/get_users').length;
    store.getState().lastPage();
    const list = currentList(store.getState())!;
    expect(list.page).toBe(1);
    expect(pagingText(list, 20)).not.toMatch(/loading/);
    expect(store.getState().flash?.text).toBe('no such page: the total the server announced is past 2^53, where page numbers are not exact');
    expect(server.requests.filter((r) => r.path === '/user/get_users')).toHaveLength(asked);
    for (const r of server.requests) expect(r.body).not.toMatch(/e\+/);
    store.getState().quit();
  });
});
