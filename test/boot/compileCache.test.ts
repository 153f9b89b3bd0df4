// @module-tag cli
// For every command but the explorer, the built CLI runs its ES modules (src/boot/bin.ts) and turns on
// Node's compile cache for them in the user's cache folder where the runtime has it
// (src/boot/compileCache.ts), and never fails because of it; the program's own code cache is the
// explorer's (test/e2e/codeCache.test.ts). .ci/run runs this file on every supported Node line: Node
// 20 has no compile cache, 22 and later do.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertBuilt, CLI_NODE, runCli } from '../support/runCli.js';

const tmp = mkdtempSync(join(tmpdir(), 'oie-compile-cache-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const hasCompileCache =
  execFileSync(CLI_NODE, ['-p', "typeof require('node:module').enableCompileCache"], { encoding: 'utf8' }).trim() === 'function';

describe(`the compile cache (${hasCompileCache ? 'this Node has one' : 'this Node has none'})`, () => {
  it('lives in $XDG_CACHE_HOME/openim-explorer, made 0700, where the runtime has it', async () => {
    assertBuilt();
    const cache = join(tmp, 'xdg-cache');
    const r = await runCli(['users', '--demo', '--users', '30', '-o', 'ndjson'], { XDG_CACHE_HOME: cache });
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').filter(Boolean)).toHaveLength(20);
    const dir = join(cache, 'openim-explorer');
    if (!hasCompileCache) {
      expect(() => statSync(dir)).toThrow();
      return;
    }
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    // Node keeps one folder per runtime version in it, holding the compiled chunks; nothing else is there.
    const [versionDir, ...more] = readdirSync(dir);
    expect(more).toEqual([]);
    expect(versionDir).toBeDefined();
    expect(readdirSync(join(dir, versionDir!)).length).toBeGreaterThan(0);
  });

  it('a cache folder that cannot be made changes nothing', async () => {
    const file = join(tmp, 'a-file');
    writeFileSync(file, '');
    // A command the bin hands over (it answers --version alone, before the cache is turned on).
    const r = await runCli(['users', '--demo', '--users', '30', '-o', 'ndjson'], { XDG_CACHE_HOME: join(file, 'cache') });
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout.split('\n').filter(Boolean)).toHaveLength(20);
  });

  it('a home that does not exist is not made', async () => {
    const home = join(tmp, 'no-such-home');
    const r = await runCli(['users', '--demo', '--users', '30', '-o', 'ndjson'], { HOME: home, XDG_CACHE_HOME: '' });
    expect(r.code).toBe(0);
    expect(() => statSync(home)).toThrow();
  });
});
