// Child process of the memory figure: the real app in-process, paging through N pages of 100
// users one by one (each page fetched and shown), RSS measured after a full GC.
// Run: node --expose-gc --import tsx --import ./bench/ink-hooks.mjs bench/memoryChild.tsx URL PAGES
import { mountApp, waitForState } from './harness.js';

const [baseUrl, pagesArg] = process.argv.slice(2);
const pages = Number(pagesArg ?? 5000);
const gc = (globalThis as { gc?: () => void }).gc;

function settledRss(): number {
  gc?.();
  gc?.();
  return process.memoryUsage().rss / 1024 / 1024;
}

const app = mountApp({ baseUrl: baseUrl!, pageSize: 100 });
await waitForState(app.store, (s) => s.lists.users?.loadedPage === 1 && !s.lists.users.loading);
// Warm up: the first pages grow the JIT's code and the page cache to its bound (64 pages).
for (let page = 2; page <= 100; page++) {
  app.stdin.press('n');
  await waitForState(app.store, (s) => s.lists.users?.loadedPage === page && !s.lists.users.loading);
  app.drain();
}
await app.settle(50);
const start = settledRss();
const heapStart = process.memoryUsage().heapUsed / 1024 / 1024;
const samples: number[] = [];
for (let page = 101; page < 101 + pages; page++) {
  app.stdin.press('n');
  await waitForState(app.store, (s) => s.lists.users?.loadedPage === page && !s.lists.users.loading);
  app.drain();
  if ((page - 100) % 1000 === 0) samples.push(settledRss());
}
await app.settle(50);
const end = settledRss();
const heapMB = (): number => process.memoryUsage().heapUsed / 1024 / 1024;
process.stdout.write(JSON.stringify({ start, end, heapStart, heapEnd: heapMB(), samples, requests: app.store.stats.started }) + '\n');
await app.unmount();
process.exit(0);
