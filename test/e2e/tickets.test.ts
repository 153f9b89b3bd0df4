// The tickets operators file most, on the built CLI in tmux at 80x24 against the demo (its fixed
// data): "my unread badge is stuck" for a user whose ticket names no chat, found from a fresh start
// in a few key presses (the `!` column, the fault toggle, the read-state line whole at 80 columns);
// `c` with a peer's user ID, its prompt replacing the value in force, its query in the breadcrumb
// and gone when the user is opened again; `/` matching what a history row shows, not its JSON; a
// message's state in words with every detail label apart from its value; and `node dist/cli.js`
// in a terminal naming the bin.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from 'openim-demo-server';
import { CLI_NODE } from '../support/runCli.js';
import { assertTmux, ROOT, startCommand, type App } from '../support/tmux.js';
import { demoApps } from '../support/demoApp.js';
import { cursorLine } from '../support/screenText.js';

beforeAll(() => assertTmux());

const TEST_MS = 60_000;
const USER = DEMO.firstUserID;
const startDemo = demoApps({ cols: 80, rows: 24 });
const lines = (screen: string): string[] => screen.split('\n');
const breadcrumb = (screen: string): string => lines(screen)[1] ?? '';
/** The table's rows: the lines under the header (`! PIN WITH`, `SEQ TIME`) down to the status line. */
function tableRows(screen: string, header: RegExp): string[] {
  const all = lines(screen);
  const top = all.findIndex((l) => header.test(l));
  return all.slice(top + 1, all.length - 2).filter((l) => l.trim() !== '');
}
const CONVERSATIONS = /^ ! +PIN +WITH/;
const HISTORY = /SEQ +U +TIME +FROM/;

/** The app with every key press counted: a typed word counts as one, as the ticket's budget does. */
function counted(a: App): { send: (...keys: string[]) => void; type: (text: string) => void; presses: () => number } {
  let presses = 0;
  return {
    send: (...keys) => {
      presses += keys.length;
      a.send(...keys);
    },
    type: (text) => {
      presses += 1;
      a.type(text);
    },
    presses: () => presses,
  };
}

/** On the first user's conversations tab. */
async function onConversations(a: App): Promise<string> {
  a.send('Enter');
  return a.waitFor((s) => breadcrumb(s).includes(`Users › ${USER}`) && CONVERSATIONS.test(lines(s)[3] ?? '') && /page 1 of/.test(s));
}

/** `c` with `text`, from an empty line or over the value in force. */
async function askFor(a: App, text: string): Promise<void> {
  a.send('c');
  await a.waitFor('conversation IDs:');
  a.type(text);
  a.send('Enter');
}

