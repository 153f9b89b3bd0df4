// The whole app rendered with ink-testing-library against the demo server: every key does what
// the help says, as seen in the frame.
import { render } from 'ink-testing-library';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoClient } from '../support/demoClient.js';
import { App } from '../../src/explorer/App.js';
import { StoreContext } from '../../src/components/StoreContext.js';
import { ThemeContext } from '../../src/components/theme.js';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';
import { createAppStore } from '../../src/store/store.js';
import { COMMAND_LINE } from '../../src/keys/commands.js';
import { cursorLine } from '../support/screenText.js';
import { BODY_SCREEN_NAMES } from '../../src/store/bodyScreens.js';
import { NO_SAMPLE, OPEN_BODY_SCREEN } from '../support/bodyScreens.js';

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ users: 2000 });
});
afterAll(async () => {
  await demo.close();
});

const KEYS = { enter: '\r', esc: '\u001b', tab: '\t', down: '\u001b[B', pageDown: '\u001b[6~' } as const;
let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});

function mount(options: { color?: boolean } = {}) {
  const copied: string[] = [];
  let quit = false;
  const client = demoClient(demo);
  // A chosen size: it does not follow the test terminal's height.
  const store = createAppStore({ client, pageSize: 20, pageSizeFixed: true, commandLine: COMMAND_LINE, ...NO_SAMPLE, copy: (t) => copied.push(t), quit: () => (quit = true) });
  const info = { host: new URL(demo.url).host, identity: 'imAdmin', wire: client.wire, demo: true };
  const app = render(
    <StoreContext.Provider value={store}>
      <ThemeContext.Provider value={{ color: options.color ?? false }}>
        <App info={info} />
      </ThemeContext.Provider>
    </StoreContext.Provider>,
  );
  cleanup = () => app.unmount();
  store.getState().start();
  const frame = () => app.lastFrame() ?? '';
  const waitForFrame = async (test: string | RegExp | ((f: string) => boolean), timeout = 5000) =>
    vi.waitFor(
      () => {
        const f = frame();
        const ok = typeof test === 'string' ? f.includes(test) : test instanceof RegExp ? test.test(f) : test(f);
        if (!ok) throw new Error(`frame did not match ${String(test)}:\n${f}`);
      },
      { timeout, interval: 10 },
    );
  // Ink handles a key as it is written, except a lone Esc, which it flushes on the next
  // setImmediate (it might begin an escape sequence): one setImmediate of ours runs after that.
  // The frame follows later: the tests wait for it (waitForFrame), they never sleep.
  const press = async (...keys: string[]) => {
    for (const key of keys) {
      app.stdin.write(key);
      await new Promise((r) => setImmediate(r));
    }
  };
  return { app, store, frame, press, waitForFrame, copied, quit: () => quit };
}

/** The first page of users is on screen (the status line alone shows while loading too). */
const LOADED = (f: string): boolean => f.includes('page 1 of') && f.includes(DEMO.firstUserID);
const CONVERSATIONS_LOADED = (f: string): boolean => f.includes('[1 Convs]') && f.includes('with messages');

