// End to end: the built CLI against its embedded demo server, in a real terminal (tmux).
// Keys are sent one at a time and each step waits for its effect on screen, as a person would:
// the test never sleeps blindly. The app is launched without CI (see tmux.ts); the runner itself
// may have CI=true.
import stringWidth from 'string-width';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from 'openim-demo-server';
import { assertTmux, startApp, type App, type StartOptions } from '../support/tmux.js';
import { cursorLine } from '../support/screenText.js';
import { demoApps, startDemoApp } from '../support/demoApp.js';

const HEADER = 'openim-explorer · demo';
/** The paging line of page 1; the page size is the rows the table shows (19 at 24 lines, 45 at 50). */
const firstPage = (size: number): RegExp => new RegExp(`page 1 of ${Math.ceil(5000 / size)} · 5,000 total · ${size}/page`);
const FIRST_PAGE = /page 1 of \d+ · 5,000 total · \d+\/page/;
/** The first user of page 2 at this page size. */
const firstOfPage2 = (size: number): string => `user_${String(size + 1).padStart(6, '0')}`;
/** A table row with the pinned marker: optional cursor, then `*`, then whom the conversation is with. */
const PINNED_ROW = /^[› ]\s*\*\s+\S/m;
const CURSOR_ROW = /^›/m;
const TEST_MS = 45_000;

let app: App | undefined;

function start(options: StartOptions): App {
  app = startApp(options);
  return app;
}

/** Starts the demo and waits for the first page of users under the header. */
const startDemo = demoApps({ ready: (s) => s.includes(HEADER) && FIRST_PAGE.test(s) });

/** Moves the cursor down one row and waits until the marked row changes. */
async function down(a: App): Promise<string> {
  const before = cursorLine(a.screen());
  a.send('j');
  return a.waitFor((s) => cursorLine(s) !== '' && cursorLine(s) !== before);
}

/** Opens DEMO.firstUserID from the first page of users (the cursor starts on it). */
async function openFirstUser(a: App): Promise<string> {
  expect(cursorLine(a.screen())).toContain(DEMO.firstUserID);
  a.send('Enter');
  // The summary line's unread figure: the tab line repeats it only where six tabs leave it room.
  return a.waitFor((s) => s.includes(`Users › ${DEMO.firstUserID}`) && PINNED_ROW.test(s) && /[\d,]+ unread/.test(s));
}

const PANE_RANGE = /detail (\d+)-(\d+) of (\d+)/;

/** Scrolls the open detail pane with J until `text` shows; false once the pane can scroll no further. */
async function scrollPaneTo(a: App, text: string | RegExp): Promise<boolean> {
  const shows = (s: string) => (typeof text === 'string' ? s.includes(text) : text.test(s));
  let screen = a.screen();
  for (let step = 0; step < 100; step++) {
    if (shows(screen)) return true;
    const range = PANE_RANGE.exec(screen);
    if (!range || range[2] === range[3]) return false; // all of it fits, or at the end
    a.send('J');
    screen = await a.waitFor((s) => shows(s) || PANE_RANGE.exec(s)?.[0] !== range[0]);
  }
  return false;
}

/**
 * Opens the detail pane on conversation rows, from the cursor down, until one shows a decoded
 * message ('Message: <TypeName>' and 'Decoded JSON'): which row that is depends on the demo data.
 */
async function openDecodedDetail(a: App): Promise<string> {
  const tried: string[] = [];
  for (let row = 0; row < 10; row++) {
    if (row > 0) await down(a);
    tried.push(cursorLine(a.screen()));
    a.send('d'); // Enter opens the conversation's history
    await a.waitFor(/── detail/);
    if ((await scrollPaneTo(a, /Message: \w+/)) && (await scrollPaneTo(a, 'Decoded JSON'))) return a.screen();
    a.send('d'); // closes the detail, split or full screen (Esc first leaves full screen)
    await a.waitFor((s) => !s.includes('── detail'));
  }
  throw new Error(`no row with decoded content among:\n${tried.join('\n')}`);
}

