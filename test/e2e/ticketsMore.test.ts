// The tickets' remaining parts (issue 48), on the built CLI in tmux at 80x24 against the demo (its
// fixed data): "B never got my picture" on one screen (the seq, both sides' read seqs named by
// user, the state in words); "who put me in this group" (the inviter's name and role); a group's
// members named by the group's ID beside its name.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from 'openim-demo-server';
import { assertTmux, type App } from '../support/tmux.js';
import { demoApps } from '../support/demoApp.js';
import { cursorLine } from '../support/screenText.js';

beforeAll(() => assertTmux());

const TEST_MS = 60_000;
const USER = DEMO.firstUserID;
const startDemo = demoApps({ cols: 80, rows: 24 });
const lines = (screen: string): string[] => screen.split('\n');
const breadcrumb = (screen: string): string => lines(screen)[1] ?? '';
const CONVERSATIONS = /^ ! +PIN +WITH/;
const HISTORY = /SEQ +U +TIME +FROM/;
/** The demo's fixed data: the first of four groups named "Backend Team" in user_000001's groups tab. */
const GROUP = '3100277165';

/** On the first user's conversations tab. */
async function onConversations(a: App): Promise<string> {
  a.send('Enter');
  return a.waitFor((s) => breadcrumb(s).includes(`Users › ${USER}`) && CONVERSATIONS.test(lines(s)[3] ?? '') && /page 1 of/.test(s));
}

/** The history of the first user's single chat with `peer` (`c` with the peer's ID, then Enter). */
async function singleChat(a: App, peer: string): Promise<string> {
  await onConversations(a);
  a.send('c');
  await a.waitFor('conversation IDs:');
  a.type(peer);
  a.send('Enter');
  await a.waitFor((s) => breadcrumb(s).includes(`with ${peer} · 1 match`));
  a.send('Enter');
  return a.waitFor((s) => HISTORY.test(s) && /max seq/.test(s) && /^read: /m.test(s));
}

