// @module-tag cli
// The published package: pack it, install the tarball into an empty folder without the network
// (no runtime dependencies: everything is bundled into dist/, the bin dist/cli.cjs, the program it runs in a terminal
// dist/app.js, the ES modules it runs anywhere else, dist/cli.js, and the demo server's, dist/demo.js and
// dist/demo-server.js, with their chunks, dist/chunks/), and run the installed bin.
// The vitest global setup builds it once before any test runs; this test does not rebuild (npm pack --ignore-scripts skips
// the prepack build, which would rewrite dist/ under the end-to-end tests running alongside).
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = join(ROOT, 'dist', 'cli.cjs');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
};
const TIMEOUT_MS = 60_000;

interface PackResult {
  filename: string;
  files: { path: string }[];
}

let work = '';
let packed: PackResult;
let bin = '';

function run(command: string, args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): SpawnSyncReturns<string> {
  const result = spawnSync(command, args, {
    cwd: options.cwd ?? ROOT,
    env: options.env ?? process.env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: TIMEOUT_MS,
  });
  if (result.error) throw result.error;
  return result;
}

function mustSucceed(result: SpawnSyncReturns<string>, what: string): string {
  if (result.status !== 0) throw new Error(`${what} failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** The installed bin, with no OpenIM settings from the environment that runs the tests. */
function runBin(args: readonly string[]): SpawnSyncReturns<string> {
  const env = { ...process.env };
  for (const name of Object.keys(env)) if (name.startsWith('OPENIM_')) delete env[name];
  // The program's code cache goes in the test's folder, not the user's.
  return run(bin, args, { cwd: work, env: { ...env, XDG_CACHE_HOME: join(work, 'cache') } });
}

beforeAll(() => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` (the vitest global setup builds it)`);
  work = mkdtempSync(join(tmpdir(), 'oie-pack-'));
  const out = mustSucceed(run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work]), 'npm pack');
  const results = JSON.parse(out) as PackResult[];
  expect(results).toHaveLength(1);
  packed = results[0]!;

  const install = join(work, 'install');
  mkdirSync(install);
  mustSucceed(
    // An empty cache: --offline then proves the install needs nothing from a registry.
    run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--no-save', join(work, packed.filename)], {
      cwd: install,
      env: { ...process.env, npm_config_cache: join(work, 'npm-cache') },
    }),
    'npm install --offline of the tarball',
  );
  bin = join(install, 'node_modules', '.bin', 'openim-explorer');
  if (!existsSync(bin)) throw new Error(`the installed package has no bin at ${bin}`);
}, TIMEOUT_MS);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('npm package', () => {
  it('has no runtime dependencies', () => {
    expect(pkg.dependencies ?? {}).toEqual({});
  });

  it('packs only package.json, README.md, LICENSE, the bin, the program, the ES module entry, the demo\'s two entries and the chunks of this build', () => {
    const paths = packed.files.map((f) => f.path).sort();
    const entries = ['package.json', 'dist/cli.cjs', 'dist/app.js', 'dist/cli.js', 'dist/demo.js', 'dist/demo-server.js'];
    for (const entry of entries) expect(paths).toContain(entry);
    const built = readdirSync(join(ROOT, 'dist', 'chunks')).map((name) => `dist/chunks/${name}`);
    expect(built.length).toBeGreaterThan(0);
    const allowed = new Set(['README.md', 'LICENSE', ...entries, ...built]);
    expect(paths.filter((p) => !allowed.has(p))).toEqual([]);
    expect(built.filter((p) => !paths.includes(p))).toEqual([]);
  });

  it('every chunk of the installed package loads without the network', () => {
    const dist = join(work, 'install', 'node_modules', pkg.name, 'dist', 'chunks');
    const files = readdirSync(dist).filter((name) => name.endsWith('.js'));
    const script = `for (const f of ${JSON.stringify(files)}) await import(${JSON.stringify(dist + '/')} + f);`;
    const result = run(process.execPath, ['--input-type=module', '-e', script], { cwd: work });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('a scripting command runs from the installed package (its chunks and the demo server)', () => {
    const result = runBin(['users', '--demo', '--size', '3', '--output', 'ndjson']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout.trimEnd().split('\n').map((line) => (JSON.parse(line) as { userID: string }).userID)).toEqual([
      'user_000001',
      'user_000002',
      'user_000003',
    ]);
  });

  it('--version prints the version from package.json', () => {
    const result = runBin(['--version']);
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe(pkg.version);
  });

  it('--help mentions --base-url and --demo', () => {
    const result = runBin(['--help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('--base-url');
    expect(result.stdout).toContain('--demo');
  });

  it('an unknown flag exits 2 with a one-line error and no stack trace', () => {
    const result = runBin(['--no-such-flag']);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).not.toContain('    at ');
    const lines = result.stderr.trimEnd().split('\n');
    // The error itself is one line; the only other line allowed is the pointer to --help.
    expect(lines[0]).toMatch(/^openim-explorer: .*--no-such-flag/);
    expect(lines.slice(1).filter((line) => !/^Run openim-explorer --help/.test(line))).toEqual([]);
  });

  it('with no server configured exits non-zero and suggests --demo', () => {
    const result = runBin([]);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('--demo');
    expect(result.stderr).not.toContain('    at ');
  });
});
