// The cache folder holds code the process runs (Node's compile cache where the bin runs its ES
// modules, V8's code cache of the program the explorer runs in: src/data/cacheFolder.ts), so it is used
// only when it is the user's own: the built CLI, as root, with cache homes others could have
// written (0777, 1777, another user's folder, a link another user planted pointing at a private
// folder of root's, a folder that still holds another user's entry). Each run goes on without the
// cache, as fast as it can, the request log says why, and nothing is written where the planter
// chose. CI runs this folder on every Node line (Node 20 has no compile cache, 22 and later do).
import { chmodSync, chownSync, lchownSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, runCli } from '../support/runCli.js';
import { assertTmux, startApp, until, type App } from '../support/tmux.js';

const tmp = mkdtempSync(join(tmpdir(), 'oie-cache-trust-'));
let app: App | undefined;
beforeAll(() => {
  assertBuilt();
  assertTmux();
});
afterEach(() => {
  app?.kill();
  app = undefined;
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const KINDS = [
  'mode 0777',
  'mode 1777',
  "another user's folder",
  "another user's link",
  "another user's entry",
  "another user's cache home",
  'a cache home of mode 0777',
] as const;

/** Another user, for files planted by someone else (the tests run as root). */
const OTHER = 12345;
const asRoot = process.getuid?.() === 0;
let cases = 0;

interface Planted {
  /** XDG_CACHE_HOME for the run. */
  home: string;
  /** Where a write the planter chose would land. */
  target: string;
  /** What the log must say. */
  says: string;
}

/** A cache home of the case's own, with its `openim-explorer` folder planted as `kind` says. */
function plant(kind: (typeof KINDS)[number]): Planted {
  const home = join(tmp, `case-${++cases}`);
  mkdirSync(home, { mode: 0o1777 });
  chmodSync(home, 0o1777); // a shared cache home, as /tmp
  const folder = join(home, 'openim-explorer');
  switch (kind) {
    case "another user's cache home": {
      // `sudo -E`: root's cache folder made in another user's home, who could swap it afterwards.
      chmodSync(home, 0o755);
      chownSync(home, OTHER, OTHER);
      mkdirSync(folder, { mode: 0o700 }); // root's own, as a first run made it
      return { home, target: folder, says: `${folder}: the folder it is in, ${home}, belongs to another user (uid ${OTHER}), who can swap it` };
    }
    case 'a cache home of mode 0777': {
      chmodSync(home, 0o777);
      mkdirSync(folder, { mode: 0o700 });
      return { home, target: folder, says: `${folder}: the folder it is in, ${home}, is writable by others and not sticky (mode 0777): they can swap it` };
    }
    case 'mode 0777':
    case 'mode 1777':
      mkdirSync(folder);
      chmodSync(folder, kind === 'mode 0777' ? 0o777 : 0o1777);
      // (the sticky bit of 1777 keeps others from removing your files, not from planting theirs)
      return { home, target: folder, says: `${folder}: the cache folder is writable by group and others (mode 0777)` };
    case "another user's folder":
      mkdirSync(folder, { mode: 0o700 });
      chownSync(folder, OTHER, OTHER);
      return { home, target: folder, says: `${folder}: the cache folder belongs to another user (uid ${OTHER})` };
    case "another user's link": {
      // root's own private folder: it passes every check on the folder itself.
      const target = mkdtempSync(join(tmp, 'victim-'));
      chmodSync(target, 0o700);
      symlinkSync(target, folder);
      lchownSync(folder, OTHER, OTHER);
      return { home, target, says: `${folder}: the cache folder is a symbolic link that belongs to another user (uid ${OTHER}); refusing to follow it` };
    }
    case "another user's entry": {
      mkdirSync(folder, { mode: 0o700 });
      const entry = join(folder, 'v24-planted');
      mkdirSync(entry, { mode: 0o755 });
      chownSync(entry, OTHER, OTHER);
      return { home, target: entry, says: `${folder}: it holds v24-planted, which belongs to another user (uid ${OTHER})` };
    }
  }
}

const NOTHING_WRITTEN = (target: string) => readdirSync(target);

/** The explorer on the demo, to its first rows and out (its code cache is taken by then, at the latest on its way out). */
async function explore(home: string, log: string, whenDrawn: () => Promise<unknown> = async () => undefined): Promise<void> {
  app = startApp({ cols: 200, rows: 30, args: ['--demo', '--still', '--users', '30', '--log-file', log], env: { XDG_CACHE_HOME: home } });
  await app.waitFor('user_000001');
  await whenDrawn();
  app.send('q');
  expect(await app.exitCode()).toBe(0);
}

describe.skipIf(!asRoot)('a cache folder others could have written is not used', () => {
  it.each(KINDS)('not in a terminal (Node’s compile cache): %s', async (kind) => {
    const planted = plant(kind);
    const before = NOTHING_WRITTEN(planted.target);
    const log = join(tmp, `log-${cases}.txt`);
    const r = await runCli(['users', '--demo', '--users', '30', '-o', 'ndjson', '--log-file', log], { XDG_CACHE_HOME: planted.home });
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout.split('\n').filter(Boolean)).toHaveLength(20);
    const text = readFileSync(log, 'utf8');
    expect(text).toContain(planted.says);
    expect(text).toContain('running without the compile cache (slower)');
    expect(NOTHING_WRITTEN(planted.target)).toEqual(before);
  });

  it.each(["another user's link", 'mode 0777'] as const)('in a terminal (the program’s V8 code cache): %s', async (kind) => {
    const planted = plant(kind);
    const log = join(tmp, `log-${cases}.txt`);
    await explore(planted.home, log);
    expect(readFileSync(log, 'utf8')).toContain(planted.says);
    // No app-*.v8cache where the planter chose.
    expect(readdirSync(planted.target)).toEqual([]);
  }, 30_000);

  it("the user's own folder, and a link of the user's own to it, are used: nothing in the log", async () => {
    const home = join(tmp, `case-${++cases}`);
    const own = join(tmp, `own-${cases}`);
    mkdirSync(home, { mode: 0o755 });
    mkdirSync(own, { mode: 0o700 });
    symlinkSync(own, join(home, 'openim-explorer'));
    const log = join(tmp, `log-${cases}.txt`);
    await explore(home, log, () => until(() => readdirSync(own), (names) => names.length > 0, 'the code cache in the linked folder'));
    expect(readFileSync(log, 'utf8')).not.toContain('cache folder');
    expect(readdirSync(own)).toEqual([expect.stringMatching(/^app-v[\d.]+-\w+\.v8cache$/)]);
  }, 30_000);
});
