// V8's code cache of the program (src/boot/codeCache.ts), on the built CLI in a real terminal, where
// the bin runs the program for the explorer (src/boot/bin.ts): written by a start that had none,
// used as it is by the next one, and never trusted blindly: a file that is damaged, cut short, made
// for another program, writable by others or a link is written again, and the explorer shows the
// same whatever the cache holds. The explorer writes it once its first rows are drawn; a cache a
// start that ended before the explorer wrote (which ran less of the program) is replaced by the
// explorer's, never the reverse. A scripting command, even in a terminal, runs the ES modules
// (dist/cli.js): it neither reads nor writes the program's cache.
// .ci/run runs this folder on every supported Node line (each V8 has its own cache format).
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { codeCacheFile, codeCacheHeader, decodeCodeCache } from '../../src/boot/codeCache.js';
import { CLI_NODE } from '../support/runCli.js';
import { assertTmux, startApp, until, type App } from '../support/tmux.js';

const tmp = mkdtempSync(join(tmpdir(), 'oie-code-cache-'));
let app: App | undefined;
beforeAll(() => assertTmux());
afterEach(() => {
  app?.kill();
  app = undefined;
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const runtime = JSON.parse(execFileSync(CLI_NODE, ['-p', 'JSON.stringify([process.version, process.arch])'], { encoding: 'utf8' })) as [string, string];
let cases = 0;
/** A cache home of the case's own (no two cases write one file). */
const cacheHome = (): string => join(tmp, `case-${++cases}`);
const folderOf = (home: string): string => join(home, 'openim-explorer');
const fileOf = (home: string): string => codeCacheFile(folderOf(home), ...runtime);
/** What a file is, to tell whether a run wrote it again. */
const identity = (path: string) => ({ ino: statSync(path).ino, mtimeMs: statSync(path).mtimeMs, bytes: readFileSync(path).toString('base64') });
/** Which run took the cache: a scripting command's, or the explorer's. */
const kindOf = (home: string): string | undefined => {
  try {
    return codeCacheHeader(readFileSync(fileOf(home)))?.kind;
  } catch {
    return undefined;
  }
};
/** The file decodes whole (the source's hash is read from it: this checks the rest). */
const isWhole = (path: string): boolean => {
  const bytes = readFileSync(path);
  const header = codeCacheHeader(bytes);
  return header !== undefined && decodeCodeCache(bytes, header.sourceHash) !== undefined;
};

/** A scripting command in the terminal, to its end: what it prints is the same with any cache. */
async function script(home: string, env: Record<string, string> = {}): Promise<void> {
  app = startApp({ cols: 200, rows: 30, args: ['users', '--demo', '--still', '--users', '30', '-o', 'ndjson'], env: { XDG_CACHE_HOME: home, ...env } });
  expect(await app.exitCode()).toBe(0);
  const rows = app.everything().match(/"userID":"user_\d+"/g) ?? [];
  expect(rows).toHaveLength(20);
  expect(rows[0]).toBe('"userID":"user_000001"');
  app.kill();
  app = undefined;
}

/** The explorer on the demo, to its first rows. */
async function explore(home: string, env: Record<string, string> = {}): Promise<App> {
  app = startApp({ cols: 100, rows: 24, args: ['--demo', '--still'], env: { XDG_CACHE_HOME: home, ...env } });
  await app.waitFor('user_000001');
  return app;
}

async function quit(session: App): Promise<void> {
  session.send('q');
  expect(await session.exitCode()).toBe(0);
  session.kill();
  app = undefined;
}

/** The explorer to its first rows and out, once its cache is written whole (it shows the same rows with any cache). */
async function start(home: string): Promise<void> {
  const session = await explore(home);
  await until(() => kindOf(home) === 'explorer' && isWhole(fileOf(home)), Boolean, "the explorer's cache, whole");
  await quit(session);
}

/** The same where no cache is to be written: out once the first rows are drawn. */
async function startWithout(home: string, env: Record<string, string> = {}): Promise<void> {
  await quit(await explore(home, env));
}

/** A start of the program that ends before the explorer (no server to connect to): it runs less of the program. */
async function shortStart(home: string): Promise<void> {
  app = startApp({ cols: 200, rows: 30, args: [], env: { XDG_CACHE_HOME: home } });
  expect(await app.exitCode()).toBe(2);
  expect(app.everything()).toContain('no server to connect to');
  app.kill();
  app = undefined;
}

describe("the program's code cache", () => {
  it('a first run writes it: a file only its user can read, in a folder made 0700, nothing else left there', async () => {
    const home = cacheHome();
    await start(home);
    expect(statSync(folderOf(home)).mode & 0o777).toBe(0o700);
    expect(statSync(fileOf(home)).mode & 0o777).toBe(0o600);
    expect(isWhole(fileOf(home))).toBe(true);
    expect(readdirSync(folderOf(home))).toEqual([`app-${runtime[0]}-${runtime[1]}.v8cache`]);
  }, 30_000);

  it('the next run compiles from it and leaves it as it is (V8 took it: a refused one is written again)', async () => {
    const home = cacheHome();
    await start(home);
    const before = identity(fileOf(home));
    await start(home);
    expect(identity(fileOf(home))).toEqual(before);
  }, 30_000);

  it.each([
    ['garbage', () => Buffer.from('not a cache at all')],
    ['cut short', (b: Buffer) => b.subarray(0, b.length - 100)],
    ['one byte of V8 data changed', (b: Buffer) => Buffer.from(b).fill(b[b.length - 1]! ^ 0xff, b.length - 1)],
    ['made for another program (the source hash)', (b: Buffer) => Buffer.from(b).fill(b[9]! ^ 0xff, 9, 10)],
    ['empty', () => Buffer.alloc(0)],
  ])('a file that is %s: the run is as before, and the file is written again, whole', async (_what, damage) => {
    const home = cacheHome();
    await start(home);
    const bad = damage(readFileSync(fileOf(home)));
    writeFileSync(fileOf(home), bad, { mode: 0o600 });
    await start(home);
    expect(readFileSync(fileOf(home)).equals(bad)).toBe(false);
    expect(isWhole(fileOf(home))).toBe(true);
  }, 30_000);

  it("a file others can write is not read: it is replaced by one of its user's only", async () => {
    const home = cacheHome();
    await start(home);
    chmodSync(fileOf(home), 0o666);
    const before = statSync(fileOf(home)).ino;
    await start(home);
    expect(statSync(fileOf(home)).ino).not.toBe(before);
    expect(statSync(fileOf(home)).mode & 0o777).toBe(0o600);
  }, 30_000);

  it('a link in its place is not followed: the file it points to is neither read nor written', async () => {
    const home = cacheHome();
    await start(home);
    const target = join(tmp, `elsewhere-${cases}`);
    writeFileSync(target, readFileSync(fileOf(home)));
    const kept = identity(target);
    unlinkSync(fileOf(home));
    symlinkSync(target, fileOf(home));
    await start(home);
    expect(identity(target)).toEqual(kept);
    expect(statSync(fileOf(home)).ino).not.toBe(statSync(target).ino);
  }, 30_000);

  it('a folder others can write is not used', async () => {
    const home = cacheHome();
    mkdirSync(folderOf(home), { recursive: true });
    chmodSync(folderOf(home), 0o777);
    await startWithout(home);
    expect(readdirSync(folderOf(home))).toEqual([]);
  }, 30_000);

  it('NODE_DISABLE_COMPILE_CACHE turns it off', async () => {
    const home = cacheHome();
    await startWithout(home, { NODE_DISABLE_COMPILE_CACHE: '1' });
    expect(() => statSync(folderOf(home))).toThrow();
  }, 30_000);

  it('the explorer writes it after its first rows; its next start uses it and leaves it as it is', async () => {
    const home = cacheHome();
    const first = await explore(home);
    expect(await until(() => kindOf(home), (kind) => kind === 'explorer', 'the explorer writes its cache')).toBe('explorer');
    await quit(first);
    const written = identity(fileOf(home));
    // A start whose cache V8 refused would write it again, at the latest on its way out.
    await quit(await explore(home));
    expect(identity(fileOf(home))).toEqual(written);
  }, 60_000);

  it("the explorer replaces the cache of a start that ended before it, which such a start then leaves alone", async () => {
    const home = cacheHome();
    await shortStart(home);
    expect(kindOf(home)).toBe('script');
    const session = await explore(home);
    expect(await until(() => kindOf(home), (kind) => kind === 'explorer', "the explorer's cache replaces the short start's")).toBe('explorer');
    await quit(session);
    const written = identity(fileOf(home));
    await shortStart(home);
    expect(identity(fileOf(home))).toEqual(written);
  }, 60_000);

  it('a scripting command in a terminal runs the ES modules: it neither writes the cache nor touches one there', async () => {
    const home = cacheHome();
    await script(home);
    const caches = (): string[] => {
      try {
        return readdirSync(folderOf(home)).filter((name) => name.endsWith('.v8cache'));
      } catch {
        return [];
      }
    };
    expect(caches()).toEqual([]);
    await start(home);
    const written = identity(fileOf(home));
    await script(home);
    expect(identity(fileOf(home))).toEqual(written);
  }, 60_000);
});
