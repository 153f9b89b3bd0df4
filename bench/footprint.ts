// Figure 7: what `npm pack` ships, what an install costs, and how fast the installed command
// answers (paired with `node -e 0`), with no network (npm --offline from the local tarball).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { alternate, counted, paired, type Result } from './stats.js';
import { ROOT, runNode, withoutCI } from './procs.js';

function npm(args: string[], cwd: string): string {
  return execFileSync('npm', args, { cwd, encoding: 'utf8', env: { ...withoutCI(), npm_config_update_notifier: 'false' }, stdio: ['ignore', 'pipe', 'pipe'] });
}

function duBytes(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.size;
  return readdirSync(path).reduce((n, name) => n + duBytes(join(path, name)), 0);
}

function timeCommand(command: string, args: readonly string[], cwd: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(command, args, { stdio: 'ignore', cwd, env: withoutCI() });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(performance.now() - t0) : reject(new Error(`${command} ${args.join(' ')} exited ${code}`))));
  });
}

export async function footprintFigures(quick: boolean): Promise<Result[]> {
  const pairs = quick ? 2 : 6;
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  const runtimeDeps = Object.keys(pkg.dependencies ?? {}).length;
  const dir = mkdtempSync(join(tmpdir(), 'oie-bench-pack-'));
  try {
    // dist/ was just built by `npm run bench`; --ignore-scripts skips prepack's second build.
    const [packed] = JSON.parse(npm(['pack', '--json', '--ignore-scripts', '--pack-destination', dir], ROOT)) as Array<{ size: number; unpackedSize: number; filename: string; files: unknown[] }>;
    const tgz = join(dir, packed!.filename);
    const app = join(dir, 'app');
    execFileSync('mkdir', ['-p', app]);
    writeFileSync(join(app, 'package.json'), '{"name":"bench-install","version":"1.0.0","private":true}\n');
    npm(['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', tgz], app);
    const installedDir = join(app, 'node_modules');
    const installed = duBytes(installedDir);
    const packagesInstalled = readdirSync(installedDir).filter((n) => !n.startsWith('.')).length;
    const bin = join(installedDir, '.bin', 'openim-explorer');
    const bare = async (): Promise<number> => (await runNode(['-e', '0'])).wallMs;
    const version = await alternate(pairs, 1, () => timeCommand(bin, ['--version'], dir), bare);
    // npx from the tarball, offline: the first run unpacks it into npm's cache (the warm-up).
    const npxArgs = ['--offline', '--yes', '--package', tgz, '--', 'openim-explorer', '--version'];
    const npx = await alternate(quick ? 1 : 3, 1, () => timeCommand('npx', npxArgs, dir), bare);
    return [
      counted(7, 'runtime dependencies (package.json)', [runtimeDeps], '', '0', (v) => v === 0, `${packagesInstalled} package(s) in node_modules after install`),
      counted(7, 'packed tarball', [packed!.size / 1024], 'KB', '< 400 KB', (v) => v < 400, `${packed!.files.length} files`),
      counted(7, 'installed size (node_modules)', [installed / 1024], 'KB', ''),
      paired(7, 'installed openim-explorer --version', version.a, version.b, 'ms', 'node -e 0', '', undefined),
      paired(7, 'npx --offline <tarball> --version (cached)', npx.a, npx.b, 'ms', 'node -e 0', '', undefined, 'npm itself is most of it'),
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
