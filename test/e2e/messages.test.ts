// The message search as an operator meets it, on the built CLI in tmux at 80x24 and 120x40:
// `:messages`, its prompt (a bad word said in words, Tab completing, a local day sent as a UTC
// day), the page sorted by time and `≥ N`, the detail decoding the content, and the keys that open
// it from a user (M) and from a conversation row (m), back returning where it came from.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO } from 'openim-demo-server';
import { demoApps } from '../support/demoApp.js';

// A zone east of UTC, so that the day typed and the UTC day sent can differ in words.
const startDemo = demoApps({ env: { TZ: 'Asia/Shanghai' } });

describe.each([
  [80, 24],
  [120, 40],
])('the message search at %ix%i', (cols, rows) => {
  it('searches from its prompt, refuses a bad word in words, and opens a decoded detail', async () => {
    const a = await startDemo({ cols, rows });
    a.send(':');
    a.type('messages');
    a.send('Enter');
    await a.waitFor((s) => /Messages/.test(s) && /≥[\d,]+ found/.test(s) && /TIME↓/.test(s));

    a.send('s');
    await a.waitFor('messages: ');
    a.type('type:nope');
    a.send('Enter');
    await a.waitFor('type "nope" is no content type');
    a.send('C-u');
    a.type('day:2025-10-01 session:gr');
    a.send('Tab');
    await a.waitFor('session:group');
    a.send('Enter');
    // The day typed is local (UTC+08:00 here); the breadcrumb says which UTC day was sent.
    const crumb = 'Messages › session:group day:2025-10-01 (local, UTC+08:00) sends UTC day 2025-10-01';
    const found = await a.waitFor((s) => s.includes(cols >= 120 ? `${crumb} · ≥` : crumb.slice(0, 60)) && /\(group\)/.test(s));
    expect(found).not.toMatch(/user_\d+ +user_\d+ /);

    a.send('d'); // Enter opens the message's history at its seq; d its detail
    const detail = await a.waitFor((s) => /Message [0-9a-f]{32}/.test(s) && /\bin +.*\(group\)/.test(s));
    // UTC day 2025-10-01 runs to 08:00 on the 2nd here: the newest rows, first after the sort, may be on the 2nd.
    expect(detail).toMatch(/time +2025-10-0[12] \d\d:\d\d:\d\d \+08:00/);
  }, 45_000);

  it("opens with M on a user's screen (from: the user) and m on a conversation row (the pair); back returns", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'oie-messages-'));
    const a = await startDemo({ cols, rows, cwd: dir });
    a.send('Enter');
    await a.waitFor((s) => s.includes(`Users › ${DEMO.firstUserID}`) && /PIN +WITH/.test(s));
    a.send('M');
    await a.waitFor((s) => new RegExp(`Messages › from:${DEMO.firstUserID} · ≥[\\d,]+ matches`).test(s) && /≥[\d,]+ found/.test(s));
    // Esc clears the search first (as on every list with a query), then goes back to the user.
    a.send('Escape');
    await a.waitFor((s) => /Messages/.test(s) && !s.includes(`from:${DEMO.firstUserID}`) && /≥[\d,]+ found/.test(s));
    a.send('Escape');
    await a.waitFor((s) => s.includes(`Users › ${DEMO.firstUserID}`) && /PIN +WITH/.test(s) && !/Messages/.test(s));
    a.send('m');
    await a.waitFor((s) => new RegExp(`Messages › from:${DEMO.firstUserID} to:\\S+`).test(s) && /≥[\d,]+ found|no message matches/.test(s));

    // The prompt starts from the query in force; narrowed further, the search exports every row it walks.
    a.send('s');
    await a.waitFor(new RegExp(`messages: from:${DEMO.firstUserID} to:\\S+`));
    a.type(' type:MarkdownText');
    a.send('Enter');
    const screen = await a.waitFor((s) => /type:MarkdownText · [≥\d,]+ match/.test(s) && /MarkdownText +\S/.test(s));
    expect(screen).not.toMatch(/ (?:Text|Picture|Voice) {2,}/);
    a.send('E');
    await a.waitFor('export to: ');
    a.send('Enter');
    const done = await a.waitFor(/wrote \.\/(\S+\.csv) \(([\d,]+) rows?\)/, 30_000);
    const [, name, written] = /wrote \.\/(\S+\.csv) \(([\d,]+) rows?\)/.exec(done)!;
    const lines = readFileSync(join(dir, name!), 'utf8').trimEnd().split('\n');
    expect(lines.length).toBe(Number(written!.replaceAll(',', '')) + 1);
    expect(lines.slice(1).every((line) => line.includes(`,${DEMO.firstUserID},118,`))).toBe(true);
  }, 60_000);
});
