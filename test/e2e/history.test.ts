// History like a browser's, on the built CLI in tmux: `:users`, `:accounts` and `u` replace the
// top level, drill-downs push, and one `q` quits from a top-level list however many jumps led there.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from 'openim-demo-server';
import { assertTmux, type App } from '../support/tmux.js';
import { demoApps } from '../support/demoApp.js';
import { cursorLine } from '../support/screenText.js';

beforeAll(() => assertTmux());

const startDemo = demoApps();
const breadcrumb = (screen: string): string => screen.split('\n')[1] ?? '';

async function command(a: App, line: string): Promise<void> {
  a.send(':');
  await a.waitFor((s) => /^:/m.test(s));
  a.type(line);
  a.send('Enter');
}

describe.each([
  [80, 24],
  [120, 40],
])('the history at %dx%d', (cols, rows) => {
  it('does not pile up jumps: one q quits after :accounts, :users, :accounts, :users', async () => {
    const a = await startDemo({ cols, rows });
    for (const name of ['accounts', 'users', 'accounts', 'users']) {
      await command(a, name);
      await a.waitFor((s) => (name === 'accounts' ? s.includes('notify_system') : s.includes(DEMO.firstUserID) && /page 1 of/.test(s)) && !/^:/m.test(s));
    }
    expect(breadcrumb(a.screen())).not.toContain('›');
    a.send('q');
    expect(await a.exitCode()).toBe(0);
  }, 45_000);

  it('u replaces the user over the list; a drill-down pushes; q goes back one step at a time', async () => {
    const a = await startDemo({ cols, rows });
    a.send('Enter'); // drill-down: Users › user_000001
    await a.waitFor((s) => s.includes(`Users › ${DEMO.firstUserID}`) && /PIN +WITH/.test(s));
    a.send('u');
    await a.waitFor('user ID:');
    a.type('user_000002');
    a.send('Enter');
    // A jump: user_000002 replaces user_000001, over the list it was opened from.
    // (The summary line's unread: at 80 columns six tabs leave the tab line no room for its own.)
    const jumped = await a.waitFor((s) => s.includes('Users › user_000002') && /PIN +WITH/.test(s) && /^› /m.test(s) && /[\d,]+ unread/.test(s));
    expect(breadcrumb(jumped)).not.toContain(DEMO.firstUserID);
    // Down to the first single chat (a group row names no one user), then o.
    for (let step = 0; step < 18 && !/ single /.test(cursorLine(a.screen())); step++) {
      const before = cursorLine(a.screen());
      a.send('j');
      await a.waitFor((s) => cursorLine(s) !== before);
    }
    expect(cursorLine(a.screen())).toMatch(/ single /);
    a.send('o'); // drill-down: the peer of that conversation
    // At 80 columns five tabs may leave the crumb room for its ends only: `Users › … › user_003398`.
    await a.waitFor((s) => /Users › (user_000002|…) › \S+/.test(breadcrumb(s)));
    a.send('q');
    await a.waitFor((s) => /Users › user_000002\b/.test(breadcrumb(s)) && !/user_000002 ›/.test(breadcrumb(s)));
    a.send('q');
    await a.waitFor((s) => !breadcrumb(s).includes('›') && /page 1 of/.test(s));
    a.send('q');
    expect(await a.exitCode()).toBe(0);
  }, 45_000);
});
