// The demo server never blocks the explorer: in tmux, a `re:` search whose regex backtracks for
// minutes over a large demo (its time budget lifted for the test) runs on the demo's worker thread
// while the explorer still answers keys: help opens, and Ctrl-C ends the app at once. On the
// explorer's own thread the same search froze every key, Ctrl-C included.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertTmux, startApp, type App } from '../support/tmux.js';

let app: App | undefined;
beforeAll(() => assertTmux());
afterEach(() => {
  app?.kill();
  app = undefined;
});

describe('the demo server off the UI thread', () => {
  it('keys are answered while the demo runs a regex search that backtracks for minutes', async () => {
    app = startApp({ cols: 120, rows: 30, args: ['--demo', '--still', '--users', '200000'], env: { OIE_DEMO_REGEX_BUDGET_MS: '600000' } });
    const a = app;
    await a.waitFor(/200,000 total/);
    a.send('s');
    a.type('re:^(.*.*)*x');
    a.send('Enter');
    await a.waitFor('searching');
    a.send('?');
    const help = await a.waitFor(/^Keys\b/m);
    expect(help).toContain('searching');
    a.send('C-c');
    expect(await a.exitCode(10_000)).toBe(0);
  }, 40_000);
});
