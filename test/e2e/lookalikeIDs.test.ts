// IDs that only look like another (`user_a`, `user_a` + NBSP, `us\u0435r_a` with a Cyrillic е)
// drawn apart on the built CLI in tmux at 80x24: in the table, the breadcrumb, the detail pane and
// the user picker's `recent:`, in Unicode with colour and under --ascii without, against a
// loopback server that serves them with one nickname.
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/recordingServer.js';
import { assertTmux, startApp, type App } from '../support/tmux.js';

const TEST_MS = 60_000;
const IDS = ['user_a', 'user_a\u00a0', 'us\u0435r_a'];
const USERS = IDS.map((userID, i) => ({ userID, nickname: 'Alice', faceURL: '', ex: '', createTime: 1_700_000_000_000 + i, appMangerLevel: 1, globalRecvMsgOpt: 0 }));
const LOADED = /page 1 of 1 .*3 total/;

let server: TestServer;
let app: App | undefined;
beforeAll(async () => {
  assertTmux();
  server = await startTestServer((req, res) => {
    const body = req.body ? (JSON.parse(req.body) as { userIDs?: string[] }) : {};
    const data =
      req.path === '/user/get_users'
        ? { total: USERS.length, users: USERS }
        : req.path === '/user/get_users_info'
          ? { usersInfo: USERS.filter((u) => body.userIDs?.includes(u.userID)) }
          : req.path === '/auth/parse_token'
            ? { userID: 'imAdmin', platformID: 10, expireTimeSeconds: Math.floor(Date.now() / 1000) + 86_400 }
            : {};
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ errCode: 0, errMsg: '', errDlt: '', data }));
  });
});
afterAll(() => server.close());
afterEach(() => {
  app?.kill();
  app = undefined;
});

function explorer(extra: string[], env: Record<string, string> = {}): App {
  const state = mkdtempSync(join(tmpdir(), 'oie-lookalike-'));
  mkdirSync(join(state, 'openim-explorer'), { mode: 0o700 });
  return startApp({ cols: 80, rows: 24, args: ['--base-url', server.url, '--still', ...extra], env: { OPENIM_TOKEN: 'tok', XDG_STATE_HOME: state, ...env } });
}

const cursorLine = (screen: string): string => screen.split('\n').find((line) => /^[›>]\S/.test(line)) ?? '';
/** The table's rows: the lines that hold the nickname. */
const rowLines = (screen: string): string[] => screen.split('\n').filter((line) => line.includes('Alice'));

describe('look-alike IDs at 80x24', () => {
  it.each([
    ['unicode, colour', [], {}, '⟨', '⟩', '›'],
    ['ascii, NO_COLOR', ['--ascii'], { NO_COLOR: '1' }, '<', '>', '>'],
  ] as const)('%s: three different rows, breadcrumbs, details and recent users', async (_mode, args, env, open, close, crumb) => {
    const nbsp = `user_a${open}U+00A0${close}`;
    const cyrillic = `us${open}U+0435${close}r_a`;
    const before = server.requests.length;
    app = explorer([...args], env);
    const a = app;
    const list = await a.waitFor((s) => LOADED.test(s));
    const rows = rowLines(list);
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r.replace(/^[›>]/, ' '))).size, 'three rows that read differently').toBe(3);
    expect(rows.some((r) => /^[›> ]user_a +Alice/.test(r))).toBe(true);
    expect(rows.some((r) => r.includes(`${nbsp} `))).toBe(true);
    expect(rows.some((r) => r.includes(`${cyrillic} `))).toBe(true);

    // The third row's detail: its userID field, marked.
    a.send('j');
    a.send('j');
    await a.waitFor((s) => cursorLine(s).includes(cyrillic));
    a.send('d');
    await a.waitFor(new RegExp(`userID +${cyrillic.replace(/[+<>⟨⟩]/g, '\\$&')}`));
    a.send('Escape');
    await a.waitFor((s) => LOADED.test(s) && !/userID +/.test(s));

    // The second row opened: the breadcrumb names it marked, and the picker offers it marked.
    a.send('k');
    await a.waitFor((s) => cursorLine(s).includes(nbsp));
    a.send('Enter');
    await a.waitFor(`Users ${crumb} ${nbsp}`);
    // And it is that user the screen asks about, not user_a (trim() takes an NBSP).
    const asked = (): boolean => server.requests.slice(before).some((r) => r.path !== '/user/get_users' && (r.body.includes('"user_a\u00a0"') || r.body.includes('"user_a\\u00a0"')));
    await expect.poll(asked, { timeout: 10_000 }).toBe(true);
    a.send('u');
    const picker = await a.waitFor('recent:');
    expect(picker).toContain(`recent: ${nbsp}`);
  }, TEST_MS);
});
