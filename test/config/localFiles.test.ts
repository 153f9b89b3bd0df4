// @module-tag cli
// Every local file the built CLI opens is opened without blocking and checked first: the request
// log (--log-file) never follows a planted link, refuses a FIFO at once and a file others can read;
// the completion's config read and the recent-users file ignore a FIFO or /dev/zero at once.
import { execFileSync } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { assertBuilt, runCli } from '../support/runCli.js';
import { assertTmux, startApp, type App } from '../support/tmux.js';

assertBuilt();
const scratch = (): string => mkdtempSync(join(tmpdir(), 'oie-local-'));
const fifo = (path: string): string => {
  execFileSync('mkfifo', [path]);
  return path;
};

describe('--log-file', () => {
  it('a symbolic link at the path is not followed: exit 2, the target untouched', async () => {
    const dir = scratch();
    const target = join(dir, 'target');
    writeFileSync(target, 'precious\n', { mode: 0o600 });
    symlinkSync(target, join(dir, 'log'));
    const r = await runCli(['users', '--demo', '--log-file', join(dir, 'log')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('the log file must be a regular file, this is a symbolic link');
    expect(readFileSync(target, 'utf8')).toBe('precious\n');
    expect(r.stdout).toBe('');
  });

  it('a FIFO is refused at once (it hung for ever)', async () => {
    const path = fifo(join(scratch(), 'log'));
    const r = await runCli(['users', '--demo', '--log-file', path], {}, { hungMs: 15_000 });
    expect(r.hung).toBe(false);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('the log file must be a regular file, this is a FIFO');
  });

  it('an existing file readable by others is refused in words, as ssh does', async () => {
    const path = join(scratch(), 'log');
    writeFileSync(path, '');
    chmodSync(path, 0o644);
    const r = await runCli(['users', '--demo', '--log-file', path]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`the log file is open to group or others (mode 0644); make it private first: chmod 600 ${path}`);
    expect(readFileSync(path, 'utf8')).toBe('');
  });

  it('a new log is created 0600 and written', async () => {
    const path = join(scratch(), 'log');
    const r = await runCli(['users', '--demo', '--log-file', path]);
    expect(r.code).toBe(0);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, 'utf8')).toMatch(/ getUsers operationID=\d+ status=200 /);
  });
});

describe('__complete-profiles never waits', () => {
  it.each([
    ['a FIFO', (dir: string) => fifo(join(dir, 'config.json'))],
    ['a link to /dev/zero', (dir: string) => {
      symlinkSync('/dev/zero', join(dir, 'config.json'));
      return join(dir, 'config.json');
    }],
  ])('%s as the config file: no names, at once', async (_, make) => {
    const path = make(scratch());
    const r = await runCli(['__complete-profiles', '--config', path], {}, { hungMs: 15_000 });
    expect(r).toEqual({ code: 0, stdout: '', stderr: '', hung: false });
  });
});

describe('the recent-users file', () => {
  let app: App | undefined;
  afterEach(() => {
    app?.kill();
    app = undefined;
  });

  it.each([
    ['a FIFO', (path: string) => fifo(path), 'this is a FIFO'],
    ['a link to /dev/zero', (path: string) => symlinkSync('/dev/zero', path), 'this is a device'],
    ['not JSON', (path: string) => writeFileSync(path, '{{{'), 'the recent-users file is not JSON'],
  ])('%s: the explorer starts and says it ignored the file', async (_, make, words) => {
    assertTmux();
    const state = scratch();
    const folder = join(state, 'openim-explorer');
    mkdirSync(folder);
    const path = join(folder, 'recent-users.json');
    make(path);
    app = startApp({ cols: 200, args: ['--demo', '--still'], env: { XDG_STATE_HOME: state } });
    const screen = await app.waitFor('; ignored it');
    expect(screen).toContain(words);
    // The explorer went on: the first page arrives.
    await app.waitFor(/page 1 of/);
    // Picking a user replaces the bad file with a private regular one.
    app.send('Enter');
    const saved = (): boolean => {
      try {
        return lstatSync(path).isFile() && Array.isArray((JSON.parse(readFileSync(path, 'utf8')) as { servers: { demo?: unknown } }).servers.demo);
      } catch {
        return false;
      }
    };
    await expect.poll(saved, { timeout: 10_000 }).toBe(true);
    expect(lstatSync(path).mode & 0o777).toBe(0o600);
  }, 30_000);
});
