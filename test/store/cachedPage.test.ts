// A page the scheduler has cached comes back as the very array it was (domain/caches.ts): the
// caches keyed by a page's rows (the table's layouts, the sorted rows) rest on it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from 'openim-demo-server';
import { cacheCounts } from '../../src/domain/caches.js';
import { currentList } from '../../src/store/selectors.js';
import { settled, storeFor } from '../support/demoStore.js';

let server: DemoServer;
beforeAll(async () => {
  server = await startDemoServer({ users: 100 });
});
afterAll(async () => {
  await server.close();
});

const pageHits = (): number => cacheCounts().find((c) => c.name === 'pages')?.hits ?? 0;

describe('a cached page', () => {
  it('going back a page shows the same rows array, from the page cache', async () => {
    const store = storeFor(server);
    const s = () => store.getState();
    s().start();
    await settled(store);
    const first = currentList(s())!.rows;
    expect(first.length).toBeGreaterThan(0);
    s().nextPage();
    await settled(store);
    expect(currentList(s())!.page).toBe(2);
    expect(currentList(s())!.rows).not.toBe(first);
    const hits = pageHits();
    s().prevPage();
    await settled(store);
    expect(currentList(s())!.page).toBe(1);
    expect(currentList(s())!.rows).toBe(first);
    expect(pageHits()).toBe(hits + 1);
  });
});