describe('the tickets at 80x24', () => {
  it('"unread stuck" for a user whose ticket names no chat: ! marks the rows, the toggle shows only those, Enter has the read state whole', async () => {
    const a = await startDemo();
    const keys = counted(a);
    keys.send('Enter');
    const tab = await a.waitFor((s) => CONVERSATIONS.test(lines(s)[3] ?? '') && /\d+ convs [\d,]+ unread/.test(lines(s)[2] ?? '') && /page 1 of/.test(s));
    // The summary line says how many of the page's rows disagree (at 80 columns, when any do), the footer which key shows them.
    const found = Number(/!(\d+)\/\d+/.exec(lines(tab)[2]!)?.[1] ?? 0);
    expect(found).toBe(tableRows(tab, CONVERSATIONS).filter((l) => /^[› ]!/.test(l)).length);
    expect(lines(tab).at(-1)).toContain('! faults');

    keys.send('!');
    const faults = await a.waitFor((s) => /read faults only/.test(s) && /!\d+ \(all\)/.test(lines(s)[2] ?? '') && /\d+ total/.test(s));
    const rows = tableRows(faults, CONVERSATIONS);
    expect(rows.length, 'the demo plants disagreements in this user’s conversations').toBeGreaterThan(0);
    // Every row on screen is in fault, and the breadcrumb says why the list is short.
    for (const row of rows) expect(row).toMatch(/^[› ]!/);
    expect(breadcrumb(faults)).toMatch(/read faults · \d+ match/);
    const total = Number(/(\d+) total/.exec(faults)?.[1]);
    expect(total).toBe(rows.length);
    // The summary says the whole list was checked, and how many rows of it are in fault.
    expect(lines(faults)[2]).toContain(`!${total} (all)`);

    keys.send('Enter');
    const history = await a.waitFor((s) => HISTORY.test(s) && s.includes('! unread: list'));
    const line = lines(history).find((l) => l.includes('! unread: list'))!;
    // Every fact whole: the flag, both counts, the max seq and the read seq, nothing cut.
    expect(line).toMatch(/^! unread: list [\d,]+, seqs -?[\d,]+( \(past max\))? · max seq [\d,]+ · read up to [\d,]+$/);
    expect(keys.presses()).toBeLessThanOrEqual(10);

    // Back, and the toggle again (or Esc) gives the whole list back where it was.
    a.send('Escape');
    await a.waitFor((s) => /read faults only/.test(s) && CONVERSATIONS.test(lines(s)[3] ?? ''));
    a.send('!');
    const all = await a.waitFor((s) => !/read faults/.test(s) && /page 1 of ≥/.test(s));
    expect(tableRows(all, CONVERSATIONS).length).toBeGreaterThan(rows.length);
  }, TEST_MS);

  it("c takes a peer's user ID, opens over the value in force selected, shows its query in the breadcrumb, and forgets it when the user is opened again", async () => {
    const a = await startDemo();
    await onConversations(a);
    await askFor(a, 'user_000017');
    const one = await a.waitFor((s) => breadcrumb(s).includes('with user_000017 · 1 match'));
    expect(tableRows(one, CONVERSATIONS)).toEqual([expect.stringMatching(/user_000017 +single/)]);

    // The prompt opens with the value in force selected: a typed ID replaces it, never appends to it.
    a.send('c');
    const opened = await a.waitFor((s) => /conversation IDs: user_000017/.test(s) && s.includes('typing replaces it'));
    expect(opened).toBeTruthy();
    a.type('user_001059');
    await a.waitFor((s) => /conversation IDs: user_001059 /.test(lines(s).at(-1) ?? '') && !s.includes('user_000017user'));
    a.send('Enter');
    await a.waitFor((s) => breadcrumb(s).includes('with user_001059 · 1 match') && tableRows(s, CONVERSATIONS).length === 1);

    // Leaving the user (`:users`) and opening them again: the whole list, nothing narrowed in the breadcrumb.
    a.send(':');
    await a.waitFor((s) => /^:/m.test(lines(s).at(-1) ?? ''));
    a.type('users');
    a.send('Enter');
    await a.waitFor((s) => /USER ID +NICKNAME/.test(s) && !breadcrumb(s).includes(USER));
    a.send('Enter');
    const again = await a.waitFor((s) => breadcrumb(s).includes(`Users › ${USER}`) && CONVERSATIONS.test(lines(s)[3] ?? '') && /page 1 of ≥/.test(s));
    expect(breadcrumb(again)).not.toContain('with user_001059');
    expect(tableRows(again, CONVERSATIONS).length).toBeGreaterThan(1);
  }, TEST_MS);

  it('/ on a history matches what a row shows (its type, its cells), not the JSON behind it; the detail says the state in words', async () => {
    const a = await startDemo();
    await onConversations(a);
    // A single chat whose latest message is a picture (the demo's fixed data).
    await askFor(a, 'user_000017');
    await a.waitFor((s) => breadcrumb(s).includes('with user_000017 · 1 match'));
    a.send('Enter');
    const history = await a.waitFor((s) => HISTORY.test(s) && /max seq/.test(s));
    expect(cursorLine(history)).toMatch(/ Picture /);
    a.send('/');
    a.type('Picture');
    const pictures = await a.waitFor((s) => /filter "Picture": \d+ of \d+/.test(s));
    const shown = tableRows(pictures, HISTORY).filter((l) => !l.startsWith('/'));
    expect(shown.length).toBeGreaterThan(0);
    for (const row of shown) expect(row).toMatch(/Picture/);
    // A key of the row's JSON that no cell shows matches nothing.
    a.send('C-u');
    a.type('sendTime');
    await a.waitFor((s) => /filter "sendTime": 0 of \d+/.test(s));
    a.send('Escape');
    await a.waitFor((s) => !/filter "/.test(s) && HISTORY.test(s));

    a.send('d');
    await a.waitFor((s) => /Message \d+/.test(s) && /state +sent$/m.test(s));
    a.send('J');
    await a.waitFor((s) => /status +sent \(2\)/.test(s));
  }, TEST_MS);

  it('a revoked message and a revoke notice say so in words, and a long label stays apart from its value', async () => {
    const a = await startDemo();
    await onConversations(a);
    // The demo's fixed data: this chat's latest message is the notice of a revoke.
    await askFor(a, 'user_001059');
    await a.waitFor((s) => breadcrumb(s).includes('with user_001059 · 1 match'));
    a.send('Enter');
    await a.waitFor((s) => HISTORY.test(s) && /MsgRevoke/.test(cursorLine(s)));
    a.send('d');
    await a.waitFor((s) => /state +sent: the notice that seq \d+ was revoked/.test(s));
    a.send('Escape');
    await a.waitFor((s) => HISTORY.test(s) && !/state +sent/.test(s));
    a.send('Escape');
    await a.waitFor((s) => CONVERSATIONS.test(lines(s)[3] ?? ''));

    // Seq 17,264 of this chat was revoked: the pull sends who revoked it and when in its place.
    await askFor(a, 'user_001132');
    await a.waitFor((s) => breadcrumb(s).includes('with user_001132 · 1 match'));
    a.send('Enter');
    await a.waitFor((s) => HISTORY.test(s) && /max seq/.test(s));
    // The SEQ column is one `/` matches.
    a.send('/');
    a.type('17264');
    await a.waitFor((s) => /filter "17264": 1 of \d+/.test(s));
    a.send('Enter');
    await a.waitFor((s) => /filter "17264": 1 of \d+/.test(s) && !/^\/17264/m.test(lines(s).at(-1) ?? ''));
    a.send('d');
    const detail = await a.waitFor((s) => /state +sent, then revoked \(the server sends who revoked it/.test(s));
    expect(detail).toMatch(/Message 17264\n/);
    expect(detail).toMatch(/Message: MsgRevoke/);
    // "Original send time" is as wide as the label column allows: a cell still parts it from the time.
    const full = await a.waitFor((s) => /Original send time/.test(s));
    expect(full).toMatch(/Original send time +\d{4}-\d\d-\d\d /);
  }, TEST_MS);
});

describe('dist/cli.js in a terminal', () => {
  it('names the bin that starts the explorer, instead of asking for a terminal it has', async () => {
    const a = startCommand(`${CLI_NODE} ${join(ROOT, 'dist', 'cli.js')} --demo; echo __EXIT__$?; sleep 60`, { cols: 80, rows: 24 });
    try {
      const screen = await a.waitFor(/__EXIT__\d+/);
      expect(screen).toContain('npx openim-explorer');
      expect(screen).toContain('dist/cli.cjs');
      expect(screen).not.toContain('needs an interactive terminal');
      expect(screen).toContain('__EXIT__1');
    } finally {
      a.kill();
    }
  });
});
