// The explorer's start and V8's code cache of the program (src/codeCache.ts), on the built CLI in a
// real terminal: the first start writes the cache once its first rows are drawn; the next start
// compiles from it and leaves it as it is; a cache a scripting command wrote (which ran less of
// the program) is replaced by the explorer's, never the reverse.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { codeCacheFile } from '../../src/codeCache.js';
import { CLI_NODE, runCli } from '../support/runCli.js';
import { assertTmux, startApp, until, type App } from '../support/tmux.js';

const tmp = mkdtempSync(join(tmpdir(), 'oie-code-cache-e2e-'));
let app: App | undefined;
beforeAll(() => assertTmux());
afterEach(() => {
  app?.kill();
  app = undefined;
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const runtime = JSON.parse(execFileSync(CLI_NODE, ['-p', 'JSON.stringify([process.version, process.arch])'], { encoding: 'utf8' })) as [string, string];
const fileIn = (home: string): string => codeCacheFile(join(home, 'openim-explorer'), ...runtime);
/** The kind byte after the 8-byte marker: 0 a scripting command's cache, 1 the explorer's. */
const kindOf = (home: string): string | undefined => {
  try {
    return ['script', 'explorer'][readFileSync(fileIn(home))[8] ?? -1];
  } catch {
    return undefined;
  }
};
const identity = (path: string) => ({ ino: statSync(path).ino, mtimeMs: statSync(path).mtimeMs });

/** The explorer on the demo with `home` as XDG_CACHE_HOME, to its first rows. */
async function explore(home: string): Promise<App> {
  app = startApp({ cols: 100, rows: 24, args: ['--demo', '--still'], env: { XDG_CACHE_HOME: home } });
  await app.waitFor('user_000001');
  return app;
}

describe("the explorer's code cache", () => {
  it('the first start writes it after its first rows; the next start uses it and leaves it as it is', async () => {
    const home = join(tmp, 'first');
    const first = await explore(home);
    expect(await until(() => kindOf(home), (kind) => kind === 'explorer', 'the explorer writes its cache')).toBe('explorer');
    first.send('q');
    expect(await first.exitCode()).toBe(0);
    const written = identity(fileIn(home));

    // A start whose cache V8 refused would write it again at the latest on its way out.
    const next = await explore(home);
    next.send('q');
    expect(await next.exitCode()).toBe(0);
    expect(identity(fileIn(home))).toEqual(written);
  }, 60_000);

  it("replaces a scripting command's cache, which a scripting command then leaves alone", async () => {
    const home = join(tmp, 'script-first');
    const r = await runCli(['users', '--demo', '--users', '5', '-o', 'ndjson'], { XDG_CACHE_HOME: home });
    expect(r.code).toBe(0);
    expect(kindOf(home)).toBe('script');

    const session = await explore(home);
    expect(await until(() => kindOf(home), (kind) => kind === 'explorer', "the explorer's cache replaces the script's")).toBe('explorer');
    session.send('q');
    expect(await session.exitCode()).toBe(0);
    const written = identity(fileIn(home));
    expect((await runCli(['users', '--demo', '--users', '5', '-o', 'ndjson'], { XDG_CACHE_HOME: home })).code).toBe(0);
    expect(identity(fileIn(home))).toEqual(written);
  }, 60_000);
});
