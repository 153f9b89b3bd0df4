// The bin starts the demo's worker before the program is compiled when `--demo` is on it in a
// terminal (src/boot/bin.ts, startEarlyDemoWorker in openim-demo-server/early): the worker is told its
// options once they are known, and a command line that never uses it still ends at once. Each
// case runs the built CLI in a real terminal (tmux), where the worker is started early for the
// explorer's command line; a scripting command there runs the ES modules, which start their own.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertTmux, startApp, startShell, type App } from '../support/tmux.js';

let app: App | undefined;
beforeAll(() => assertTmux());
afterEach(() => {
  app?.kill();
  app = undefined;
});

describe('the demo worker started by the bin', () => {
  it('serves the population the command line asks for', async () => {
    app = startApp({ cols: 120, rows: 30, args: ['--demo', '--still', '--users', '7'] });
    const screen = await app.waitFor(/7 total/);
    expect(screen).toContain('user_000007');
    expect(screen).not.toContain('user_000008');
    app.send('q');
    expect(await app.exitCode()).toBe(0);
  }, 30_000);

  it('holds nothing up when the explorer cannot run: TERM=dumb, one line and exit 1', async () => {
    app = startShell();
    await app.waitFor(/[#$]\s*$/m);
    app.run('env TERM=dumb node dist/cli.cjs --demo --users 7; echo "exit=$?"');
    const screen = await app.waitFor(/exit=\d+/);
    expect(screen).toContain('exit=1');
    expect(screen).toContain('cannot move the cursor');
  }, 30_000);

  it('holds nothing up after a usage error: the error, exit 2', async () => {
    app = startApp({ cols: 120, rows: 30, args: ['--demo', '--users', '0'] });
    expect(await app.exitCode()).toBe(2);
    expect(app.everything()).toMatch(/--users/);
  }, 30_000);

  it('a scripting command run in a terminal has its demo all the same, and ends', async () => {
    app = startApp({ cols: 120, rows: 30, args: ['users', '--demo', '--still', '--users', '3', '-o', 'ndjson'] });
    expect(await app.exitCode()).toBe(0);
    const text = app.everything();
    expect(text).toContain('"userID":"user_000003"');
    expect(text).not.toContain('user_000004');
  }, 30_000);
});
