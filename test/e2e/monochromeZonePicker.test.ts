// What an operator sees of issue 34's smaller screen items, on the built CLI in tmux at 80x24 and
// 120x40: a detail's times carry their zone (TZ=Asia/Tokyo: +09:00); the user picker offers the
// search when what was typed is a name or finds no one, naming the key in force; under NO_COLOR
// and TERM=vt100 the selected row is inverse and bold as well as marked; `--ascii` writes `>=`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertTmux, startApp, type App } from '../support/tmux.js';

const TEST_MS = 60_000;
const APP_UP = /user_000001[\s\S]*\npage 1 of/;
const terms: App[] = [];
let scratch: string;
beforeAll(() => {
  assertTmux();
  scratch = mkdtempSync(join(tmpdir(), 'oie-issue34-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
afterEach(() => {
  for (const t of terms.splice(0)) t.kill();
});

function start(cols: number, rows: number, env: Record<string, string> = {}, args: string[] = []): App {
  const t = startApp({ cols, rows, args: ['--demo', '--still', ...args], env });
  terms.push(t);
  return t;
}

/** The screen's line holding `text`, with its escape sequences (tmux's view of the cell attributes). */
function attributedLine(t: App, text: string): string {
  const line = t.tmux('capture-pane', '-e', '-p', '-t', t.session).split('\n').find((l) => l.includes(text));
  if (line === undefined) throw new Error(`no line with ${text}`);
  return line;
}

/** The SGR parameters in force at the start of the line (tmux writes them before the first cell). */
const leadingSgr = (line: string): string[] => (/^\u001b\[([\d;]*)m/.exec(line)?.[1] ?? '').split(';');

describe.each([
  [80, 24],
  [120, 40],
])('at %ix%i', (cols, rows) => {
  it("a user's detail shows its times with their zone (TZ=Asia/Tokyo)", async () => {
    const t = start(cols, rows, { TZ: 'Asia/Tokyo' });
    await t.waitFor(APP_UP);
    t.send('d');
    const screen = await t.waitFor(/createTime/);
    expect(screen).toMatch(/createTime\s+\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+09:00/);
  }, TEST_MS);

  it('the user picker offers the search for a name and for no one, with the key in force', async () => {
    // The search rebound to S by the config file: the picker names S.
    const config = join(scratch, `config-${cols}.json`);
    writeFileSync(config, JSON.stringify({ profiles: {}, keys: { search: ['S'] } }), { mode: 0o600 });
    for (const [key, args] of [
      ['s', []],
      ['S', ['--config', config]],
    ] as const) {
      const t = start(cols, rows, {}, [...args]);
      await t.waitFor(APP_UP);
      t.send('u');
      await t.waitFor(/user ID: /);
      t.type('Karen Wright');
      t.send('Enter');
      await t.waitFor(`refused: a user ID cannot have spaces; ${key} on Users finds users by name`);
      t.send('C-u');
      t.type('karen');
      t.send('Enter');
      await t.waitFor(`no such user: karen; ${key} on Users finds users by name`);
      t.kill();
    }
  }, TEST_MS);

  it.each([
    ['NO_COLOR', { NO_COLOR: '1' }],
    ['TERM=vt100', { TERM: 'vt100' }],
  ])('under %s the selected row is inverse and bold, and marked', async (_, env) => {
    const t = start(cols, rows, env);
    await t.waitFor(APP_UP);
    const selected = attributedLine(t, 'user_000001');
    expect(leadingSgr(selected)).toEqual(expect.arrayContaining(['1', '7']));
    expect(selected).toMatch(/[›>]user_000001/);
    // Only the selected row.
    expect(leadingSgr(attributedLine(t, 'user_000002'))).not.toContain('7');
    t.send('j');
    await t.waitFor(/[›>]user_000002/);
    expect(leadingSgr(attributedLine(t, 'user_000002'))).toEqual(expect.arrayContaining(['1', '7']));
  }, TEST_MS);

  it('--ascii writes "at least" as >=', async () => {
    const t = start(cols, rows, {}, ['--ascii']);
    await t.waitFor(APP_UP);
    t.send('Enter');
    // A user's conversations: their total is an estimate, so the page count is "at least".
    const screen = await t.waitFor(/page 1 of >=\d+/);
    expect(screen).not.toMatch(/of >\d/);
  }, TEST_MS);
});
