// What the header says of the server (store `connection`), against the demo server over loopback:
// `ok` only once a page came back, never on a refused login; refused again when the token stops
// working; failing when the server cannot be reached.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from 'openim-demo-server';
import { currentList } from '../../src/store/selectors.js';
import { demoClient } from '../support/demoClient.js';
import { settled, storeFor } from '../support/demoStore.js';
import { startTestServer, type TestServer } from '../support/recordingServer.js';

let demo: DemoServer;
let closed: TestServer;
beforeAll(async () => {
  demo = await startDemoServer({ users: 100 });
  closed = await startTestServer(() => undefined);
  await closed.close();
});
afterAll(async () => {
  await demo.close();
});

function storeWith(client: ReturnType<typeof demoClient>) {
  const store = storeFor(demo, { client });
  store.getState().start();
  return store;
}

describe('the connection state', () => {
  it('a refused login: refused, not ok', async () => {
    const store = storeWith(demoClient(demo, { secret: 'not-the-secret' }));
    await settled(store);
    expect(currentList(store.getState())?.error).not.toBeNull();
    expect(store.getState().connection).toBe('refused');
  });

  it('ok once a page came back; refused when the token stops working and cannot be renewed', async () => {
    const store = storeWith(demoClient(demo, { secret: undefined, token: demo.adminToken() }));
    await settled(store);
    expect(store.getState().connection).toBe('ok');
    demo.expireTokens();
    store.getState().reload();
    await settled(store);
    expect(currentList(store.getState())?.error).not.toBeNull();
    expect(store.getState().connection).toBe('refused');
  });

  it('failing when nothing answers', async () => {
    const store = storeWith(demoClient(closed));
    await settled(store);
    expect(store.getState().connection).toBe('failing');
  });

  it('a page that fails for another reason after one came back leaves it ok', async () => {
    // Page 1 answers; page 2 is an error of the server's (errCode 500): the connection works.
    const server = await startTestServer((req, res) => {
      const page = (JSON.parse(req.body || '{}') as { pagination?: { pageNumber?: number } }).pagination?.pageNumber;
      const reply =
        req.path === '/auth/get_admin_token'
          ? { errCode: 0, errMsg: '', errDlt: '', data: { token: 'tok', expireTimeSeconds: 3600 } }
          : page === 1
            ? { errCode: 0, errMsg: '', errDlt: '', data: { total: 40, users: [{ userID: 'u1', nickname: 'one', faceURL: '', ex: '', createTime: 0, appMangerLevel: 1, globalRecvMsgOpt: 0 }] } }
            : { errCode: 500, errMsg: 'ServerInternalError', errDlt: 'mongo: no reachable servers' };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(reply));
    });
    try {
      const store = storeWith(demoClient(server));
      await settled(store);
      expect(store.getState().connection).toBe('ok');
      store.getState().nextPage();
      await settled(store);
      expect(currentList(store.getState())?.error).not.toBeNull();
      expect(store.getState().connection).toBe('ok');
    } finally {
      await server.close();
    }
  });
});
