// The config file's preferences on the built CLI in tmux: rebound keys (the keys, the footer and
// help follow; a wrong one is refused at start with exit 2), a profile's production marker in the
// header (coloured, and in brackets with NO_COLOR), the light theme, and columns per list (chosen
// in the file, toggled with :columns, the same in -o table).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';
import { assertTmux, CLI, startApp, until, type App, type StartOptions } from '../support/tmux.js';
import { writeConfig } from '../support/configFile.js';

const TEST_MS = 60_000;
const PAGE = (n: number) => new RegExp(`page ${n} of [\\d,]+ · [\\d,]+ total`);

let app: App | undefined;
let scratch: string;
let server: DemoServer;
beforeAll(async () => {
  assertTmux();
  scratch = mkdtempSync(join(tmpdir(), 'oie-prefs-e2e-'));
  server = await startDemoServer({ users: 200 });
});
afterAll(async () => {
  await server.close();
  rmSync(scratch, { recursive: true, force: true });
});
afterEach(() => {
  app?.kill();
  app = undefined;
});

function start(args: string[], options: Omit<StartOptions, 'args'> = {}): App {
  app = startApp({ cols: 100, rows: 30, ...options, args });
  return app;
}

describe('rebound keys', () => {
  it('x pages on, n no longer does; the footer and help say so, with the action names (--demo reads them too)', async () => {
    const path = writeConfig(scratch, { profiles: {}, keys: { nextPage: ['x', 'ctrl+f'] } });
    const a = start(['--demo', '--still', '--page-size', '10', '--config', path]);
    await a.waitFor((s) => PAGE(1).test(s) && s.includes('x/p page'));
    a.send('n');
    a.send('x');
    await a.waitFor(PAGE(2));
    a.send('C-f');
    await a.waitFor(PAGE(3));
    expect(a.screen()).not.toMatch(PAGE(4));
    a.send('?');
    const help = await a.waitFor('[nextPage]');
    const line = help.split('\n').find((l) => l.includes('[nextPage]'))!;
    expect(line).toMatch(/x Ctrl-F\s+next page \[nextPage\]/);
  }, TEST_MS);

  it('refuses a clash, an unknown action and an unknown key at start: one line, exit 2', async () => {
    const path = writeConfig(scratch, { profiles: {}, keys: { reload: ['q'], nextPag: ['x'], live: ['F9'] } });
    // Wide enough that the one line is not wrapped by the pane.
    const a = start(['--demo', '--config', path], { cols: 400 });
    expect(await a.exitCode()).toBe(2);
    const line = a.screen().split('\n').find((l) => l.startsWith('openim-explorer:'))!;
    expect(line).toContain(`${path}: keys: unknown action "nextPag"`);
    expect(line).toContain('live: unknown key "F9"');
    expect(line).toContain('key "q" is bound to both quit and reload');
  }, TEST_MS);

  it("a prompt's rebound keys edit, send and close it; its hint and the footer name them", async () => {
    const path = writeConfig(scratch, { profiles: {}, keys: { killToSpace: ['ctrl+o'], promptAccept: ['ctrl+g'], promptCancel: ['ctrl+x'], userPicker: ['U'] } });
    const a = start(['--demo', '--still', '--page-size', '10', '--config', path], { cols: 160 });
    await a.waitFor((s) => PAGE(1).test(s) && s.includes('U pick user'));
    a.send('U');
    a.type(`${DEMO.firstUserID} zz`);
    await a.waitFor(`${DEMO.firstUserID} zz`);
    a.send('C-o');
    // The old Ctrl-W does nothing now; Enter neither sends nor closes; the hint names Ctrl-G and Ctrl-X.
    a.send('C-w', 'Enter');
    await a.waitFor((s) => s.includes('Ctrl-G to open · Ctrl-X to cancel') && !s.includes(' zz'));
    expect(a.screen()).toMatch(/user ID: user_000001 /);
    a.send('C-g');
    await a.waitFor(`Users › ${DEMO.firstUserID}`);
    a.send(':');
    a.type('page 2');
    await a.waitFor('Ctrl-G to run · Ctrl-X to cancel');
    // Esc is not the prompt's cancel any more: the prompt stays and takes what is typed next.
    a.send('Escape');
    a.type('x');
    await a.waitFor(':page 2x');
    a.send('C-x');
    await a.waitFor((s) => !s.includes('Ctrl-X to cancel') && s.includes('U pick user'));
  }, TEST_MS);

  it('refuses two actions on one key in one scope', async () => {
    const path = writeConfig(scratch, { profiles: {}, keys: { nextPage: ['j'] } });
    const a = start(['--demo', '--config', path], { cols: 400 });
    expect(await a.exitCode()).toBe(2);
    expect(a.screen()).toContain('keys: key "j" is bound to both down and nextPage');
  }, TEST_MS);
});

