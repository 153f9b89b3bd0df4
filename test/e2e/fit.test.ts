// At home in a small tmux pane: the built CLI with --demo at 80x24 and 60x20. Columns that show
// what identifies a row whole, pages that are what the screen shows, the place kept across page
// sizes, the end of a list, status messages that belong to their step, and help that fits.
// Expected rows come from a second demo server of the same (deterministic) data, over loopback.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import stringWidth from 'string-width';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AnyRow } from '../../src/api/pages.js';
import type { ListKind } from '../../src/lists/names.js';
import { fetchPage, listDef } from '../../src/lists/registry.js';
import type { Black, Conversation, FriendRequest, NotificationAccount, User } from '../../src/api/schemas.js';
import { formatCount } from '../../src/content/format.js';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';
import { conversationWith } from '../../src/domain/rows.js';
import { helpEntries, helpView } from '../../src/keys/help.js';
import { DEFAULT_KEYS } from '../../src/keys/keymap.js';
import { screenGeometry } from '../../src/layout/frame.js';
import { sanitize } from '../../src/terminal/sanitize.js';
import { demoClient } from '../support/demoClient.js';
import { assertTmux, startApp, type App } from '../support/tmux.js';
import { cursorLine } from '../support/screenText.js';
import { demoApps } from '../support/demoApp.js';

const TEST_MS = 60_000;
const USER = DEMO.firstUserID;

let app: App | undefined;
let reference: DemoServer;
let scratch: string;

beforeAll(async () => {
  assertTmux();
  reference = await startDemoServer({ users: DEMO.defaultUsers });
  scratch = mkdtempSync(join(tmpdir(), 'oie-fit-'));
});
afterAll(async () => {
  await reference.close();
  rmSync(scratch, { recursive: true, force: true });
});
afterEach(() => {
  app?.kill();
  app = undefined;
});

const startDemo = demoApps();

/** The command line is open (its first line starts with the colon). */
const PROMPT = /^:/m;
const lineWith = (screen: string, text: string): string => screen.split('\n').find((line) => line.includes(text)) ?? '';
/** The table's rows: the lines between the column titles and the status line. */
function tableRows(screen: string, title: string): string[] {
  const lines = screen.split('\n');
  const top = lines.findIndex((line) => line.includes(title));
  const status = lines.findIndex((line) => /^(?:\S+ )?page \d/.test(line));
  return lines.slice(top + 1, status).filter((line) => line.trim() !== '');
}

async function firstPage(kind: ListKind, size: number, userID?: string): Promise<readonly AnyRow[]> {
  const page = await fetchPage(
    demoClient(reference),
    { kind, ...(userID ? { userID } : {}), page: 1, size, query: listDef(kind).query.initial },
    new AbortController().signal,
  );
  return page.rows;
}

/** Waits until the first value of each row is on screen (the page arrived), then checks them all. */
async function expectWhole(a: App, rows: readonly (readonly string[])[]): Promise<string> {
  const screen = await a.waitFor((s) => rows.every((values) => s.includes(values[0]!)));
  expectWholeIn(screen, rows);
  return screen;
}

/** Every value must show whole on the line of its row (found by the row's first value). */
function expectWholeIn(screen: string, rows: readonly (readonly string[])[]): void {
  for (const values of rows) {
    const line = lineWith(screen, values[0]!);
    expect(line, `row ${values[0]} on screen:\n${screen}`).not.toBe('');
    for (const value of values) expect(line, `${value} whole`).toContain(value);
  }
}

