// The terminal's terminfo entry is read at the explorer's start (can it move the cursor? how many
// colours?) from folders anyone may fill: TERMINFO, ~/.terminfo, TERMINFO_DIRS. The built CLI in
// tmux with a FIFO at the entry's place (a plain read waited for a writer for ever: the start hung)
// and with a link to /dev/zero there (a plain read grew the process to 1.85 GB in 6 s): either is
// an entry not found, and the explorer starts as it does without one (src/data/terminfoFile.ts).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertTmux, startApp, type App } from '../support/tmux.js';

const tmp = mkdtempSync(join(tmpdir(), 'oie-terminfo-'));
let app: App | undefined;
beforeAll(() => assertTmux());
afterEach(() => {
  app?.kill();
  app = undefined;
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const TERM = 'xterm-256color';

/** A TERMINFO folder whose entry for TERM (under its first letter and its hex code) is `plant`'s. */
function terminfoWith(name: string, plant: (path: string) => void): string {
  const dir = join(tmp, name);
  for (const sub of ['x', '78']) {
    mkdirSync(join(dir, sub), { recursive: true });
    plant(join(dir, sub, TERM));
  }
  return dir;
}

/** Resident memory of a process, in MB (/proc). */
function residentMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return kb / 1024;
}

describe('a terminfo entry that is not a file', () => {
  it.each([
    ['a FIFO', (path: string) => execFileSync('mkfifo', [path])],
    ['a link to /dev/zero', (path: string) => symlinkSync('/dev/zero', path)],
  ] as const)('%s: the explorer starts as without an entry, its memory as usual', async (name, plant) => {
    const terminfo = terminfoWith(name.replace(/\W+/g, '-'), plant);
    app = startApp({ cols: 100, rows: 30, args: ['--demo', '--still'], env: { TERM, TERMINFO: terminfo } });
    // Within the driver's deadline: a hung start shows nothing.
    await app.waitFor(/user_000001/);
    expect(residentMb(await app.appPid())).toBeLessThan(400);
    app.send('q');
    expect(await app.exitCode()).toBe(0);
  }, 30_000);
});
