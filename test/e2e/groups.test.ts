// The group lists as an operator meets them, at 80x24 and 120x40: `:groups`, its name search,
// Enter on a group opening its members, the member search on the server, Enter on a member opening
// the user, the user's groups tab (6) opening a group's members, E exporting every member, and the
// live view on the members list.
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

    a.send('s');
    await a.waitFor('search groups by name: ');
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

    // `/` searches the members on the server (the page filter is `/` elsewhere).
    a.send('/');
    await a.waitFor('search members by nickname or ID: ');
    a.type(second);
    a.send('Enter');
    const one = await a.waitFor(new RegExp(`› search "${second}" · 1 match`));
    expect(cursorLine(one)).toMatch(new RegExp(`^›${second} `));

    a.send('Enter');
    await a.waitFor(new RegExp(`› ${second}\\s.*(Convs|Conversations)`));
  }, 40_000);

  it("the user's groups tab: Enter opens the group's members, E exports every member, w turns the live view on", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'oie-members-'));
    const a = await startDemo({ cols, rows, cwd: dir });
    a.send('Enter');
    await a.waitFor(`› ${DEMO.firstUserID}`);
    a.send('6');
    const tab = await a.waitFor((s) => /GROUP ID +NAME +OWNER +MEMBERS/.test(s) && PAGING.test(s));
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