// The page that fits: every line of the terminal but the header, breadcrumb, titles, status and
// footer (a user's lists one fewer, under the summary line); `taller` at 10 more lines.
describe.sequential.each([
  { cols: 80, rows: 24, size: 19, userSize: 18, taller: 29 },
  { cols: 60, rows: 20, size: 15, userSize: 14, taller: 25 },
])('at $cols x $rows', ({ cols, rows, size, userSize, taller }) => {

  it('walks every screen: the values that identify a row show whole, and a page is what the screen shows', async () => {
    const a = await startDemo({ cols, rows });
    const users = await expectWhole(a, ((await firstPage('users', size)) as User[]).map((u) => [u.userID, sanitize(u.nickname)]));
    // No hidden rows: the page is exactly the rows on screen, and no line is wider than the pane.
    expect(users).toContain(`${size}/page`);
    expect(tableRows(users, 'USER ID')).toHaveLength(size);
    for (const line of users.split('\n')) expect(stringWidth(line)).toBeLessThanOrEqual(cols);

    a.send('Enter');
    const convRows = ((await firstPage('conversations', userSize, USER)) as Conversation[]).map((c) => [
      conversationWith(c, USER),
      ...(c.unreadCount ? [formatCount(c.unreadCount)] : []),
    ]);
    // The user screen's summary line takes a row: its page is a row shorter, every row on screen.
    const conversations = await expectWhole(a, convRows);
    expect(conversations).toContain(`Users › ${USER}`);
    expect(conversations).toContain(`${userSize}/page`);
    expect(conversations).not.toMatch(/· row \d+\//);
    expect(tableRows(conversations, 'WITH')).toHaveLength(userSize);
    // The peer, not the raw conversation ID (that stays in the detail).
    expect(conversations).not.toMatch(/\bs[ing]_/);
    expect(conversations).not.toContain('UNR…');

    a.send('2');
    const blacklist = await expectWhole(
      a,
      ((await firstPage('blacklist', userSize, USER)) as Black[]).map((b) => [b.blackUserInfo.userID, sanitize(b.blackUserInfo.nickname)]),
    );
    expect(blacklist).not.toContain('unspecifi…');

    a.send('3');
    await expectWhole(a, ((await firstPage('applications', userSize, USER)) as FriendRequest[]).map((r) => [r.toUserID, sanitize(r.toNickname)]));

    a.send('a');
    const accountRows = (await firstPage('accounts', size)) as NotificationAccount[];
    const accounts = await expectWhole(a, accountRows.map((r) => [r.userID, sanitize(r.nickName)]));
    // notify_system and notify_legacy share their nickname: both show it whole.
    expect(lineWith(accounts, 'notify_legacy')).toContain(DEMO.sharedNickname);
    expect(lineWith(accounts, 'notify_system')).toContain(DEMO.sharedNickname);
  }, TEST_MS);

  it('+ and - keep the selected row; the page follows the terminal until a size is chosen; < and > go to the first and last page', async () => {
    const a = await startDemo({ cols, rows });
    // user_000050 is row 50: on page ceil(50 / size), at its (50 - 1) % size.
    const page = Math.floor(49 / size) + 1;
    for (let p = 1; p < page; p++) {
      a.send('n');
      await a.waitFor(`page ${p + 1} of`);
    }
    for (let i = 0; i < 49 % size; i++) a.send('j');
    await a.waitFor((s) => cursorLine(s).includes('user_000050'));

    a.send('+'); // to 20: the table shows fewer rows than the page, so it says which row
    const bigger = await a.waitFor((s) => s.includes('20/page') && !s.includes('loading') && cursorLine(s).includes('user_000050'));
    expect(bigger).toMatch(/page 3 of 250 · row 10\/20/);
    a.send('+'); // 50
    await a.waitFor((s) => s.includes('50/page') && /page 1 of 100 · row 50\/50/.test(s) && cursorLine(s).includes('user_000050'));
    a.send('-', '-', '-'); // 20, the size that fits, 10
    await a.waitFor((s) => s.includes('10/page') && s.includes('page 5 of 500') && cursorLine(s).includes('user_000050'));

    // A chosen size stays when the terminal changes.
    a.resize(cols, rows + 4);
    // The frame at the new size, not the old one tmux shows above the new rows until the app redraws.
    await a.waitFor((s) => s.split('\n').length >= rows + 2 && /^page .*10\/page/m.test(s.split('\n').slice(rows).join('\n')));

    a.send('>');
    const last = await a.waitFor((s) => s.includes('page 500 of 500'));
    expect(last).toContain('user_005000');
    a.send('<');
    await a.waitFor((s) => s.includes('page 1 of 500') && s.includes(USER));
  }, TEST_MS);

  it('the default page size follows a resize and keeps the selected row', async () => {
    const a = await startDemo({ cols, rows });
    for (let i = 0; i < 5; i++) a.send('j');
    await a.waitFor((s) => cursorLine(s).includes('user_000006'));
    a.resize(cols, rows + 10);
    const screen = await a.waitFor((s) => s.includes(`${taller}/page`) && cursorLine(s).includes('user_000006'));
    expect(tableRows(screen, 'USER ID')).toHaveLength(taller);
  }, TEST_MS);

  it('past the end of the conversations: "end of list", and the last page with rows stays on screen', async () => {
    const a = await startDemo({ cols, rows });
    a.send('Enter');
    await a.waitFor((s) => s.includes('with messages') && s.includes('WITH'));
    a.send('+'); // 20 per page: 240 conversations are 12 full pages, the estimate says 236
    await a.waitFor((s) => /page 1 of ≥\d+ · (row \d+\/20 · )?~236 with messages · 20\/page/.test(s));

    // Far past the end before the end is known.
    a.send(':');
    await a.waitFor(PROMPT);
    a.type('page 20');
    await a.waitFor(':page 20');
    a.send('Enter');
    const far = await a.waitFor((s) => s.includes('end of list') && /page 12 of ≥?12/.test(s) && !s.includes('loading'));
    expect(far).toContain('page 20 is past it; showing page 12');
    expect(far).not.toContain('no conversations');

    // One step past a full last page.
    a.send('n');
    const step = await a.waitFor((s) => s.includes('end of list: page 12 is the last') && !s.includes('loading'));
    expect(step).toMatch(/page 12 of 12 /);
    expect(tableRows(step, 'WITH').length).toBeGreaterThan(5);
    a.send('>');
    await a.waitFor('already on the last page');
  }, TEST_MS);

  it('n while page 1 loads is a step to page 2, not "already on the last page"', async () => {
    app = startApp({ cols, rows, args: ['--demo', '--still', '--latency', '400'] });
    const a = app;
    await a.waitFor('loading page 1');
    a.send('n');
    const second = await a.waitFor((s) => s.includes('page 2 of') && s.includes(`user_${String(size + 1).padStart(6, '0')}`));
    expect(second).not.toContain('last page');
  }, TEST_MS);

  it('a refused command keeps the prompt open with its usage; fixed there, it runs and the usage goes', async () => {
    const a = await startDemo({ cols, rows });
    a.send(':');
    await a.waitFor(PROMPT);
    a.type('page x');
    a.send('Enter');
    await a.waitFor((s) => PROMPT.test(s) && s.includes('usage: :page'));
    // A good command that goes nowhere new (page 1 from page 1): the usage goes all the same.
    a.send('C-u');
    a.type('page 1');
    await a.waitFor(':page 1');
    a.send('Enter');
    const first = await a.waitFor((s) => !PROMPT.test(s) && /page 1 of/.test(s));
    expect(first).not.toContain('usage');
  }, TEST_MS);

  it('navigation clears a message: "copied" is gone once a user opens', async () => {
    const a = await startDemo({ cols, rows });
    a.send('y');
    await a.waitFor('copied the row as JSON');
    a.send('Enter');
    const user = await a.waitFor((s) => s.includes('with messages'));
    expect(user).not.toContain('copied');
  }, TEST_MS);

  it("an export's message keeps the file name and the count whole", async () => {
    const dir = mkdtempSync(join(scratch, 'export-'));
    app = startApp({ cols, rows, cwd: dir, args: ['--demo', '--still', '--users', '300'] });
    const a = app;
    await a.waitFor((s) => /page 1 of \d+ · 300 total/.test(s));
    a.send('e');
    await a.waitFor('export to: ');
    a.send('Enter');
    const done = await a.waitFor('(300 rows)');
    const [file] = readdirSync(dir);
    expect(file).toMatch(/^openim-users-\d{8}-\d{6}\.json$/);
    const message = lineWith(done, '(300 rows)');
    expect(message).toContain(file!.slice(-16)); // the file name's end: its time stamp and extension
    expect(message).toMatch(/^wrote \.\/openim-/);
    expect(done).toMatch(/page 1 of \d+ · 300 total/); // the page line stays
  }, TEST_MS);

  it('help fits: every key of the keymap, with its whole description, reachable by scrolling', async () => {
    const a = await startDemo({ cols, rows });
    const body = screenGeometry({ columns: cols, rows }, { help: true }).body;
    const view = helpView(DEFAULT_KEYS, body.width, body.rows);
    expect(view.columns).toHaveLength(1); // one column at 60 to 80
    a.send('?');
    let screen = await a.waitFor(/^Keys\b/m);
    const seen = new Map<number, string>();
    for (let step = 0; step < 30; step++) {
      const range = /lines (\d+)-(\d+) of (\d+)/.exec(screen);
      expect(range, screen).not.toBeNull();
      const first = Number(range![1]);
      // Scrolled into a group, the column's first line repeats its heading (issue 34): lines follow it.
      const skip = / \(continued\)$/.test(screen.split('\n')[3] ?? '') ? 1 : 0;
      const body = screen.split('\n').slice(3 + skip, 3 + skip + Number(range![2]) - first + 1);
      body.forEach((line, i) => seen.set(first + i, line));
      if (range![2] === range![3]) break;
      a.send('PageDown');
      screen = await a.waitFor((s) => /lines (\d+)-/.exec(s)?.[1] !== range![1]);
    }
    const lines = [...seen.entries()].sort(([x], [y]) => x - y).map(([, line]) => line);
    expect(lines).toHaveLength(view.rows);
    // Keys, then the description, continued on the lines below under it.
    const text = lines.map((l) => l.slice(view.keysWidth + 1)).join(' ');
    for (const entry of helpEntries()) {
      expect(lines.some((l) => l === entry.keys || l.startsWith(`${entry.keys} `)), `keys ${entry.keys}`).toBe(true);
      expect(text, `description of ${entry.keys}`).toContain(entry.description);
    }
    a.send('Escape');
    await a.waitFor((s) => !/^Keys\b/m.test(s) && s.includes('USER ID'));
  }, TEST_MS);
});