describe('columns per list', () => {
  const header = (screen: string): string | undefined => screen.split('\n').find((l) => /\bUSER ID\b/.test(l))?.trim();

  it('the explorer shows the chosen columns in order, :columns toggles one, -o table prints the same header', async () => {
    const path = writeConfig(scratch, { profiles: {}, columns: { users: ['createTime', 'userID'] } });
    const a = start(['--demo', '--still', '--page-size', '10', '--config', path]);
    const first = await a.waitFor(PAGE(1));
    expect(header(first)).toMatch(/^CREATED +USER ID$/);
    a.send(':');
    await a.waitFor('(Tab completes)');
    a.type('columns nickname');
    await a.waitFor(':columns nickname');
    a.send('Enter');
    await a.waitFor((s) => /^CREATED +USER ID +NICKNAME$/.test(header(s) ?? ''));
    a.send(':');
    await a.waitFor('(Tab completes)');
    a.type('columns createTime');
    await a.waitFor(':columns createTime');
    a.send('Enter');
    await a.waitFor((s) => /^USER ID +NICKNAME$/.test(header(s) ?? ''));

    const table = spawnSync(process.execPath, [CLI, 'users', '--demo', '--still', '--size', '3', '-o', 'table', '--config', path], {
      encoding: 'utf8',
      env: { ...process.env, COLUMNS: '100', XDG_CACHE_HOME: join(scratch, 'cache') },
    });
    expect(table.status).toBe(0);
    expect(table.stdout.split('\n')[0]).toMatch(/^CREATED +USER ID$/);
  }, TEST_MS);

  it("refuses an unknown field at start, naming the list's fields: one line, exit 2", () => {
    const path = writeConfig(scratch, { profiles: {}, columns: { users: ['userID', 'faceURL'] } });
    const r = spawnSync(process.execPath, [CLI, 'users', '--demo', '--config', path], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe(
      `openim-explorer: ${path}: columns: users: unknown field "faceURL" (fields: userID, nickname, createTime, appMangerLevel, globalRecvMsgOpt, online)`,
    );
  }, TEST_MS);
});

describe('a production marker', () => {
  const prodConfig = () =>
    writeConfig(scratch, { defaultProfile: 'prod', profiles: { prod: { baseUrl: server.url, secret: DEMO.secret, label: 'PROD-EU', color: 'red' } } });

  it('puts the label first in the header, in red', async () => {
    const a = start(['--config', prodConfig()], { env: { FORCE_COLOR: '1' } });
    await a.waitFor((s) => PAGE(1).test(s) && s.split('\n')[0]!.startsWith(' PROD-EU  openim-explorer'));
    const first = a.tmux('capture-pane', '-p', '-e', '-t', a.session).split('\n')[0]!;
    // Inverse red: the colour is on the label itself.
    expect(first).toMatch(/\u001b\[[0-9;]*(31|41)[0-9;]*m[^\u001b]*PROD-EU/);
  }, TEST_MS);

  it('says it in brackets without colour (NO_COLOR)', async () => {
    const a = start(['--config', prodConfig()], { env: { NO_COLOR: '1' } });
    const screen = await a.waitFor((s) => PAGE(1).test(s) && s.split('\n')[0]!.startsWith('[PROD-EU] openim-explorer'));
    expect(screen.split('\n')[0]).toContain('profile prod');
  }, TEST_MS);
});

describe('theme', () => {
  it('light: the header is blue rather than cyan; NO_COLOR still wins', async () => {
    const path = writeConfig(scratch, { profiles: {}, theme: 'light' });
    const a = start(['--demo', '--still', '--config', path]);
    await a.waitFor(PAGE(1));
    const first = a.tmux('capture-pane', '-p', '-e', '-t', a.session).split('\n')[0]!;
    expect(first).toMatch(/\u001b\[[0-9;]*34[0-9;]*m/);
    expect(first).not.toMatch(/\u001b\[[0-9;]*36[0-9;]*m/);
    a.kill();
    const plain = start(['--demo', '--still', '--config', path], { env: { NO_COLOR: '1' } });
    await plain.waitFor(PAGE(1));
    expect(plain.tmux('capture-pane', '-p', '-e', '-t', plain.session).split('\n')[0]).not.toMatch(/\u001b\[[0-9;]*3[0-9]m/);
  }, TEST_MS);
});

describe('copy the page as curl', () => {
  it('C copies the curl command of the page on screen, the token as $OPENIM_TOKEN; the status line says so', async () => {
    const a = start(['--base-url', server.url, '--secret', DEMO.secret, '--page-size', '10'], { options: [['set-clipboard', 'on']] });
    await a.waitFor(PAGE(1));
    a.send('n');
    await a.waitFor(PAGE(2));
    a.send('C');
    await a.waitFor('copied page 2 as curl');
    const copied = await until(() => a.tmux('show-buffer'), (b) => b.startsWith('curl '), 'the curl command in the paste buffer');
    expect(copied).toMatch(
      new RegExp(
        `^curl -sS -X POST '${server.url.replace(/[.]/g, '\\.')}/user/get_users' -H 'content-type: application/json' -H 'operationID: [^']+' -H "token: \\$OPENIM_TOKEN" --data-raw '\\{"pagination":\\{"pageNumber":2,"showNumber":10\\}\\}'$`,
      ),
    );
  }, TEST_MS);
});

describe(':sort', () => {
  /** The first row's user ID: rows start with the cursor mark or a space. */
  const firstRow = (s: string): string | undefined => /^\s*\S?\s*(user_\d{6})/m.exec(s.split('\n').slice(2).join('\n'))?.[1];

  it('sorts the page on screen, marks the header and says only this page is; paging keeps it; :sort alone undoes it', async () => {
    const a = start(['--demo', '--still', '--page-size', '10']);
    await a.waitFor((s) => PAGE(1).test(s) && firstRow(s) === 'user_000001');
    a.send(':');
    a.type('sort -userID');
    a.send('Enter');
    let screen = await a.waitFor((s) => firstRow(s) === 'user_000010');
    expect(screen).toMatch(/USER ID↓/);
    expect(screen).toContain('sorted by userID ↓, this page only');
    a.send('n');
    screen = await a.waitFor((s) => PAGE(2).test(s) && firstRow(s) === 'user_000020');
    expect(screen).toContain('sorted by userID ↓, this page only');
    a.send(':');
    a.type('sort');
    a.send('Enter');
    screen = await a.waitFor((s) => firstRow(s) === 'user_000011' && !s.includes('sorted by'));
    expect(screen).not.toContain('USER ID↓');
    a.send(':');
    a.type('sort nope');
    a.send('Enter');
    await a.waitFor('no field nope in these rows (fields: userID');
  }, TEST_MS);
});