describe('the tickets at 80x24, the remaining parts', () => {
  it('"B never got my picture": the seq, both read seqs named by user, and the state in words on one screen', async () => {
    const a = await startDemo();
    // The demo's fixed data: user_000001's latest message to user_001626 is a picture they have not read.
    const history = await singleChat(a, 'user_001626');
    const both = lines(history).find((l) => l.startsWith('read: '))!;
    // Both sides, each by nickname and ID, whole at 80 columns.
    expect(both).toMatch(/^read: .+ \(user_000001\) [\d,]+ · .+ \(user_001626\) [\d,]+$/);
    expect(cursorLine(history)).toMatch(/^›\s*\d+ +\* .*Picture/);
    // A row its receiver has not read is marked `*`: the owner's pictures past the peer's read seq, and nothing else.
    const [, own, peer] = /\(user_000001\) ([\d,]+) · .+ \(user_001626\) ([\d,]+)/.exec(both)!;
    const peerSeq = Number(peer!.replace(/,/g, ''));
    expect(peerSeq).toBeLessThan(Number(own!.replace(/,/g, '')));
    const rows = lines(history).filter((l) => /^[› ]\s*\d+ [* ] /.test(l));
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) expect(/^[› ]\s*\d+ \*/.test(row), row).toBe(Number(/\d+/.exec(row)![0]) > peerSeq);

    a.send('d');
    const detail = await a.waitFor((s) => /Message \d+/.test(s) && /read +UNREAD by/.test(s));
    const seq = /Message (\d+)/.exec(detail)![1];
    expect(detail).toMatch(new RegExp(`read +UNREAD by .+ \\(user_001626\\): read up to ${peer}$`, 'm'));
    // Still on the same screen: the read seqs line and the seq.
    expect(detail).toContain(both);
    expect(detail).toMatch(/Message: Picture/);
    expect(Number(seq)).toBeGreaterThan(Number(peer!.replace(/,/g, '')));
  }, TEST_MS);

  it('a single chat\'s history asks for the page that fits under its two notice lines: every row of the page shows', async () => {
    const a = await startDemo();
    const history = await singleChat(a, 'user_001626');
    const all = lines(history);
    const title = all.findIndex((l) => HISTORY.test(l));
    const statusAt = all.findIndex((l) => /page [\d,]+ of/.test(l));
    const status = all[statusAt]!;
    const shown = all.slice(title + 1, statusAt).filter((l) => /^[› ]\s*\d+ /.test(l));
    // 80x24: 20 body lines, two of them the notice, one the column titles.
    expect(status).toMatch(/ 17\/page/);
    expect(shown).toHaveLength(17);
    // The page fits, so the table does not scroll within itself: the status line names no `row n/N`, or N is what shows.
    const indicator = /row \d+\/(\d+)/.exec(status);
    if (indicator) expect(Number(indicator[1])).toBe(shown.length);
    // The last row selected: still every row of the page on screen, the first one too.
    a.send('G');
    const last = await a.waitFor((s) => cursorLine(s) !== cursorLine(history) && /^›/m.test(s));
    const lastRows = lines(last).filter((l) => /^[› ]\s*\d+ [* ] /.test(l));
    expect(lastRows).toHaveLength(17);
    expect(lastRows[0]).toBe(shown[0]!.replace(/^›/, ' '));
  }, TEST_MS);

  it('"who put me in this group": the member\'s INVITED BY names the inviter, the detail their role; the breadcrumb says which same-named group', async () => {
    const a = await startDemo();
    await onConversations(a);
    // The user's groups tab: the demo's fixed data lists four groups named "Backend Team" first.
    a.send('6');
    const groups = await a.waitFor((s) => /GROUP ID +NAME +OWNER/.test(s) && /page 1 of/.test(s));
    const [, groupID, owner] = /^›(\d+) +Backend Team +(\S+)/m.exec(groups)!;
    a.send('Enter');
    await a.waitFor((s) => breadcrumb(s).includes(`Members of Backend Team (${groupID})`) && /INVITED BY/.test(s));
    a.send('s');
    await a.waitFor('search members');
    a.type(USER);
    a.send('Enter');
    const found = await a.waitFor((s) => breadcrumb(s).includes(`search "${USER}" · 1 match`));
    expect(cursorLine(found)).toMatch(new RegExp(`^›${USER} .* invited +${owner}$`));
    a.send('d');
    const detail = await a.waitFor((s) => /Member user_000001/.test(s) && /invited by/.test(s));
    expect(detail).toMatch(new RegExp(`invited by +${owner} \\(user_\\d+\\) · the group's owner`));
  }, TEST_MS);

  it('a group ID in the groups search looks the group up exactly; a group history is named by its group', async () => {
    const a = await startDemo();
    a.send(':');
    await a.waitFor((s) => /^:/m.test(lines(s).at(-1) ?? ''));
    a.type('groups');
    a.send('Enter');
    await a.waitFor((s) => /GROUP ID +NAME +OWNER/.test(s) && breadcrumb(s).startsWith('Groups'));
    a.send('s');
    await a.waitFor('search groups by name or ID: ');
    a.type(GROUP);
    a.send('Enter');
    const found = await a.waitFor((s) => breadcrumb(s).includes(`search "${GROUP}" · 1 match`));
    expect(cursorLine(found)).toMatch(new RegExp(`^›${GROUP} +Backend Team `));

    // The first user's chat in that group: its history's breadcrumb names the group, its ID beside.
    a.send('u');
    await a.waitFor('user ID');
    a.type(USER);
    a.send('Enter');
    await a.waitFor((s) => breadcrumb(s).includes(`› ${USER}`) && CONVERSATIONS.test(lines(s)[3] ?? ''));
    a.send('c');
    await a.waitFor('conversation IDs:');
    a.type(`sg_${GROUP}`);
    a.send('Enter');
    await a.waitFor((s) => breadcrumb(s).includes(`sg_${GROUP} · 1 match`));
    a.send('Enter');
    const history = await a.waitFor((s) => HISTORY.test(s) && /max seq/.test(s));
    expect(breadcrumb(history)).toContain(`History of Backend Team (sg_${GROUP})`);
  }, TEST_MS);

  it('the message search says its page order; Enter on a found message opens its history at its seq; :seq N goes to a seq', async () => {
    const a = await startDemo();
    a.send(':');
    await a.waitFor((s) => /^:/m.test(lines(s).at(-1) ?? ''));
    a.type('messages');
    a.send('Enter');
    const found = await a.waitFor((s) => /TIME. +FROM +TO +TYPE/.test(s) && /found/.test(s));
    // No day given: days walked back from today (UTC), the newest day with a match shown; its date and the walk's start said.
    const [, day, today] = /^newest first: matches of (\d{4}-\d{2}-\d{2}) \(UTC\), walked back from (\d{4}-\d{2}-\d{2})/.exec(lines(found)[2] ?? '') ?? [];
    expect(day, lines(found)[2]).toBeDefined();
    expect(day! <= today!).toBe(true);
    a.send('j');
    const second = await a.waitFor((s) => /^›/m.test(s) && cursorLine(s) !== lines(found).find((l) => l.startsWith('›')));
    const [, from, , , text] = /^›\S+ +(\S+) +(\S+) +(\S+) +(.+)$/.exec(cursorLine(second))!;
    a.send('Enter');
    // The found message is the row selected, on the page that holds its seq (not page 1: the search's first page is the oldest).
    const words = text!.replace(/…$/, '').slice(0, 12);
    const history = await a.waitFor((s) => breadcrumb(s).startsWith('Messages › History of si_') && HISTORY.test(s) && cursorLine(s).includes(from!) && cursorLine(s).includes(words));
    expect(history).toMatch(/page [\d,]+ of/);

    a.send(':');
    await a.waitFor((s) => /^:/m.test(lines(s).at(-1) ?? ''));
    a.type('seq 300');
    a.send('Enter');
    await a.waitFor((s) => /^› *300 /.test(cursorLine(s)));
    a.send(':');
    await a.waitFor((s) => /^:/m.test(lines(s).at(-1) ?? ''));
    a.type('seq 99999999');
    a.send('Enter');
    await a.waitFor((s) => /no seq 99,999,999 here: seqs 1 to [\d,]+/.test(s) && /^› *300 /.test(cursorLine(s)));
  }, TEST_MS);

  it("FROM in a history is the sender's ID, where a nickname is not printable (user_000017's `Eve\uFFFD`)", async () => {
    const a = await startDemo();
    const history = await singleChat(a, 'user_000017');
    const rows = lines(history).filter((l) => /^[› ]\s*\d+ [* ] /.test(l));
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) expect(row).toMatch(/^[› ]\s*\d+ [* ] +[\d-]+(?: [\d:]+)? +(user_000001|user_000017) /);
    expect(history).not.toContain('Eve\uFFFD');
    // The detail has the nickname beside the ID, and the `read` line names the side by its ID alone.
    a.send('d');
    await a.waitFor((s) => /^ from +user_000001 \(.+\) · this user$/m.test(s) && /read +(read|UNREAD) by user_000017: read up to/.test(s));
  }, TEST_MS);

  it('the message search with a day keeps the storage order and says so; one matching no day of the walk says its bound', async () => {
    const a = await startDemo();
    a.send(':');
    await a.waitFor((s) => /^:/m.test(lines(s).at(-1) ?? ''));
    a.type('messages');
    a.send('Enter');
    const walked = await a.waitFor((s) => /TIME. +FROM +TO +TYPE/.test(s) && /^newest first: matches of/m.test(s));
    const day = /matches of (\S+)/.exec(walked)![1]!;
    a.send('s');
    await a.waitFor('messages: ');
    a.type(` day:${day}`);
    a.send('Enter');
    const oneDay = await a.waitFor((s) => /TIME. +FROM +TO +TYPE/.test(s) && breadcrumb(s).includes(`day:${day}`) && /found/.test(s) && !/^newest first/m.test(s));
    expect(lines(oneDay)[2]).toBe('pages oldest first (storage order): the newest are on the last page');

    a.send('s');
    await a.waitFor('messages: ');
    a.send('C-u');
    a.type('from:nobody_at_all');
    a.send('Enter');
    const none = await a.waitFor((s) => breadcrumb(s).includes('from:nobody_at_all') && /no message matches/.test(s), 30_000);
    expect(lines(none)[2]).toMatch(/^no match in 31 UTC days back from \d{4}-\d{2}-\d{2} \(the bound\); pages oldest/);
  }, TEST_MS);

  it('FROM in a history: the ID alone at 80 columns, the nickname beside it at 120', async () => {
    const narrow = await singleChat(await startDemo(), 'user_001626');
    const narrowTitle = lines(narrow).find((l) => HISTORY.test(l))!;
    expect(narrowTitle).toMatch(/FROM +TYPE/);
    expect(narrowTitle).not.toMatch(/\bNAME\b/);

    const wide = await singleChat(await startDemo({ cols: 120, rows: 40 }), 'user_001626');
    const wideTitle = lines(wide).find((l) => HISTORY.test(l))!;
    expect(wideTitle, wide).toMatch(/FROM +NAME +TYPE/);
    const names = /\((user_000001)\) [\d,]+ · (.+) \((user_001626)\)/.exec(lines(wide).find((l) => l.startsWith('read: '))!)!;
    // Each row's sender by ID, and beside it the nickname its message carries (the peer's as the read line names them).
    const rows = lines(wide).filter((l) => /^[› ]\s*\d+ [* ] /.test(l));
    const peerRows = rows.filter((l) => l.includes(` ${names[3]} `));
    expect(peerRows.length).toBeGreaterThan(0);
    for (const row of peerRows) expect(row).toMatch(new RegExp(`${names[3]} +${names[2]!.slice(0, 8)}`));
  }, TEST_MS);

  it('the day walk says how far it got on the status line, and Esc stops it: the storage order then, said so', async () => {
    // The demo slowed, so that the walk of a search matching no day takes long enough to stop.
    const a = await startDemo({ extraArgs: ['--latency', '250'] });
    a.send(':');
    await a.waitFor((s) => /^:/m.test(lines(s).at(-1) ?? ''));
    a.type('messages');
    a.send('Enter');
    await a.waitFor((s) => /TIME. +FROM +TO +TYPE/.test(s) && /^newest first: matches of/m.test(s));
    a.send('s');
    await a.waitFor('messages: ');
    a.type('from:nobody_at_all');
    a.send('Enter');
    await a.waitFor((s) => /newest first: UTC days back from \d{4}-\d{2}-\d{2}: \S+, \d+ of 31 · Esc stops/.test(s), 20_000);
    a.send('Escape');
    const stopped = await a.waitFor((s) => /^stopped walking days back at \d{4}-\d{2}-\d{2}; pages oldest first/m.test(s), 20_000);
    expect(breadcrumb(stopped)).toContain('from:nobody_at_all');
    expect(stopped).not.toMatch(/UTC days back from/);
  }, TEST_MS);
});
