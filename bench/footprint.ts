// Figure 7: what `npm pack` ships, what an install costs, and how fast the installed command
// answers, with no network (npm --offline from the local tarball).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { summarize, type Result } from './stats.js';
import { timeCommand, withoutCI } from './terminal.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function npm(args: string[], cwd: string): string {
  return execFileSync('npm', args, { cwd, encoding: 'utf8', env: { ...withoutCI(), npm_config_update_notifier: 'false' }, stdio: ['ignore', 'pipe', 'pipe'] });
}

function duBytes(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.size;
  return readdirSync(path).reduce((n, name) => n + duBytes(join(path, name)), 0);
}

export async function footprintFigures(quick: boolean): Promise<Result[]> {
  const runs = quick ? 2 : 5;
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
    const binTimes: number[] = [];
    const npxTimes: number[] = [];
    for (let i = 0; i < runs; i++) binTimes.push(await timeCommand(bin, ['--version']));
    // npx from the tarball, offline: the first run unpacks it into npm's cache (not counted).
    const npxArgs = ['--offline', '--yes', '--package', tgz, '--', 'openim-explorer', '--version'];
    await timeCommand('npx', npxArgs, { cwd: dir });
    for (let i = 0; i < runs; i++) npxTimes.push(await timeCommand('npx', npxArgs, { cwd: dir }));
    return [
      summarize(7, 'runtime dependencies (package.json)', [runtimeDeps], '', '0', (v) => v === 0, `${packagesInstalled} package(s) in node_modules after install`),
      summarize(7, 'packed tarball', [packed!.size / 1024], 'KB', '< 400 KB', (v) => v < 400, `${packed!.files.length} files`),
      summarize(7, 'installed size (node_modules)', [installed / 1024], 'KB', '', undefined),
      summarize(7, 'installed openim-explorer --version', binTimes, 'ms', '', undefined),
      summarize(7, 'npx --offline <tarball> --version (cached)', npxTimes, 'ms', '', undefined),
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
