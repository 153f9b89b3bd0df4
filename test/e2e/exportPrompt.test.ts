// Before an export starts: its file name in a prompt to edit (the built CLI in tmux, 80x24 and
// 120x40), and over 100,000 rows a question with the estimated size; progress counts rows of the
// total with a share.
import { mkdirSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertTmux, startApp, type App } from '../support/tmux.js';

let app: App | undefined;
beforeAll(() => assertTmux());
afterEach(() => {
  app?.kill();
  app = undefined;
});

describe.each([
  [80, 24],
  [120, 40],
])('exports at %ix%i', (cols, rows) => {
  it('E offers ./openim-users-….csv; a name typed into a subfolder is where it writes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'oie-export-prompt-'));
    mkdirSync(join(dir, 'out'));
    app = startApp({ cols, rows, cwd: dir, args: ['--demo', '--still', '--users', '300'] });
    const a = app;
    await a.waitFor(/300 total/);
    a.send('E');
    await a.waitFor(/export to: \.\/openim-users-\d{8}-\d{6}\.csv/);
    // A name that exists is refused in words; the prompt stays with it.
    a.send('C-u');
    a.type('out');
    a.send('Enter');
    await a.waitFor('out: is a folder: add a file name');
    a.type('/mine.csv');
    a.send('Enter');
    await a.waitFor('wrote ./out/mine.csv (300 rows)');
    expect(readdirSync(join(dir, 'out'))).toEqual(['mine.csv']);
    expect(statSync(join(dir, 'out', 'mine.csv')).mode & 0o777).toBe(0o600);
  }, 40_000);

  it('200,000 users: asks with the estimated size; n drops it; y goes on, counting rows of the total', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'oie-export-ask-'));
    app = startApp({ cols, rows, cwd: dir, args: ['--demo', '--still', '--users', '200000', '--latency', '20'] });
    const a = app;
    await a.waitFor(/200,000 total/);
    a.send('E');
    await a.waitFor('export to: ');
    a.send('Enter');
    await a.waitFor(/export 200,000 rows, about \d+(\.\d)? MB\?/);
    expect(readdirSync(dir)).toEqual([expect.stringMatching(/^\..*\.partial$/)]);
    a.send('n');
    await a.waitFor('export dropped; nothing written');
    expect(readdirSync(dir)).toEqual([]);
    a.send('E');
    await a.waitFor('export to: ');
    a.send('Enter');
    await a.waitFor(/export 200,000 rows, about/);
    a.send('y');
    const going = await a.waitFor(/exporting to \.\/open.*[\d,]+ of 200,000 rows \(\d+%\)/);
    expect(going).not.toContain('export 200,000 rows');
    // Abandoned by quitting (q asks, q again): nothing stays.
    a.send('q');
    await a.waitFor('quit and abandon the export');
    a.send('q');
    expect(await a.exitCode(10_000)).toBe(0);
    expect(readdirSync(dir)).toEqual([]);
  }, 60_000);
});
