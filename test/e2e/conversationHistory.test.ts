// A conversation's history as an operator meets it, on the built CLI in tmux at 80x24 and 120x40
// against the demo (300 users, fixed data): Enter on a conversation row opens its messages over
// the user screen (breadcrumb parent › History of …), the read-state line, a deleted seq (the
// server's status-4 placeholder) as a gap row saying deleted, and its detail; n to page 2, > to the first message, back to the row it was opened from; and a conversation
// whose read seq disagrees with the list's unread count, flagged first on the line.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from 'openim-demo-server';
import { assertTmux, type App } from '../support/tmux.js';
import { demoApps } from '../support/demoApp.js';
import { cursorLine } from '../support/screenText.js';

beforeAll(() => assertTmux());

const startDemo = demoApps({ extraArgs: ['--users', '300'] });
// In the demo's fixed data (packages/demo-server/src/messages.ts): seq 11,861 of this chat is
// deleted, 12 below its max seq 11,873, and the list's unread count agrees with its read seq; the other
// chat's read seq is 28 past its max seq while the list says 0.
const WITH_GAP = 'si_user_000001_user_000219';
const DISAGREES = 'si_user_000001_user_000066';
const breadcrumb = (screen: string): string => screen.split('\n')[1] ?? '';

/** On the first user's conversations, only the one with this ID (the `c` prompt). */
async function onlyConversation(a: App, id: string): Promise<void> {
  a.send('c');
  await a.waitFor('conversation IDs:');
  a.send('C-u');
  a.type(id);
  a.send('Enter');
  await a.waitFor((s) => /PIN +WITH/.test(s) && /\b1 conversation IDs?\b/.test(s) && cursorLine(s).includes(id.split('_').at(-1)!));
}

describe.each([
  [80, 24],
  [120, 40],
])('a conversation history at %dx%d', (cols, rows) => {
  it('Enter opens it: the read state, a deleted seq and its detail, n, > to seq 1, and back to the row', async () => {
    const a = await startDemo({ cols, rows });
    a.send('Enter');
    await a.waitFor((s) => s.includes(`Users › ${DEMO.firstUserID}`) && /PIN +WITH/.test(s));
    await onlyConversation(a, WITH_GAP);
    a.send('Enter');
    const opened = await a.waitFor((s) => /SEQ +U +TIME +FROM/.test(s) && s.includes('max seq 11,873'));
    expect(breadcrumb(opened)).toMatch(new RegExp(`› History of ${WITH_GAP}`));
    expect(opened).toMatch(/max seq 11,873 · read up to [\d,]+ · \d+ unread \(list agrees\)/);
    expect(cursorLine(opened)).toMatch(/^› *11873 /);
    // The demo answers seq 11861 with a placeholder, as the server does: a row that says deleted, not an empty message.
    expect(opened).toMatch(/^ *11861 +seq 11861 deleted/m);
    for (let seq = 11872; seq >= 11861; seq--) {
      a.send('j');
      await a.waitFor((s) => new RegExp(`^› *${seq} `).test(cursorLine(s)));
    }
    a.send('d');
    await a.waitFor((s) => s.includes('Seq 11861 deleted') && s.includes('answered with a placeholder'));
    a.send('d');
    await a.waitFor((s) => !s.includes('answered with a placeholder') && /SEQ +U +TIME +FROM/.test(s));
    const pages = Number(/page 1 of ([\d,]+)/.exec(opened)?.[1]?.replace(/,/g, ''));
    expect(pages).toBeGreaterThan(2);

    a.send('n');
    await a.waitFor((s) => /page 2 of/.test(s) && !/^› *11873 /m.test(s));
    a.send('>');
    const last = await a.waitFor((s) => new RegExp(`page ${pages.toLocaleString('en-US')} of`).test(s));
    // The oldest block: the first seq kept is its last row (seq 1, or a gap down to seq 1 where the beginning was cleared).
    expect(last).toMatch(/^[ ›]*(1|1–\d+) /m);

    a.send('Escape');
    const back = await a.waitFor((s) => /PIN +WITH/.test(s) && !breadcrumb(s).includes('History'));
    expect(cursorLine(back)).toContain('user_000219');
  }, 60_000);

  it("flags a read seq that disagrees with the list's unread count first on the line, in words", async () => {
    const a = await startDemo({ cols, rows });
    a.send('Enter');
    await a.waitFor((s) => s.includes(`Users › ${DEMO.firstUserID}`) && /PIN +WITH/.test(s));
    await onlyConversation(a, DISAGREES);
    a.send('Enter');
    const screen = await a.waitFor((s) => /SEQ +U +TIME +FROM/.test(s) && s.includes('! unread:'));
    expect(screen).toContain('! unread: list 0, seqs -28 (past max)');
    // `d` still opens the conversation row's detail, not the history.
    a.send('Escape');
    await a.waitFor((s) => /PIN +WITH/.test(s) && !breadcrumb(s).includes('History'));
    a.send('d');
    await a.waitFor((s) => s.includes('── detail') && s.includes('unreadCount'));
  }, 60_000);
});
