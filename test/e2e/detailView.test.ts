// The detail as a view to read, on the built CLI in a real tmux at 80x24: below 30 rows it opens
// full screen; `/` searches it, `n` goes to the next match, `G`/`g` bottom and top, `f` back to
// the split pane. Each step waits for its effect on screen.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from 'openim-demo-server';
import { assertTmux, type App } from '../support/tmux.js';
import { demoApps } from '../support/demoApp.js';
import { cursorLine } from '../support/screenText.js';

beforeAll(() => assertTmux());

const startDemo = demoApps();
const RANGE = /detail (\d+)-(\d+) of (\d+)/;
const TABLE_HEADER = /PIN +WITH/;

/** The table row of the conversation with `peer`. */
const rowOf = (screen: string, peer: string): string => screen.split('\n').find((line) => line.includes(peer)) ?? '';

/** Moves the cursor down the pinned rows to the conversation with `peer` (where it is among them is the demo's data). */
async function cursorTo(a: App, peer: string): Promise<void> {
  for (let step = 0; step < DEMO.firstUser.pinned && !cursorLine(a.screen()).includes(peer); step++) {
    const before = cursorLine(a.screen());
    a.send('j');
    await a.waitFor((s) => cursorLine(s) !== before);
  }
  await a.waitFor((s) => cursorLine(s).includes(peer));
}

/** At 80x24: the first user's conversations, their list checked, then `d` on the notice from notify_system (full screen; Enter opens its history). */
async function openFullScreenDetail(): Promise<{ a: App; list: string; detail: string }> {
  const a = await startDemo({ cols: 80, rows: 24 });
  a.send('Enter');
  // The summary line's unread figure (at 80 columns six tabs leave the tab line no room for its own).
  const list = await a.waitFor((s) => s.includes(`Users › ${DEMO.firstUserID}`) && TABLE_HEADER.test(s) && /^› \s*\*/m.test(s) && /[\d,]+ unread/.test(s));
  await cursorTo(a, 'notify_system');
  a.send('d');
  const detail = await a.waitFor((s) => RANGE.test(s) && !TABLE_HEADER.test(s));
  return { a, list, detail };
}

/** Searches the open detail for `text` and waits for the first match. */
async function search(a: App, text: string): Promise<string> {
  a.send('/');
  await a.waitFor('search the detail:');
  a.type(text);
  a.send('Enter');
  return a.waitFor((s) => /match 1\/\d+/.test(s) && s.includes(text));
}

describe('the detail view at 80x24', () => {
  it("credits the owner's own message to the owner in the list", async () => {
    const { list } = await openFullScreenDetail();
    // The owner's own picture to user_000017: the server's senderName is the peer's (Eve), FROM is not.
    expect(rowOf(list, 'user_000017')).toContain('[Picture]');
    expect(rowOf(list, 'user_000017')).not.toContain('Eve');
  }, 45_000);

  it('opens full screen below 30 rows, leading with who, when and what', async () => {
    const { detail: screen } = await openFullScreenDetail();
    // The pane's rule and the footer say the same of f.
    expect(screen).toMatch(/── detail.* f split /);
    expect(screen.split('\n').find((line) => line.includes('j/k move'))).toContain('f split');
    expect(screen).not.toContain('f full');
    expect(screen).toContain('Conversation with notify_system');
    expect(screen).toMatch(/from +notify_system/);
    expect(screen).toMatch(/time +\d{4}-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d\d:\d\d · /);
    expect(screen).toMatch(/Message: \S+/);
    expect(screen).toMatch(/Text +The service will be unavailable/);
    const [, first, last] = RANGE.exec(screen)!.map(Number);
    expect(last! - first! + 1).toBeGreaterThanOrEqual(15);
  }, 45_000);

  it('/ searches the detail and n goes to the next match; Esc ends the search, not the detail', async () => {
    const { a } = await openFullScreenDetail();
    const found = await search(a, 'unavailable');
    expect(found).not.toMatch(/ Su$/m);
    a.send('n');
    await a.waitFor((s) => /match 2\/\d+/.test(s));
    a.send('Escape');
    await a.waitFor((s) => !/match \d/.test(s) && RANGE.test(s) && s.includes('f split'));
  }, 45_000);

  it('G goes to the bottom of the detail, g back to the top', async () => {
    const { a } = await openFullScreenDetail();
    a.send('G');
    const bottom = await a.waitFor((s) => {
      const m = RANGE.exec(s);
      return m !== null && m[2] === m[3];
    });
    expect(bottom).not.toContain('Conversation with notify_system');
    a.send('g');
    const top = await a.waitFor((s) => RANGE.exec(s)?.[1] === '1');
    expect(top).toContain('Conversation with notify_system');
  }, 45_000);

  it('f splits the screen between the table and the detail, and f again goes back to full screen', async () => {
    const { a } = await openFullScreenDetail();
    a.send('f');
    const split = await a.waitFor((s) => TABLE_HEADER.test(s) && RANGE.test(s) && s.includes('f full'));
    expect(split).toMatch(/^› /m);
    a.send('f');
    await a.waitFor((s) => !TABLE_HEADER.test(s) && RANGE.test(s) && s.includes('f split'));
  }, 45_000);

  it('Esc and q each close the full-screen detail in one step, back to the list of the same user', async () => {
    const { a } = await openFullScreenDetail();
    a.send('Escape');
    await a.waitFor((s) => TABLE_HEADER.test(s) && !s.includes('── detail'));
    a.send('d');
    await a.waitFor((s) => RANGE.test(s) && !TABLE_HEADER.test(s));
    // q closes the detail, not the user screen.
    a.send('q');
    const screen = await a.waitFor((s) => TABLE_HEADER.test(s) && !s.includes('── detail'));
    expect(screen).toContain(`Users › ${DEMO.firstUserID}`);
  }, 45_000);
});

describe('the detail view at 120x40', () => {
  it("opens beside or under the table with the message in its first lines, the owner's message credited to the owner", async () => {
    const a = await startDemo({ cols: 120, rows: 40 });
    a.send('Enter');
    await a.waitFor((s) => s.includes(`Users › ${DEMO.firstUserID}`) && TABLE_HEADER.test(s) && /^› \s*\*/m.test(s));
    // A pinned row: user_000001's own picture to user_000017.
    await cursorTo(a, 'user_000017');
    a.send('d');
    const screen = await a.waitFor((s) => RANGE.test(s) && TABLE_HEADER.test(s) && /Message: Picture/.test(s));
    expect(screen).toMatch(new RegExp(`from +${DEMO.firstUserID}( \\(.*\\))? · this user`));
    expect(screen).toMatch(/to +user_000017/);
    expect(screen).not.toMatch(/from +Eve/);
  }, 45_000);
});
