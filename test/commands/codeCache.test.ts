// The built CLI keeps V8's code cache of the program in the user's cache folder (src/codeCache.ts):
// written by a start that had none, used as it is by the next one, and never trusted blindly: a
// file that is damaged, cut short, made for another program, writable by others or a link is
// written again, and the command's output is the same whatever the cache holds. .ci/run runs this
// file on every supported Node line (each V8 has its own cache format, and refuses another's).
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeCacheFile, decodeCodeCache } from '../../src/codeCache.js';
import { assertBuilt, CLI_NODE, runCli } from '../support/runCli.js';

const tmp = mkdtempSync(join(tmpdir(), 'oie-code-cache-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
beforeAll(assertBuilt);

const runtime = JSON.parse(execFileSync(CLI_NODE, ['-p', 'JSON.stringify([process.version, process.arch])'], { encoding: 'utf8' })) as [string, string];
const hasCompileCache =
  execFileSync(CLI_NODE, ['-p', "typeof require('node:module').enableCompileCache"], { encoding: 'utf8' }).trim() === 'function';

const COMMAND = ['users', '--demo', '--users', '30', '-o', 'ndjson'];
let cases = 0;
/** A cache home of the case's own (no two cases write one file). */
const cacheHome = (): string => join(tmp, `case-${++cases}`);
const folderOf = (home: string): string => join(home, 'openim-explorer');
const fileOf = (home: string): string => codeCacheFile(folderOf(home), ...runtime);

async function run(home: string, env: NodeJS.ProcessEnv = {}): Promise<void> {
  const r = await runCli(COMMAND, { XDG_CACHE_HOME: home, ...env });
  expect(r).toMatchObject({ code: 0, stderr: '' });
  const rows = r.stdout.split('\n').filter(Boolean).map((line) => (JSON.parse(line) as { userID: string }).userID);
  expect(rows).toHaveLength(20);
  expect(rows[0]).toBe('user_000001');
}

/** What a file is, to tell whether a run wrote it again. */
const identity = (path: string) => {
  const s = statSync(path);
  return { ino: s.ino, mtimeMs: s.mtimeMs, bytes: readFileSync(path).toString('base64') };
};

/** A home whose cache a first run wrote. */
async function warmHome(): Promise<string> {
  const home = cacheHome();
  await run(home);
  return home;
}

/** The file decodes as a cache of the built program (its source's hash is in it, so this reads the header alone). */
function isWhole(path: string): boolean {
  const bytes = readFileSync(path);
  const sourceHash = bytes.subarray(9, 41);
  return decodeCodeCache(bytes, sourceHash) !== undefined;
}

describe(`the program's code cache (Node ${runtime[0]})`, () => {
  it('a first run writes it: a file only its user can read, in a folder made 0700', async () => {
    const home = await warmHome();
    expect(statSync(folderOf(home)).mode & 0o777).toBe(0o700);
    expect(statSync(fileOf(home)).mode & 0o777).toBe(0o600);
    expect(isWhole(fileOf(home))).toBe(true);
    // Nothing else is left there: no temporary file (Node's own compile cache folder where the runtime has one).
    const names = readdirSync(folderOf(home)).filter((name) => !name.startsWith(runtime[0]));
    expect(names).toEqual([`app-${runtime[0]}-${runtime[1]}.v8cache`]);
    expect(readdirSync(folderOf(home)).length).toBe(hasCompileCache ? 2 : 1);
  });

  it('the next run compiles from it and leaves it as it is (V8 took it: a refused one is written again)', async () => {
    const home = await warmHome();
    const before = identity(fileOf(home));
    await run(home);
    expect(identity(fileOf(home))).toEqual(before);
  });

  it.each([
    ['garbage', () => Buffer.from('not a cache at all')],
    ['cut short', (b: Buffer) => b.subarray(0, b.length - 100)],
    ['one byte of V8 data changed', (b: Buffer) => Buffer.from(b).fill(b[b.length - 1]! ^ 0xff, b.length - 1)],
    ['made for another program (the source hash)', (b: Buffer) => Buffer.from(b).fill(b[9]! ^ 0xff, 9, 10)],
    ['empty', () => Buffer.alloc(0)],
  ])('a file that is %s: the run is as before, and the file is written again, whole', async (_what, damage) => {
    const home = await warmHome();
    const good = readFileSync(fileOf(home));
    const bad = damage(good);
    writeFileSync(fileOf(home), bad, { mode: 0o600 });
    await run(home);
    const after = readFileSync(fileOf(home));
    expect(after.equals(bad)).toBe(false);
    expect(isWhole(fileOf(home))).toBe(true);
  });

  it('a file others can write is not read: it is replaced by one of its user\'s only', async () => {
    const home = await warmHome();
    chmodSync(fileOf(home), 0o666);
    const before = statSync(fileOf(home)).ino;
    await run(home);
    expect(statSync(fileOf(home)).ino).not.toBe(before);
    expect(statSync(fileOf(home)).mode & 0o777).toBe(0o600);
  });

  it('a link in its place is not followed: the file it points to is neither read nor written', async () => {
    const home = await warmHome();
    const target = join(tmp, `elsewhere-${cases}`);
    writeFileSync(target, readFileSync(fileOf(home)));
    const kept = identity(target);
    unlinkSync(fileOf(home));
    symlinkSync(target, fileOf(home));
    await run(home);
    expect(identity(target)).toEqual(kept);
    // The link itself was replaced by a file.
    expect(statSync(fileOf(home)).ino).not.toBe(statSync(target).ino);
  });

  it('a folder others can write is not used', async () => {
    const home = cacheHome();
    mkdirSync(folderOf(home), { recursive: true, mode: 0o777 });
    chmodSync(folderOf(home), 0o777);
    await run(home);
    expect(readdirSync(folderOf(home)).filter((name) => name.endsWith('.v8cache'))).toEqual([]);
  });

  it('NODE_DISABLE_COMPILE_CACHE turns it off', async () => {
    const home = cacheHome();
    await run(home, { NODE_DISABLE_COMPILE_CACHE: '1' });
    expect(() => statSync(folderOf(home))).toThrow();
  });

  it('a cache folder that cannot be made changes nothing', async () => {
    const file = join(tmp, 'a-file');
    writeFileSync(file, '');
    await run(join(file, 'cache'));
  });

  it('a home that does not exist is not made', async () => {
    const home = join(tmp, 'no-such-home');
    const r = await runCli(COMMAND, { HOME: home, XDG_CACHE_HOME: '' });
    expect(r.code).toBe(0);
    expect(() => statSync(home)).toThrow();
  });
});
