// Who is online, exact lookup and the token's expiry, as an operator meets them in tmux at 80x24
// and 120x40: the user summary line says online and where, the users list's ONLINE column
// (`:columns online`) fills for the page on screen, `:status` ends at a full last page without
// asking the server for no IDs, the picker finds a system account by ID with
// its level, and the header shows a loopback token's expiry and warns in its last hour.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';
import { demoApps } from '../support/demoApp.js';
import { startApp, type App } from '../support/tmux.js';

const TEST_MS = 40_000;
const startDemo = demoApps();
let loopback: DemoServer;
const apps: App[] = [];
beforeAll(async () => {
  loopback = await startDemoServer({ users: 200 });
});
afterAll(() => loopback.close());
afterEach(() => {
  for (const app of apps.splice(0)) app.kill();
});

describe.each([
  [80, 24],
  [120, 40],
])('at %ix%i', (cols, rows) => {
  it('the summary line says the first user is online on iOS and the web', async () => {
    const a = await startDemo({ cols, rows });
    a.send('Enter');
    const screen = await a.waitFor(`› ${DEMO.firstUserID}`);
    const summary = await a.waitFor(/online (on )?iOS, ?Web/);
    expect(summary.split('\n').filter((l) => /online (on )?iOS, ?Web/.test(l))).toHaveLength(1);
    expect(screen).not.toContain('Error');
  }, TEST_MS);

  it(':columns online shows who of the page on screen is online, a newer platform as its number', async () => {
    const a = await startDemo({ cols, rows });
    expect(await a.waitFor(DEMO.firstUserID)).not.toContain('ONLINE');
    a.send(':');
    await a.waitFor('(Tab completes)');
    a.type('columns online');
    a.send('Enter');
    const screen = await a.waitFor((s) => s.includes('ONLINE') && /user_000001 .*iOS,Web/.test(s));
    expect(screen).toMatch(/user_000005 .*12/);
    expect(screen).toMatch(/user_000002 .*(offline|iOS|Android|Windows|macOS|Web|Linux|iPad|HarmonyOS)/);
  }, TEST_MS);

  it(':status ends at a full last page: the next page asks for no IDs (which the server refuses), it says the end', async () => {
    const a = await startDemo({ cols, rows });
    a.type(':status');
    a.send('Enter');
    await a.waitFor('no user IDs asked about yet');
    const idsUpTo = (n: number) => Array.from({ length: n }, (_, i) => `user_${String(i + 1).padStart(6, '0')}`).join(',');
    a.send('s');
    await a.waitFor('user IDs: ');
    a.type(idsUpTo(60));
    a.send('Enter');
    // The page of the 60 IDs, read: keys sent while it loads would wait for it (and a long line
    // of them overflows what is kept waiting).
    const first = await a.waitFor((s) => / \d+\/page · 60 user IDs/.test(s) && !/loading/.test(s));
    const size = Number(/ (\d+)\/page/.exec(first)![1]);
    // Exactly a page of IDs: the page is full, and nothing after it.
    a.send('s');
    await a.waitFor('user IDs: ');
    a.send('C-u');
    a.type(idsUpTo(size));
    a.send('Enter');
    await a.waitFor(new RegExp(`${size} user IDs`));
    a.send('n');
    const end = await a.waitFor('end of list: page 1 is the last');
    expect(end).not.toMatch(/1001|ArgsError|UserIDs is empty/);
    expect(end).toContain(`user_${String(size).padStart(6, '0')}`);
  }, TEST_MS);

  it('the picker finds a system account by its ID, with its level', async () => {
    const a = await startDemo({ cols, rows });
    a.send('u');
    await a.waitFor('user ID:');
    a.type(DEMO.robotIDs[0]!);
    a.send('Enter');
    const screen = await a.waitFor((s) => s.includes(`› ${DEMO.robotIDs[0]}`) && /system account (L4|, level 4)/.test(s));
    expect(screen).toMatch(/is a system account \(level 4, /);
  }, TEST_MS);

  it('shows when a token given on a loopback server expires where there is room, and warns in its last hour', async () => {
    const env = (ttlSeconds: number) => ({ OPENIM_BASE_URL: loopback.url, OPENIM_TOKEN: loopback.mintToken(DEMO.adminUserID, { ttlSeconds }) });
    const later = startApp({ cols, rows, env: env(3 * 3600) });
    apps.push(later);
    const valid = await later.waitFor((s) => s.includes(DEMO.firstUserID) && /connected/.test(s));
    const header = valid.split('\n')[0]!;
    // The expiry where the rest of the header fits beside it (not at 80 columns).
    if (cols >= 120) expect(header).toMatch(/token until \d{4}-\d\d-\d\d \d\d:\d\d [+-]\d\d:\d\d/);
    expect(header).not.toContain('! token');
    const soon = startApp({ cols, rows, env: env(30 * 60) });
    apps.push(soon);
    const warned = await soon.waitFor((s) => /^.*! token expires \d\d:\d\d [+-]\d\d:\d\d.*connected/.test(s.split('\n')[0]!));
    expect(warned).toContain(DEMO.firstUserID);
  }, TEST_MS);

  it('says at start, in words, that the token given has expired', async () => {
    const app = startApp({ cols, rows, env: { OPENIM_BASE_URL: loopback.url, OPENIM_TOKEN: loopback.mintToken(DEMO.adminUserID, { ttlSeconds: -60 }) } });
    apps.push(app);
    const screen = await app.waitFor('the token has expired');
    expect(screen.split('\n')[0]).toContain('! token expired');
  }, TEST_MS);
});
