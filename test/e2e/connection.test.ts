// The connection on the built CLI in tmux: the header says `connected` only once a page came
// back (never while the login is refused), the curl `C` copies holds the parsed, normalised base
// URL rather than the text given, and `:profile NAME` takes the whole connection from the
// profile by the same rule as the start (the environment's secret never follows it to the
// profile's server; a profile whose URL holds a control character is refused, the old server stays).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';
import { assertTmux, startApp, until, type App } from '../support/tmux.js';
import { startTestServer, type TestServer } from '../support/recordingServer.js';
import { writeConfig } from '../support/configFile.js';

const TEST_MS = 60_000;
const LAB_SECRET = 'lab-S3cr3t-4k';
/** The header's state at the end of its line; `not connected` is not `● connected`. */
const CONNECTED = /● connected$/m;
const NOT_CONNECTED = /○ not connected$/m;

let app: App | undefined;
let scratch: string;
let demo: DemoServer;
let lab: TestServer;

/** Refuses every login as OpenIM refuses a wrong secret. */
function refuseLogin(_req: unknown, res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ errCode: 1002, errMsg: 'NoPermissionError', errDlt: 'secret invalid' }));
}

beforeAll(async () => {
  assertTmux();
  scratch = mkdtempSync(join(tmpdir(), 'oie-connection-e2e-'));
  [demo, lab] = await Promise.all([startDemoServer({ users: 100 }), startTestServer(refuseLogin)]);
});
afterAll(async () => {
  await Promise.all([demo.close(), lab.close()]);
  rmSync(scratch, { recursive: true, force: true });
});
afterEach(() => {
  app?.kill();
  app = undefined;
});

describe('the header', () => {
  it('never says connected while the server refuses the login', async () => {
    const path = writeConfig(scratch, { profiles: { wrong: { baseUrl: demo.url, secret: 'not-the-secret' } } });
    app = startApp({ cols: 120, rows: 24, args: ['--config', path, '--profile', 'wrong'] });
    const bytes = join(scratch, 'pane.bytes');
    app.pipeTo(bytes);
    const screen = await app.waitFor((s) => s.includes('secret invalid') && NOT_CONNECTED.test(s));
    expect(screen.split('\n')[0]).toMatch(/^openim-explorer · profile wrong · 127\.0\.0\.1:\d+ · as imAdmin .*○ not connected$/);
    // Not on screen, and never written at all while it ran.
    app.send('r');
    await app.waitFor((s) => s.includes('secret invalid') && NOT_CONNECTED.test(s));
    expect(app.screen()).not.toMatch(CONNECTED);
    expect(readFileSync(bytes, 'utf8')).not.toContain('● connected');
  }, TEST_MS);

  it('says connected once a page came back', async () => {
    app = startApp({ cols: 120, rows: 24, args: [], env: { OPENIM_BASE_URL: demo.url, OPENIM_SECRET: DEMO.secret } });
    await app.waitFor((s) => CONNECTED.test(s) && s.includes(DEMO.firstUserID));
  }, TEST_MS);
});

describe('the base URL in use is the normalised one', () => {
  it('the curl C copies holds the parsed URL, not the text given', async () => {
    const given = `${demo.url.replace('http://', 'HTTP://')}/./`;
    app = startApp({ cols: 120, rows: 24, args: ['--page-size', '5'], env: { OPENIM_BASE_URL: given, OPENIM_SECRET: DEMO.secret }, options: [['set-clipboard', 'on']] });
    await app.waitFor((s) => CONNECTED.test(s) && s.includes(DEMO.firstUserID));
    app.send('C');
    await app.waitFor('copied page 1 as curl');
    const copied = await until(() => app!.tmux('show-buffer'), (b) => b.startsWith('curl '), 'the curl command in the paste buffer');
    expect(copied).toContain(`${demo.url}/user/get_users`);
    expect(copied).not.toContain('HTTP:');
    expect(copied).not.toContain('/./');
  }, TEST_MS);
});

describe(':profile NAME', () => {
  it("takes the whole connection from the profile: the environment's secret never reaches the profile's server", async () => {
    const path = writeConfig(scratch, { profiles: { lab: { baseUrl: `${lab.url}/`, secret: LAB_SECRET } } });
    app = startApp({ cols: 140, rows: 24, args: ['--config', path], env: { OPENIM_BASE_URL: demo.url, OPENIM_SECRET: DEMO.secret } });
    await app.waitFor((s) => CONNECTED.test(s) && s.includes(DEMO.firstUserID));
    const before = lab.requests.length;
    app.send(':');
    await app.waitFor('(Tab completes)');
    app.type('profile lab');
    app.send('Enter');
    const screen = await app.waitFor((s) => /^openim-explorer · profile lab · 127\.0\.0\.1:\d+ · as imAdmin/.test(s) && NOT_CONNECTED.test(s));
    expect(screen).not.toMatch(CONNECTED);
    const logins = await until(() => lab.requests.slice(before), (r) => r.length > 0, "the lab server's login");
    expect(logins[0]?.path).toBe('/auth/get_admin_token');
    for (const request of lab.requests) {
      expect(request.body).toContain(LAB_SECRET);
      expect(request.body + JSON.stringify(request.headers)).not.toContain(DEMO.secret);
    }
  }, TEST_MS);

  it('refuses a profile whose URL holds a control character: the status line says so, the old server stays', async () => {
    const profiles = { demo: { baseUrl: demo.url, secret: DEMO.secret } };
    const path = writeConfig(scratch, { profiles });
    app = startApp({ cols: 160, rows: 24, args: ['--config', path, '--profile', 'demo'] });
    await app.waitFor((s) => CONNECTED.test(s) && s.includes(DEMO.firstUserID));
    // Edited while the app runs: `:profile` reads the file again.
    writeFileSync(path, JSON.stringify({ profiles: { ...profiles, bad: { baseUrl: `${lab.url}/a\u001b[201~\u0015id\nb`, secret: LAB_SECRET } } }));
    const before = lab.connections;
    app.send(':');
    await app.waitFor('(Tab completes)');
    app.type('profile bad');
    app.send('Enter');
    const screen = await app.waitFor('profile "bad": baseUrl: must not hold control characters');
    expect(screen.split('\n')[0]).toMatch(/^openim-explorer · profile demo · 127\.0\.0\.1:\d+ · as imAdmin .*● connected$/);
    expect(screen).toContain(DEMO.firstUserID);
    expect(lab.connections).toBe(before);
  }, TEST_MS);
});
