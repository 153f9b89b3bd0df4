// An export is whole or absent: the built CLI in tmux exporting a slow demo (200 ms a page, 40
// pages), interrupted every way an operator can. While it runs only the hidden partial name
// exists; `q` asks first; a second `q`, SIGTERM or SIGHUP remove it; SIGKILL leaves at most it.
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertTmux, startApp, type App } from '../support/tmux.js';

const PARTIAL = /^\.openim-users-\d{8}-\d{6}\.json\.partial$/;
let app: App | undefined;
beforeAll(() => assertTmux());
afterEach(() => {
  app?.kill();
  app = undefined;
});

async function exporting(): Promise<{ a: App; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'oie-export-int-'));
  app = startApp({ cwd: dir, args: ['--demo', '--still', '--users', '4000', '--latency', '200'] });
  const a = app;
  await a.waitFor(/4,000 total/);
  a.send('e');
  await a.waitFor('export to: ');
  a.send('Enter');
  await a.waitFor(/exporting to .* rows/);
  // Only the partial name while it runs: nothing that looks finished.
  await expect.poll(() => readdirSync(dir), { timeout: 10_000 }).toEqual([expect.stringMatching(PARTIAL)]);
  return { a, dir };
}

describe('an interrupted export', () => {
  it('q asks; Esc keeps exporting; a second q quits and removes the partial file', async () => {
    const { a, dir } = await exporting();
    a.send('q');
    await a.waitFor('quit and abandon the export');
    a.send('Escape');
    await a.waitFor(/exporting to .* rows/);
    expect(readdirSync(dir)).toEqual([expect.stringMatching(PARTIAL)]);
    a.send('q');
    await a.waitFor('quit and abandon the export');
    a.send('q');
    expect(await a.exitCode(10_000)).toBe(0);
    expect(readdirSync(dir)).toEqual([]);
  }, 40_000);

  it.each(['SIGTERM', 'SIGHUP'] as const)('%s removes the partial file', async (signal) => {
    const { a, dir } = await exporting();
    process.kill(await a.appPid(), signal);
    await a.appGone(10_000);
    expect(readdirSync(dir)).toEqual([]);
  }, 40_000);

  it('Ctrl-C removes the partial file', async () => {
    const { a, dir } = await exporting();
    a.send('C-c');
    await a.exitCode(10_000);
    expect(readdirSync(dir)).toEqual([]);
  }, 40_000);

  it('SIGKILL leaves at most the partial name, never a file under the final name', async () => {
    const { a, dir } = await exporting();
    process.kill(await a.appPid(), 'SIGKILL');
    await a.appGone(10_000);
    expect(readdirSync(dir)).toEqual([expect.stringMatching(PARTIAL)]);
  }, 40_000);

  it('a finished export has its final name only, 0600', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'oie-export-ok-'));
    app = startApp({ cwd: dir, args: ['--demo', '--still', '--users', '300'] });
    await app.waitFor(/300 total/);
    app.send('e');
    await app.waitFor('export to: ');
    app.send('Enter');
    await app.waitFor('(300 rows)');
    const files = readdirSync(dir);
    expect(files).toEqual([expect.stringMatching(/^openim-users-\d{8}-\d{6}\.json$/)]);
    expect(statSync(join(dir, files[0]!)).mode & 0o777).toBe(0o600);
  }, 40_000);
});
