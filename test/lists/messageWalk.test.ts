// The message search newest first (src/lists/messageWalk.ts), against the demo at a fixed clock:
// a no-day search on the screen walks UTC days back from today and shows the newest day with a
// match, its next page that day's; the walk reports how far it got, stops at the operator's stop
// (falling back to storage order, said so), and at its bound; a day given, or scripting (no
// progress), keeps the server's storage order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { startDemoServer, type DemoServer } from 'openim-demo-server';
import { pageOperation, type PageProgress } from '../../src/api/pages.js';
import { schemaParts } from '../../src/api/schemas.js';
import { DAY_WALK_MAX, STORAGE_ORDER, newestFirst } from '../../src/lists/messageWalk.js';
import { demoClient } from '../support/demoClient.js';

const NOW = Date.UTC(2026, 5, 10, 8, 0, 0);
const TODAY = '2026-06-10';
const search = newestFirst(
  pageOperation({
    name: 'searchMsg',
    path: '/msg/search_msg',
    schema: z.looseObject({ chatLogs: schemaParts.list(z.looseObject({ chatLog: z.looseObject({ sendTime: z.number(), sendID: z.string() }) })), chatLogsNum: z.number() }),
    rows: 'chatLogs',
    total: 'chatLogsNum',
    totalExact: false,
  }),
  () => NOW,
);

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ users: 200, nowMs: NOW });
});
afterAll(() => demo.close());

function progress(stopAfter = Infinity): PageProgress & { said: string[] } {
  const stop = new AbortController();
  const said: string[] = [];
  return {
    said,
    stop: stop.signal,
    report(words) {
      said.push(words);
      if (said.length >= stopAfter) stop.abort();
    },
  };
}

const body = (page: number, fields: object = {}) => ({ ...fields, pagination: { pageNumber: page, showNumber: 10 } });
const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

describe('the message search, newest first', () => {
  it('walks days back from today and shows the newest UTC day with a match; its next page is that day\'s', async () => {
    const client = demoClient(demo);
    const p = progress();
    const first = await search.send(client, body(1), undefined, p);
    expect(first.rows.length).toBeGreaterThan(0);
    const [, day] = /^newest first: matches of (\S+) \(UTC\), walked back from 2026-06-10/.exec(first.notice ?? '') ?? [];
    expect(day).toBeDefined();
    for (const row of first.rows) expect(dayOf(row.chatLog.sendTime)).toBe(day);
    expect(first.sent?.body).toMatchObject({ sendTime: day });
    expect(p.said[0]).toBe(`newest first: UTC days back from ${TODAY}: ${TODAY}, 1 of ${DAY_WALK_MAX}`);

    const second = await search.send(client, body(2), undefined, progress());
    expect(second.sent?.body).toMatchObject({ sendTime: day, pagination: { pageNumber: 2 } });
    for (const row of second.rows) expect(dayOf(row.chatLog.sendTime)).toBe(day);
  });

  it('stops at the operator\'s stop and falls back to the storage order, saying where it stopped', async () => {
    const client = demoClient(demo);
    const p = progress(1);
    const page = await search.send(client, body(1, { sendID: 'nobody_at_all' }), undefined, p);
    expect(page.stopped).toBe(true);
    expect(page.notice).toMatch(/^stopped walking days back at 2026-06-(10|09); pages oldest first/);
    // Its next page goes on in storage order, not in a day.
    const next = await search.send(client, body(2, { sendID: 'nobody_at_all' }), undefined, progress());
    expect(next.notice).toBe(STORAGE_ORDER);
  });

  it('asks at most its bound of days, then says so and falls back to the storage order', async () => {
    const client = demoClient(demo);
    const p = progress();
    const page = await search.send(client, body(1, { sendID: 'nobody_at_all' }), undefined, p);
    expect(p.said).toHaveLength(DAY_WALK_MAX);
    expect(p.said.at(-1)).toBe(`newest first: UTC days back from ${TODAY}: 2026-05-11, ${DAY_WALK_MAX} of ${DAY_WALK_MAX}`);
    expect(page.notice).toBe(`no match in ${DAY_WALK_MAX} UTC days back from ${TODAY} (the bound); ${STORAGE_ORDER}`);
  });

  it('a day given, or no progress to report to (scripting), keeps the server\'s storage order', async () => {
    const client = demoClient(demo);
    const p = progress();
    const dayGiven = await search.send(client, body(1, { sendTime: '2026-06-09' }), undefined, p);
    expect([dayGiven.notice, p.said]).toEqual([STORAGE_ORDER, []]);
    const scripted = await search.send(client, body(1), undefined, undefined);
    expect(scripted.notice).toBe(STORAGE_ORDER);
    expect(scripted.sent).toBeUndefined();
  });
});