describe('App', () => {
  it('shows users with the paging line and moves the cursor with j, k, G and g', async () => {
    const { press, waitForFrame, frame } = mount();
    // 20 rows per page in a terminal that shows 19: the line says which row is selected.
    await waitForFrame('page 1 of 100 · row 1/20 · 2,000 total · 20/page');
    expect(cursorLine(frame())).toContain(DEMO.firstUserID);
    await press('j', 'j');
    await waitForFrame((f) => cursorLine(f).includes('user_000003'));
    await press('k');
    await waitForFrame((f) => cursorLine(f).includes('user_000002'));
    await press('G');
    await waitForFrame((f) => cursorLine(f).includes('user_000020'));
    await press('g');
    await waitForFrame((f) => cursorLine(f).includes(DEMO.firstUserID));
  });

  it('handles a burst of keys that arrives in one read', async () => {
    const { press, waitForFrame } = mount();
    await waitForFrame(LOADED);
    await press('jjjj');
    await waitForFrame((f) => cursorLine(f).includes('user_000005'));
  });

  it('pages with n, PgDn and p', async () => {
    const { press, waitForFrame } = mount();
    await waitForFrame('page 1 of 100');
    await press('n');
    await waitForFrame((f) => f.includes('page 2 of 100') && cursorLine(f).includes('user_000021'));
    await press(KEYS.pageDown);
    await waitForFrame((f) => f.includes('page 3 of 100') && cursorLine(f).includes('user_000041'));
    await press('p');
    await waitForFrame((f) => f.includes('page 2 of 100') && cursorLine(f).includes('user_000021'));
  });

  it('changes the page size with + and -, and the selected row stays selected', async () => {
    const { press, waitForFrame } = mount();
    await waitForFrame('page 1 of 100');
    await press('n');
    await waitForFrame((f) => f.includes('page 2 of 100') && cursorLine(f).includes('user_000021'));
    await press('+'); // the selected row (user_000021) stays selected
    await waitForFrame((f) => f.includes('page 1 of 40 · row 21/50 · 2,000 total · 50/page') && cursorLine(f).includes('user_000021'));
    await press('-', '-'); // 20, then the 19 rows this terminal shows
    await waitForFrame((f) => f.includes('page 2 of 106 · 2,000 total · 19/page') && cursorLine(f).includes('user_000021'));
    await press('-');
    await waitForFrame((f) => f.includes('10/page') && cursorLine(f).includes('user_000021'));
  });

  it('opens a user, switches tabs with 2, 3, Tab and 1, and goes back with Esc', async () => {
    const { press, waitForFrame } = mount();
    await waitForFrame(LOADED);
    await press(KEYS.enter);
    await waitForFrame((f) => f.includes('[1 Convs]') && /unread [\d,]+/.test(f) && f.includes(' * '));
    await press('2');
    await waitForFrame((f) => f.includes('[2 Black') && f.includes('BLOCKED USER'));
    await press('3');
    await waitForFrame((f) => f.includes('[3 Sent') && /pending|accepted|refused/.test(f));
    await press(KEYS.tab);
    await waitForFrame('[4 ');
    await press('1');
    await waitForFrame('[1 Convs]');
    await press(KEYS.esc);
    await waitForFrame((f) => f.includes('2,000 total') && !f.includes('Convs'));
  });

  it('opens the detail pane with decoded content and scrolls it', async () => {
    const { press, waitForFrame, frame } = mount();
    await waitForFrame(LOADED);
    await press(KEYS.enter);
    await waitForFrame(CONVERSATIONS_LOADED);
    await press('d');
    // Who, when and what first: the message is on the first screen of the detail.
    await waitForFrame((f) => f.includes('── detail') && /from +\S/.test(f) && f.includes('Message: '));
    expect(frame()).toMatch(/detail 1-\d+ of \d+ · J\/K scroll/);
    await press('J');
    await waitForFrame((f) => /detail (?!1-)\d+-\d+ of/.test(f) && !f.includes('Message: '));
    // Page by page to where the decoded document starts (where that is depends on the pane's height).
    for (let i = 0; i < 6 && !(frame().includes('Decoded JSON') && frame().includes('⟨json⟩')); i++) {
      const before = frame();
      await press('J');
      await waitForFrame((f) => f !== before);
    }
    await waitForFrame((f) => f.includes('Decoded JSON') && f.includes('⟨json⟩'));
    await press('K', 'K', 'K', 'K');
    await waitForFrame((f) => f.includes('Message: ') && /detail 1-/.test(f));
    // Under 30 rows the detail opened full screen: one Esc closes it, back to the list.
    await press(KEYS.esc);
    await waitForFrame((f) => !f.includes('── detail') && /PIN +WITH/.test(f));
  });

  it('shows a user without conversations as empty, with the server\'s 1004', async () => {
    const { press, waitForFrame, app } = mount();
    await waitForFrame(LOADED);
    await press(':');
    await waitForFrame('users  accounts');
    app.stdin.write(`user ${DEMO.noConversationsUserID}`);
    await waitForFrame(`:user ${DEMO.noConversationsUserID}`);
    await press(KEYS.enter);
    await waitForFrame((f) => f.includes('no conversations (server: 1004 RecordNotFoundError)'));
  });

  it('picks a user with u, and completes from the last picked with Tab', async () => {
    const { press, waitForFrame, app } = mount();
    await waitForFrame(LOADED);
    await press('u');
    await waitForFrame('user ID:');
    app.stdin.write(DEMO.firstUserID);
    await waitForFrame(`user ID: ${DEMO.firstUserID}`);
    await press(KEYS.enter);
    await waitForFrame('[1 Convs]');
    await press(KEYS.esc);
    await waitForFrame((f) => !f.includes('Convs'));
    await press('u');
    await waitForFrame(`recent: ${DEMO.firstUserID}`);
    app.stdin.write('user_0');
    await press(KEYS.tab);
    await waitForFrame(`user ID: ${DEMO.firstUserID}`);
    await press(KEYS.esc);
    await waitForFrame((f) => !f.includes('user ID:'));
  });

  it('filters the rows of the page with / and clears the filter with Esc', async () => {
    const { press, waitForFrame, app } = mount();
    await waitForFrame(LOADED);
    await press('/');
    app.stdin.write('000017');
    await waitForFrame((f) => f.includes('filter "000017": 1 of 20') && cursorLine(f).includes('user_000017'));
    await press(KEYS.enter);
    await waitForFrame((f) => !f.includes('narrows the rows'));
    await press(KEYS.esc);
    await waitForFrame((f) => !f.includes('filter "'));
  });

  it('searches system accounts with s', async () => {
    const { press, waitForFrame, app } = mount();
    await waitForFrame(LOADED);
    await press('a');
    await waitForFrame((f) => f.includes('System accounts') && f.includes(DEMO.notificationAccountIDs[0]!));
    await press('s');
    app.stdin.write(DEMO.robotIDs[0]!);
    await press(KEYS.enter);
    await waitForFrame((f) => f.includes(`keyword "${DEMO.robotIDs[0]}"`) && f.includes('1 total') && cursorLine(f).includes(DEMO.robotIDs[0]!));
  });

  it('opens the help with ? and closes it with Esc', async () => {
    const { press, waitForFrame } = mount();
    await waitForFrame(LOADED);
    await press('?');
    await waitForFrame((f) => f.includes('Keys  (? or Esc closes)') && f.includes('filter the rows of this page'));
    await press(KEYS.esc);
    await waitForFrame((f) => !f.includes('Keys  (?') && LOADED(f));
  });

  it.each(BODY_SCREEN_NAMES)('draws the screen over the body %s in the list\'s place, and Esc gives the list back', async (name) => {
    const { store, press, waitForFrame } = mount();
    const listRow = (f: string): boolean => f.includes('user_000005');
    await waitForFrame((f) => LOADED(f) && listRow(f));
    OPEN_BODY_SCREEN[name](store);
    await waitForFrame((f) => !listRow(f));
    await press(KEYS.esc);
    await waitForFrame((f) => LOADED(f) && listRow(f));
  });

  it('copies the row as JSON with y', async () => {
    const { press, waitForFrame, copied } = mount();
    await waitForFrame(LOADED);
    await press('y');
    await waitForFrame('copied the row as JSON');
    expect(copied).toHaveLength(1);
    expect(JSON.parse(copied[0]!).userID).toBe(DEMO.firstUserID);
  });

  it('opens the user a blacklist row names with o', async () => {
    const { press, waitForFrame } = mount();
    await waitForFrame(LOADED);
    await press(KEYS.enter);
    await waitForFrame(CONVERSATIONS_LOADED);
    await press('2');
    await waitForFrame((f) => f.includes('BLOCKED USER') && f.includes('Mallory'));
    await press('o');
    await waitForFrame((f) => /Users › user_000001 › user_\d+/.test(f));
  });

  it('q goes back from a user, and quits from the first screen', async () => {
    const { press, waitForFrame, quit } = mount();
    await waitForFrame(LOADED);
    await press(KEYS.enter);
    await waitForFrame('[1 Convs]');
    await press('q');
    await waitForFrame((f) => !f.includes('Convs'));
    expect(quit()).toBe(false);
    await press('q');
    expect(quit()).toBe(true);
  });
});
