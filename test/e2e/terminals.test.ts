// The built CLI where operators are, at 80x24 and 60x20: copying through tmux in both of its
// set-ups (set-clipboard on: tmux takes OSC 52 itself; allow-passthrough on: tmux hands the DCS
// passthrough to the terminal outside), no colour on a vt100, an ASCII line-break mark, and a
// failed page step that says which page failed.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';
import { CLI_NODE } from '../support/runCli.js';
import { assertTmux, CLI, startApp, startCommand, until, type App } from '../support/tmux.js';
import { demoApps } from '../support/demoApp.js';

const TEST_MS = 60_000;
const USER = DEMO.firstUserID;
const FIRST_PAGE = /page 1 of [\d,]+ · [\d,]+ total/;

const startDemo = demoApps();
let app: App | undefined;
let scratch: string;
const cleanups: (() => void)[] = [];

beforeAll(() => {
  assertTmux();
  scratch = mkdtempSync(join(tmpdir(), 'oie-term-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
afterEach(() => {
  app?.kill();
  app = undefined;
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function tmuxOn(socket: string, ...args: string[]): string {
  try {
    return execFileSync('tmux', ['-L', socket, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch {
    return ''; // no buffer yet, or the server is gone
  }
}

describe.sequential.each([
  { cols: 80, rows: 24 },
  { cols: 60, rows: 20 },
])('at $cols x $rows', ({ cols, rows }) => {
  it('copies in tmux with set-clipboard on: y the row as JSON, Y its ID, into the paste buffer', async () => {
    const a = await startDemo({ cols, rows, options: [['set-clipboard', 'on']] });
    a.send('Y');
    await a.waitFor(`copied ${USER}`);
    expect(await until(() => a.tmux('show-buffer'), (b) => b !== '', 'a paste buffer')).toBe(USER);
    a.send('j', 'y');
    await a.waitFor('copied the row as JSON');
    const json = await until(() => a.tmux('show-buffer'), (b) => b.startsWith('{'), 'the row as JSON');
    expect(JSON.parse(json)).toMatchObject({ userID: 'user_000002' });
  }, TEST_MS);

  it('copies through tmux with allow-passthrough on: the terminal outside receives it', async () => {
    // The terminal outside is a second tmux, which turns the OSC 52 it receives into a paste
    // buffer. The inner tmux has set-clipboard off: it neither takes the plain sequence nor passes
    // it on, so only the passthrough can deliver.
    const id = `${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
    const inner = `oie-inner-${id}`;
    const conf = join(scratch, `inner-${id}.conf`);
    writeFileSync(conf, 'set -g allow-passthrough on\nset -g set-clipboard off\n');
    cleanups.push(() => {
      tmuxOn(inner, 'kill-server');
    });
    const appLine = `env -u CI -u NO_COLOR ${CLI_NODE} ${CLI} --demo; sleep 60`;
    const innerLine = `env -u TMUX tmux -L ${inner} -f ${conf} new-session -s in '${appLine}'`;
    app = startCommand(innerLine, { cols, rows, options: [['set-clipboard', 'on']] });
    const outer = app;
    await outer.waitFor((s) => FIRST_PAGE.test(s) && s.includes(USER));
    outer.send('Y');
    const buffer = await until(
      () => {
        try {
          return outer.tmux('show-buffer');
        } catch {
          return ''; // no buffer yet
        }
      },
      (b) => b !== '',
      "the outer tmux's buffer",
    );
    expect(buffer).toBe(USER);
    expect(tmuxOn(inner, 'list-buffers')).toBe('');
  }, TEST_MS);

  it('TERM=vt100 gets no colour; the cursor row keeps its marker and is its only attributed line (inverse, bold)', async () => {
    const a = await startDemo({ cols, rows, env: { TERM: 'vt100' } });
    const raw = a.tmux('capture-pane', '-p', '-e', '-t', a.session);
    // SGR parameters that set a colour (resets such as 39 and 49 are not colours).
    const colours = [...raw.matchAll(/\u001b\[([0-9;]*)m/g)].flatMap((m) => m[1]!.split(';')).filter((p) => /^(3[0-8]|4[0-8]|9\d|10\d)$/.test(p));
    expect(colours).toEqual([]);
    expect(raw.replace(/\u001b\[[0-9;]*m/g, '')).toMatch(/^›user_000001/m);
    // Inverse video (SGR 7) on the cursor row alone (issue 34: a marker alone was too faint).
    const inverse = raw.split('\n').filter((l) => /\u001b\[(?:[0-9;]*;)?7[;m]/.test(l));
    expect(inverse).toHaveLength(1);
    expect(inverse[0]).toContain('user_000001');
    // The same app on a colour terminal does use them: the check above can fail.
    const colour = await startDemo({ cols, rows, env: { TERM: 'xterm-256color' } });
    expect(colour.tmux('capture-pane', '-p', '-e', '-t', colour.session)).toMatch(/\u001b\[[0-9;]*m/);
  }, TEST_MS);

  it('--ascii marks a line break in a cell with \\n, not with a pipe', async () => {
    app = startApp({ cols, rows, args: ['--demo', '--still', '--ascii'] });
    const a = app;
    await a.waitFor((s) => /page 1 of [\d,]+ \| [\d,]+ total/.test(s) && s.includes(USER));
    a.send('Enter');
    await a.waitFor(`> ${USER}`);
    a.send('3'); // the first application's message is "Hi!" and a line break
    const sent = await a.waitFor((s) => s.includes('RESULT') && s.includes('user_000002'));
    const line = sent.split('\n').find((l) => l.includes('user_000002')) ?? '';
    expect(line).toContain('Hi!\\nI');
    expect(line).not.toContain('Hi!|');
  }, TEST_MS);

  it('a failed page step says which page failed and which is shown', async () => {
    const server: DemoServer = await startDemoServer({ users: 1000 });
    let closed = false;
    cleanups.push(() => void (closed ? undefined : server.close()));
    app = startApp({ cols, rows, args: ['--base-url', server.url, '--secret', DEMO.secret, '--timeout', '3'] });
    const a = app;
    await a.waitFor((s) => FIRST_PAGE.test(s) && s.includes(USER));
    a.send('n');
    await a.waitFor((s) => s.includes('page 2 of') && !s.includes('loading'));
    await server.close();
    closed = true;
    a.send('n');
    const failed = await a.waitFor('page 3 failed', 20_000);
    expect(failed).toContain('showing page 2');
    expect(failed).toMatch(/page 2 of [\d,]+ · /);
    expect(failed).not.toMatch(/page 3 of/);
  }, TEST_MS);
});
