// The user picker's history on the built CLI in tmux: kept per server, so the IDs seen on one
// server are never offered (Tab, ↑, the hint under `u`) against another; a file planted at the
// temporary name the save used (`recent-users.json.<pid>.tmp`) is left alone and the save still
// works; with a state folder others can write the explorer runs without a history and says why,
// with the chmod to run.
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';
import { assertTmux, startApp, type App } from '../support/tmux.js';

const TEST_MS = 60_000;
const LOADED = /page 1 of \d+ (· row \d+\/\d+ )?· [\d,]+ total/;

let app: App | undefined;
let staging: DemoServer;
let prod: DemoServer;
beforeAll(async () => {
  assertTmux();
  [staging, prod] = await Promise.all([startDemoServer({ users: 50 }), startDemoServer({ users: 50 })]);
});
afterAll(async () => {
  await Promise.all([staging.close(), prod.close()]);
});
afterEach(() => {
  app?.kill();
  app = undefined;
});

/** A private state folder for the runs of one test (shared by them, as a user's is); each run replaces the last. */
function stateHome(): { home: string; file: string } {
  const home = mkdtempSync(join(tmpdir(), 'oie-recent-e2e-'));
  mkdirSync(join(home, 'openim-explorer'), { mode: 0o700 });
  return { home, file: join(home, 'openim-explorer', 'recent-users.json') };
}

async function explorerOn(server: DemoServer, home: string): Promise<App> {
  app?.kill();
  app = startApp({ cols: 120, args: ['--base-url', server.url, '--still'], env: { OPENIM_SECRET: DEMO.secret, XDG_STATE_HOME: home } });
  await app.waitFor((s) => LOADED.test(s) && s.includes(DEMO.firstUserID));
  return app;
}

/** Opens the user on the cursor row and waits for their first page (when the history is saved). */
async function openFirstUser(a: App): Promise<void> {
  a.send('Enter');
  await a.waitFor((s) => s.includes(`Users › ${DEMO.firstUserID}`) && /\[1 Conv/.test(s) && !s.includes('loading'));
}

describe('recent users per server', () => {
  it("IDs opened on one server are not offered under `u` on another, and are on the first again", async () => {
    const { home, file } = stateHome();
    const a = await explorerOn(staging, home);
    await openFirstUser(a);
    await expect.poll(() => readFileSync(file, 'utf8'), { timeout: 10_000 }).toContain(DEMO.firstUserID);

    const b = await explorerOn(prod, home);
    b.send('u');
    await b.waitFor('user ID:');
    const offered = await b.waitFor('no recent users yet');
    expect(offered).not.toContain(`recent: ${DEMO.firstUserID}`);
    // Tab and ↑ have nothing to offer either: the line stays empty before what is typed next.
    b.send('Tab');
    b.send('Up');
    b.type('!');
    await b.waitFor(/user ID: !/);

    const c = await explorerOn(staging, home);
    c.send('u');
    await c.waitFor(`recent: ${DEMO.firstUserID}`);
  }, TEST_MS);
});

describe('saving the history', () => {
  it('a file planted at the old temporary name is left alone, and the save still works', async () => {
    const { home, file } = stateHome();
    const a = await explorerOn(staging, home);
    const planted = `${file}.${await a.appPid()}.tmp`;
    writeFileSync(planted, 'not yours\n', { mode: 0o600 });
    await openFirstUser(a);
    await expect.poll(() => readFileSync(file, 'utf8'), { timeout: 10_000 }).toContain(DEMO.firstUserID);
    expect(readFileSync(planted, 'utf8')).toBe('not yours\n');
    expect(a.screen()).not.toContain('recent users not saved');
  }, TEST_MS);

  it('a state folder others can write: the explorer runs without a history, says why on screen and in the log, writes nothing there', async () => {
    const { home, file } = stateHome();
    const folder = join(home, 'openim-explorer');
    chmodSync(folder, 0o777);
    const log = join(home, 'requests.log');
    app = startApp({ cols: 300, args: ['--base-url', staging.url, '--still', '--log-file', log], env: { OPENIM_SECRET: DEMO.secret, XDG_STATE_HOME: home } });
    const why = `${folder}: the state folder is writable by group and others (mode 0777); refusing it as ssh would: check it, then chmod go-w ${folder}`;
    await app.waitFor((s) => LOADED.test(s) && s.includes(`note: ${why}; ignored it`));
    await openFirstUser(app);
    await app.waitFor(`recent users not saved: ${why}`);
    expect(readFileSync(log, 'utf8')).toContain(`recent users: ${why}`);
    expect(existsSync(file)).toBe(false);
    expect(readdirSync(folder)).toEqual([]);
  }, TEST_MS);
});
