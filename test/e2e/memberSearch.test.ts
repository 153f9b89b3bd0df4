// A member search as an operator meets it in tmux at 80x24, on a group bigger than one request of
// the walk: the server's keyword search finds nothing (its arguments swapped), so the explorer
// walks the members itself, says how far it got and which key stops it, and Esc stops it there
// with what it found, the search kept; a second Esc returns to every member. A proxy in front of
// the demo holds the walk's second request until the client gives it up, so the stop is the
// operator's, never a race with the server.
import { createServer, request, type ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';
import { listenOnLoopback, type Listening } from '../support/loopback.js';
import { startApp, type App } from '../support/tmux.js';

let demo: DemoServer;
let proxy: Listening;
const held: ServerResponse[] = [];
beforeAll(async () => {
  // At a million users the groups have more members than one request of the walk reads (500).
  demo = await startDemoServer({ users: 1_000_000 });
  const target = new URL(demo.url);
  proxy = await listenOnLoopback(
    createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        const page = (JSON.parse(body.toString('utf8') || '{}') as { pagination?: { pageNumber?: number; showNumber?: number } }).pagination;
        // The walk's second request (and later ones): never answered.
        if (req.url === '/group/get_group_member_list' && page?.showNumber === 500 && (page.pageNumber ?? 1) > 1) return void held.push(res);
        const upstream = request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (reply) => {
          res.writeHead(reply.statusCode ?? 502, reply.headers);
          reply.pipe(res);
        });
        upstream.on('error', () => res.destroy());
        upstream.end(body);
      });
    }),
  );
}, 60_000);
afterAll(async () => {
  await proxy.close();
  await demo.close();
});
const apps: App[] = [];
afterEach(() => {
  for (const app of apps.splice(0)) app.kill();
});

describe('a member search at 80x24', () => {
  it('walks the members here, says how far it got, and Esc stops it with what it found', async () => {
    const a = startApp({ cols: 80, rows: 24, env: { OPENIM_BASE_URL: proxy.url, OPENIM_TOKEN: demo.mintToken(DEMO.adminUserID, { ttlSeconds: 86_400 }) } });
    apps.push(a);
    await a.waitFor(DEMO.firstUserID);
    a.type(':groups');
    a.send('Enter');
    await a.waitFor(/GROUP ID +NAME +OWNER +MEMBERS/);
    a.send('Enter');
    const members = await a.waitFor((s) => /USER ID +NICKNAME +ROLE/.test(s) && /page 1 of [\d,]+ · [\d,]+ total/.test(s));
    const total = /· ([\d,]+) total/.exec(members)![1]!;
    expect(Number(total.replaceAll(',', ''))).toBeGreaterThan(500);

    a.send('s');
    await a.waitFor('search members by user ID or nickname: ');
    a.type('zz9');
    a.send('Enter');
    const walking = await a.waitFor(new RegExp(`searching members: 500 of ${total} read, 0 found · Esc stops`));
    expect(walking).not.toMatch(/Error|✗/);

    a.send('Escape');
    const stopped = await a.waitFor(new RegExp(`stopped: 500 of ${total} members searched; the server's own search swaps`));
    expect(stopped).toContain('search "zz9"');
    expect(stopped).toContain(`no member's user ID or nickname contains "zz9"`);
    expect(stopped).not.toContain('searching members');

    a.send('Escape');
    await a.waitFor((s) => new RegExp(`page 1 of [\\d,]+ · ${total} total`).test(s) && !s.includes('search "zz9"'));
  }, 60_000);
});
