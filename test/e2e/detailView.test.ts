// The detail as a view to read, on the built CLI in a real tmux at 80x24: below 30 rows it opens
// full screen; `/` searches it, `n` goes to the next match, `G`/`g` bottom and top, `f` back to
// the split pane. Each step waits for its effect on screen.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from 'openim-demo-server';
import { assertTmux, startApp, type App } from '../support/tmux.js';

let app: App | undefined;
beforeAll(() => assertTmux());
afterEach(() => {
  app?.kill();
  app = undefined;
});

const RANGE = /detail (\d+)-(\d+) of (\d+)/;
const TABLE_HEADER = /PIN +WITH/;

describe('the detail view at 80x24', () => {
  it('opens full screen, searches with / and n, goes to the bottom and top, and f splits it', async () => {
    const a = (app = startApp({ cols: 80, rows: 24, args: ['--demo', '--still'] }));
    await a.waitFor((s) => s.includes(DEMO.firstUserID) && /page 1 of/.test(s));
    a.send('Enter');
    await a.waitFor((s) => s.includes(`Users › ${DEMO.firstUserID}`) && TABLE_HEADER.test(s) && /^› \s*\*/m.test(s) && /unread [\d,]+/.test(s));
    a.send('Enter');
    // Full screen: the table is gone, the detail has the body (17 lines at 24 rows, not 11).
    let screen = await a.waitFor((s) => RANGE.test(s) && !TABLE_HEADER.test(s));
    expect(screen).toContain('f split');
    const [, first, last] = RANGE.exec(screen)!.map(Number);
    expect(last! - first! + 1).toBeGreaterThanOrEqual(15);
    expect(screen).not.toContain('unavailable');

    a.send('/');
    await a.waitFor('search the detail:');
    a.type('unavailable');
    a.send('Enter');
    // The first match scrolled into view, marked; the words are wrapped whole.
    screen = await a.waitFor((s) => /match 1\/3/.test(s) && s.includes('unavailable'));
    expect(screen).not.toMatch(/ Su$/m);
    const firstRange = RANGE.exec(screen)![0];
    a.send('n');
    screen = await a.waitFor((s) => /match 2\/3/.test(s) && RANGE.exec(s)?.[0] !== firstRange);
    expect(screen).toMatch(/Text\s+The service will be unavailable on Sunday/);

    a.send('G');
    screen = await a.waitFor((s) => {
      const m = RANGE.exec(s);
      return m !== null && m[2] === m[3];
    });
    a.send('g');
    screen = await a.waitFor((s) => RANGE.exec(s)?.[1] === '1');
    expect(screen).toContain(`Conversation sn_notify_system_${DEMO.firstUserID}`);

    a.send('f');
    screen = await a.waitFor((s) => TABLE_HEADER.test(s) && RANGE.test(s) && s.includes('f full'));
    expect(screen).toMatch(/^› /m);
  }, 45_000);
});