function alternateScreen(a: App): string {
  return a.display('#{alternate_on}');
}

/** After the app exits, the normal screen is back and the app's frame is gone. */
async function expectRestored(a: App, code: number): Promise<void> {
  expect(await a.exitCode()).toBe(code);
  const screen = a.screen();
  expect(screen).not.toContain(HEADER);
  expect(screen).not.toMatch(/page \d+ of/);
  expect(alternateScreen(a)).toBe('0');
}

beforeAll(() => {
  assertTmux();
});

afterEach(() => {
  app?.kill();
  app = undefined;
});

describe.sequential('openim-explorer --demo in tmux', () => {
  describe.each([
    { cols: 80, rows: 24, size: 19 },
    { cols: 200, rows: 50, size: 45 },
  ])('at $cols x $rows', ({ cols, rows, size }) => {
    // One app for the tests up to `q quits`, each going on from where the one before it ended (the
    // users' first page, or the first user's screen, as its first wait says): one CLI start where
    // there were seven. A test that fails leaves the next to fail on its first wait, naming it.
    let shared: Promise<App> | undefined;
    let sharedApp: App | undefined;
    const startShared = (): Promise<App> =>
      (shared ??= startDemoApp({ cols, rows, ready: (s) => s.includes(HEADER) && FIRST_PAGE.test(s) }, (a) => (sharedApp = a)));
    afterAll(() => sharedApp?.kill());

    it('shows the users list with its paging line; n and p change pages', async () => {
      const a = await startShared();
      expect(a.screen()).toMatch(firstPage(size));
      expect(alternateScreen(a)).toBe('1');
      expect(a.screen()).toMatch(CURSOR_ROW);
      a.send('n');
      // The status line says page 2 (with a spinner) while the request runs; then the rows follow.
      const page2 = await a.waitFor((s) => s.includes(`page 2 of ${Math.ceil(5000 / size)}`) && s.includes(firstOfPage2(size)) && !s.includes('loading'));
      expect(page2).not.toContain(DEMO.firstUserID);
      a.send('p');
      await a.waitFor((s) => FIRST_PAGE.test(s) && s.includes(DEMO.firstUserID));
    }, TEST_MS);

    it('opens a user: their conversations, pinned first, and the unread total in the tab line and the summary', async () => {
      const a = await startShared();
      const user = await openFirstUser(a);
      // The pinned rows come first: the first rows are marked, the first unmarked row follows them.
      const rowsShown = user.split('\n').filter((line) => /^[› ] /.test(line) && !line.includes('WITH'));
      expect(rowsShown.slice(0, DEMO.firstUser.pinned).every((line) => PINNED_ROW.test(line))).toBe(true);
      expect(PINNED_ROW.test(rowsShown[DEMO.firstUser.pinned] ?? '')).toBe(false);
      // The tab line's unread total is the summary line's (at 80 columns six tabs leave it no room).
      const total = /([\d,]+) unread/.exec(user)![1]!;
      if (cols > 80) expect(user).toContain(`unread ${total}`);
    }, TEST_MS);

    it("2 shows the user's blacklist: every blocked user, and who blocked them", async () => {
      const a = await startShared();
      await a.waitFor(`Users › ${DEMO.firstUserID}`);
      a.send('2');
      // Until the status line (the frame's last line) says the blacklist's total: a capture taken
      // while tmux takes the frame in shows the new tab over the last list's rows.
      const blacklist = await a.waitFor(
        (s) => /\[2 Black(?:list)?\]/.test(s) && s.includes('BLOCKED USER') && CURSOR_ROW.test(s) && s.includes(`· ${DEMO.firstUser.blacks} total`),
      );
      expect(blacklist).toContain(`· ${DEMO.firstUser.blacks} total`);
      const rowsShown = blacklist.split('\n').filter((line) => /^[› ]user_\d+ /.test(line));
      expect(rowsShown).toHaveLength(DEMO.firstUser.blacks);
      // The operator is the last column: the user themselves for most rows.
      expect(cursorLine(blacklist)).toMatch(new RegExp(`${DEMO.firstUserID}$`));
    }, TEST_MS);

    it('3 shows the sent applications with their results', async () => {
      const a = await startShared();
      await a.waitFor(`Users › ${DEMO.firstUserID}`);
      a.send('3');
      // Until the status line says the list's total (as the blacklist's test, above).
      const sent = await a.waitFor((s) => /\[3 Sent/.test(s) && CURSOR_ROW.test(s) && !s.includes('loading') && s.includes(`· ${DEMO.firstUser.friendRequests} total`));
      expect(sent).toContain(`· ${DEMO.firstUser.friendRequests} total`);
      for (const result of ['pending', 'accepted', 'refused']) expect(sent).toMatch(new RegExp(`^[› ]user_\\d+ .* ${result} `, 'm'));
    }, TEST_MS);

    it('Enter on a conversation opens its detail with the message decoded; d closes it; Esc goes back to the users', async () => {
      const a = await startShared();
      await a.waitFor(`Users › ${DEMO.firstUserID}`);
      // Back to the conversations tab (the tests before it went to the others), its cursor on its first row.
      a.send('1');
      await a.waitFor((s) => PINNED_ROW.test(s) && /[\d,]+ unread/.test(s) && !s.includes('loading'));
      const pane = await openDecodedDetail(a);
      // Decoded: JSON inside a string of the content is shown as JSON (marked), not as quoted text.
      const raw = pane.slice(pane.indexOf('Decoded JSON'));
      expect(raw).toMatch(/: ⟨json⟩ \{/);
      expect(raw).not.toContain('\\"');
      a.send('d');
      await a.waitFor((s) => !s.includes('── detail') && s.includes(`Users › ${DEMO.firstUserID}`));
      a.send('Escape');
      await a.waitFor((s) => FIRST_PAGE.test(s) && !s.includes(`Users › ${DEMO.firstUserID}`));
    }, TEST_MS);

    it(':user opens a user without conversations: a note from the server, not an error', async () => {
      const a = await startDemo({ cols, rows });
      a.send(':');
      await a.waitFor('(Tab completes)');
      a.type(`user ${DEMO.noConversationsUserID}`);
      await a.waitFor(`:user ${DEMO.noConversationsUserID}`);
      a.send('Enter');
      // The summary line knows first; the list's note follows with the reply.
      const empty = await a.waitFor((s) => s.includes(`› ${DEMO.noConversationsUserID}`) && /0 total/.test(s));
      expect(empty).toMatch(/^no conversations \(server: 1004 RecordNotFoundError\)$/m);
      expect(empty).not.toContain('✗'); // the failure bar's mark
      expect(empty).toMatch(/^ no conversations$/m); // the empty table says so too
    }, TEST_MS);

    it('? shows the help and Esc closes it', async () => {
      const a = await startShared();
      await a.waitFor((s) => FIRST_PAGE.test(s) && CURSOR_ROW.test(s));
      a.send('?');
      const help = await a.waitFor((s) => /^Keys\b/m.test(s));
      expect(help).toMatch(/next page/);
      // The help takes the table's place: no column headings, no cursor row.
      expect(help).not.toContain('USER ID');
      expect(help).not.toMatch(CURSOR_ROW);
      a.send('Escape');
      await a.waitFor((s) => !/^Keys\b/m.test(s) && s.includes('USER ID') && CURSOR_ROW.test(s));
    }, TEST_MS);

    it('q quits from the first screen with exit code 0 and restores the terminal', async () => {
      const a = await startShared();
      await a.waitFor((s) => FIRST_PAGE.test(s) && CURSOR_ROW.test(s));
      expect(alternateScreen(a)).toBe('1');
      a.send('q');
      await expectRestored(a, 0);
    }, TEST_MS);
  });

  it('q goes back on a deeper screen; Ctrl-C quits from there with exit code 0 and restores the terminal', async () => {
    const a = await startDemo();
    await openFirstUser(a);
    a.send('q');
    await a.waitFor((s) => FIRST_PAGE.test(s) && !s.includes(`Users › ${DEMO.firstUserID}`));
    await openFirstUser(a);
    a.send('2');
    await a.waitFor('BLOCKED USER');
    a.send('C-c');
    await expectRestored(a, 0);
  }, TEST_MS);

  it('SIGTERM to the app exits and restores the terminal', async () => {
    const a = await startDemo();
    await openFirstUser(a);
    const pid = await a.appPid();
    process.kill(pid, 'SIGTERM');
    const code = await a.exitCode();
    expect([0, 143]).toContain(code); // 143 = 128 + SIGTERM, the convention
    const screen = a.screen();
    expect(screen).not.toContain(HEADER);
    expect(alternateScreen(a)).toBe('0');
  }, TEST_MS);

  it('handles every key of a burst that arrives in one read (j j Enter)', async () => {
    const a = await startDemo();
    a.send('j', 'j', 'Enter'); // one send-keys: the app reads "jj\r" at once
    await a.waitFor((s) => s.includes('Users › user_000003'));
  }, TEST_MS);

  it('on a vt100 with a C locale, draws its own marks in ASCII', async () => {
    const a = start({ args: ['--demo', '--still'], env: { TERM: 'vt100', LANG: 'C', LC_ALL: 'C' } });
    const screen = await a.waitFor((s) => s.includes(DEMO.firstUserID) && /page 1 of \d+ \| 5,000 total/.test(s));
    expect(screen).toMatch(/^openim-explorer \| demo .* \* connected$/m);
    expect(cursorLine(screen.replace(/^>/m, '›'))).toContain(DEMO.firstUserID); // the marker is '>'
    expect(screen).not.toMatch(/^›/m);
    a.send('q');
    expect(await a.exitCode()).toBe(0);
  }, TEST_MS);

  it('NO_COLOR=1 still marks the cursor row with › and pinned rows with *', async () => {
    const a = await startDemo({ env: { NO_COLOR: '1' } });
    expect(cursorLine(a.screen())).toContain(DEMO.firstUserID);
    const moved = await down(a);
    expect(cursorLine(moved)).toContain('user_000002');
    a.send('k');
    await a.waitFor((s) => cursorLine(s).includes(DEMO.firstUserID));
    const user = await openFirstUser(a);
    expect(user.match(new RegExp(PINNED_ROW.source, 'gm'))?.length).toBe(DEMO.firstUser.pinned);
    expect(user).toMatch(/^›\s*\*/m);
  }, TEST_MS);

  it('reflows the table when the terminal shrinks from 120x40 to 80x24', async () => {
    const a = await startDemo({ cols: 120, rows: 40 });
    const wide = a.screen();
    expect(wide.split('\n').some((line) => stringWidth(line) > 80)).toBe(true); // laid out for 120

    a.resize(80, 24);
    const narrow = await a.waitFor(
      (s) => s.split('\n').length <= 24 && /^openim-explorer · demo .*● connected$/m.test(s) && FIRST_PAGE.test(s) && CURSOR_ROW.test(s),
    );
    const lines = narrow.split('\n');
    for (const line of lines) expect(stringWidth(line), line).toBeLessThanOrEqual(80);
    // One frame, laid out for 80 columns: the header on the first line, ending in the connection
    // state; the column headings once; the paging and key hints at the bottom.
    expect(lines[0]).toMatch(/^openim-explorer · demo .*● connected$/);
    expect(lines.filter((line) => line.includes('USER ID'))).toHaveLength(1);
    const status = lines.findIndex((line) => FIRST_PAGE.test(line));
    expect(status).toBeGreaterThan(1);
    expect(lines[status + 1]).toMatch(/^j\/k move/);
    expect(a.display('#{pane_width}x#{pane_height}')).toBe('80x24');
    // Still responsive after the resize, with the page size that fits the smaller terminal.
    a.send('n');
    await a.waitFor((s) => /page 2 of 264 · 5,000 total · 19\/page/.test(s) && s.includes(firstOfPage2(19)));
  }, TEST_MS);
});
