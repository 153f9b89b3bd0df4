// The live view of the built CLI in tmux: against the living demo server (a change shows marked
// within two intervals), and against a server of the test's own that answers 429 with Retry-After
// (the status line says so, and the next request waits as long as asked).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from 'openim-demo-server';
import { assertTmux, startApp, type App } from '../support/tmux.js';

const TEST_MS = 60_000;
/** A header that says live with the time of the last refresh. */
const LIVE_HEADER = /live \d\d:\d\d:\d\d {2}/;
/** A table row with a mark: the cursor column, then + or ~. */
const MARKED_ROW = /^[› ][+~]/m;

let app: App | undefined;
let server: Server | undefined;

beforeAll(() => {
  assertTmux();
});
afterEach(async () => {
  app?.kill();
  app = undefined;
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server?.closeAllConnections();
  server = undefined;
});

describe.sequential('the live view in tmux', () => {
  it(
    'against the living demo: a new message shows marked, counted in the status line; w turns it off',
    async () => {
      // A message for user_000001 every 4 events of 250 ms: within two 1 s intervals.
      app = startApp({ cols: 100, rows: 30, args: ['--demo', '--watch', '1'], env: { OIE_DEMO_PACE_MS: '250', NO_COLOR: '1' } });
      const a = app;
      await a.waitFor((s) => s.includes(DEMO.firstUserID) && LIVE_HEADER.test(s));
      a.send('Enter');
      await a.waitFor(`Users › ${DEMO.firstUserID}`);
      const screen = await a.waitFor((s) => MARKED_ROW.test(s) && /\d+ (new|changed)/.test(s), 15_000);
      expect(screen).toMatch(LIVE_HEADER);
      // The marked conversation got the newest message of the data set: the demo's "now".
      const marked = screen.split('\n').find((line) => MARKED_ROW.test(line)) ?? '';
      // (The table shows whom it is with, not its ID; a date of the current year reads MM-DD hh:mm.)
      expect(marked).toMatch(/\b\d{2}-\d{2} \d{2}:\d{2}\b/);

      a.send('w');
      const off = await a.waitFor((s) => s.includes('live view off') && !LIVE_HEADER.test(s));
      expect(off).not.toMatch(MARKED_ROW);
    },
    TEST_MS,
  );

  it(
    'against a server that answers 429 with a Retry-After longer than the request deadline (so the request gives up at once): the status line says so and the next request waits',
    async () => {
      const requests: { status: number }[] = [];
      const users = (n: number) =>
        Array.from({ length: n }, (_, i) => ({
          userID: `u${i + 1}`, nickname: `User ${i + 1}`, faceURL: '', ex: '', createTime: 0, appMangerLevel: 0, globalRecvMsgOpt: 0,
        }));
      server = createServer((req, res) => {
        req.resume();
        req.on('end', () => {
          const reply = (status: number, body: unknown, headers: Record<string, string> = {}) => {
            res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
            res.end(JSON.stringify(body));
            if (req.url === '/user/get_users') requests.push({ status });
          };
          if (req.url === '/auth/get_admin_token') return reply(200, { errCode: 0, errMsg: '', errDlt: '', data: { token: 'tok', expireTimeSeconds: 3600 } });
          const n = requests.length;
          // The first page, then OpenIM main's rate limiter once, then a page with one user more.
          if (n === 0) return reply(200, { errCode: 0, errMsg: '', errDlt: '', data: { total: 3, users: users(3) } });
          if (n === 1) return reply(429, { errCode: 429, errMsg: 'too many requests, please try again later', errDlt: '' }, { 'Retry-After': '3' });
          return reply(200, { errCode: 0, errMsg: '', errDlt: '', data: { total: 4, users: users(4) } });
        });
      });
      await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      app = startApp({ cols: 100, rows: 24, args: ['--base-url', url, '--watch', '1', '--timeout', '2'], env: { OPENIM_SECRET: 's', NO_COLOR: '1' } });
      const a = app;
      const limited = await a.waitFor('rate limited: Retry-After 3 s', 15_000);
      expect(limited).toMatch(/live \S retry \d\d:\d\d:\d\d/);
      expect(limited).toContain('User 3'); // the last good rows stay
      await a.waitFor((s) => MARKED_ROW.test(s) && s.includes('1 new'), 20_000);
      expect(requests.map((r) => r.status).slice(0, 3)).toEqual([200, 429, 200]);
      // How long it waits (Retry-After, never less than the interval) is the refresher's rule, checked
      // without a clock in test/data/liveRefresh.test.ts ('waits as long as Retry-After asks'); here,
      // that the server's 3 s reached it (the status line above) and that it then asked again.
      expect(a.screen()).not.toContain('rate limited');
    },
    TEST_MS,
  );
});
