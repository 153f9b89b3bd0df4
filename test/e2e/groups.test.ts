// The group lists as an operator meets them, at 80x24 and 120x40: `:groups`, its name search, the
// OWNER column naming owners by nickname (the server's groupOwnerUserName is empty), Enter on a
// group opening its members, the member search done here (a user ID exactly, other text over every
// member, the server's broken search named), Enter on a member opening the user, the user's groups
// tab (6) saying the server leaves dismissed groups out and opening a group's members, E exporting
// every member, and the live view on the members list.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO } from 'openim-demo-server';
import { cursorLine } from '../support/screenText.js';
import { demoApps } from '../support/demoApp.js';

const startDemo = demoApps();
const PAGING = /page 1 of [\d,]+ · (?:row \d+\/\d+ · )?([\d,]+) total/;
const totalOf = (screen: string): number => Number(PAGING.exec(screen)![1]!.replaceAll(',', ''));
/** The OWNER cell of a group's line (names and owners hold single spaces; columns are two apart); undefined when there is none. */
const ownerCell = (line: string): string | undefined => /^[ ›]\d{10} {2}.+? {2,}(\S.*?) +[\d,]+ {2}\d{4}-\d\d-\d\d/u.exec(line)?.[1];

describe.each([
  [80, 24],
  [120, 40],
])('groups at %ix%i', (cols, rows) => {
  it(':groups, a name search, Enter → members, a member search, Enter → the member', async () => {
    const a = await startDemo({ cols, rows });
    a.type(':groups');
    a.send('Enter');
    const groups = await a.waitFor((s) => /GROUP ID +NAME +OWNER +MEMBERS/.test(s) && PAGING.test(s));
    expect(groups).toMatch(/^Groups$/m);
    expect(totalOf(groups)).toBeGreaterThan(1000);
    // Every owner named (one get_users_info for the page), never a blank that reads as "no owner".
    const owners = groups.split('\n').filter((l) => /^[ ›]\d{10} /.test(l)).map(ownerCell);
    expect(owners.length).toBeGreaterThan(5);
    expect(owners.every((o) => o !== undefined && !/^user_\d+$/.test(o)), groups).toBe(true);

    a.send('s');
    await a.waitFor('search groups by name or ID: ');
    a.type('Team');
    a.send('Enter');
    const found = await a.waitFor(/Groups › search "Team" · [\d,]+ match/);
    const name = /^›\d+ +(\S.*?\S) {2,}/.exec(cursorLine(found) ?? '')?.[1];
    expect(name).toContain('Team');

    a.send('Enter');
    const members = await a.waitFor((s) => s.includes(`Members of ${name!}`) && /USER ID +NICKNAME +ROLE/.test(s) && PAGING.test(s));
    // The owner first.
    expect(cursorLine(members)).toMatch(/^›user_\d+ .* owner /);
    const second = /^ (user_\d+) /m.exec(members)![1]!;

    // `/` searches the members (the page filter is `/` elsewhere): other text over every member,
    // here, since the server's keyword search finds nothing.
    const nickname = /^ user_\d+ +([A-Za-z]{3})/m.exec(members)?.[1] ?? 'user';
    a.send('/');
    await a.waitFor('search members by user ID or nickname: ');
    a.type(nickname.toLowerCase());
    a.send('Enter');
    const some = await a.waitFor((s) => new RegExp(`› search "${nickname.toLowerCase()}" · [\\d,]+ match`).test(s) && /members searched here; the server's own search swaps/.test(s));
    expect(some).not.toContain('no member');
    // A user ID is looked up exactly.
    a.send('/');
    await a.waitFor('search members by user ID or nickname: ');
    a.send('C-u');
    a.type(second);
    a.send('Enter');
    const one = await a.waitFor(new RegExp(`› search "${second}" · 1 match`));
    expect(cursorLine(one)).toMatch(new RegExp(`^›${second} `));
    expect(one).toContain(`the member with user ID ${second} (looked up exactly)`);

    a.send('Enter');
    await a.waitFor(new RegExp(`› ${second}\\s.*(Convs|Conversations)`));
  }, 40_000);

  it("the user's groups tab: Enter opens the group's members, E exports every member, w turns the live view on", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'oie-members-'));
    const a = await startDemo({ cols, rows, cwd: dir });
    a.send('Enter');
    await a.waitFor(`› ${DEMO.firstUserID}`);
    a.send('6');
    const tab = await a.waitFor((s) => /GROUP ID +NAME +OWNER +MEMBERS/.test(s) && PAGING.test(s) && s.includes('dismissed groups are not listed by the server'));
    // The owners by nickname here too: the joined list carries their IDs alone.
    expect(ownerCell(cursorLine(tab)!), tab).toMatch(/^(?!user_\d+$)\S/u);
    // The summary line counts them where it has room; the tab's total says it anyway.
    expect(totalOf(tab)).toBeGreaterThan(50);
    if (cols >= 120) expect(tab).toMatch(new RegExp(`groups ${totalOf(tab)}|${totalOf(tab)} groups`));
    const groupID = /^›(\d+) /.exec(cursorLine(tab) ?? '')![1]!;

    a.send('Enter');
    const members = await a.waitFor((s) => /USER ID +NICKNAME +ROLE/.test(s) && PAGING.test(s));
    expect(members).toMatch(/Members of /);
    const total = totalOf(members);
    a.send('E');
    await a.waitFor('export to: ');
    a.send('Enter');
    const done = await a.waitFor(/wrote \.\/(\S+\.csv) \(([\d,]+) rows?\)/);
    const [, file, written] = /wrote \.\/(\S+\.csv) \(([\d,]+) rows?\)/.exec(done)!;
    expect(Number(written!.replaceAll(',', ''))).toBe(total);
    const lines = readFileSync(join(dir, file!), 'utf8').trimEnd().split('\n');
    expect(lines[0]).toMatch(/^groupID,userID,nickname,roleLevel,/);
    expect(lines.slice(1).every((line) => line.startsWith(`${groupID},`))).toBe(true);
    expect(lines.length).toBe(total + 1);

    a.send('w');
    await a.waitFor(/live \d\d:\d\d:\d\d/);
    // Back (Esc) returns to the tab, on the group it was opened from.
    a.send('w');
    await a.waitFor('live view off');
    a.send('Escape');
    const back = await a.waitFor((s) => /GROUP ID +NAME/.test(s) && /\[6 Groups\]/.test(s));
    expect(cursorLine(back)).toMatch(new RegExp(`^›${groupID} `));
  }, 40_000);
});
