// The demo's registration rhythm (registrations.ts), as the pulse reads it from
// /statistics/user/register: weekdays busier than weekends, one spike day in the default 14-day
// window, and sign-ups up to the world's today, at the clock's now as at the reference one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPIKE } from '../src/registrations.js';
import { startDemoServer, type DemoServer } from '../src/server.js';
import { DEMO_NOW_MS } from '../src/users.js';
import { data, page } from './helpers.js';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 26, 14, 2, 11);
interface CountData { count?: Record<string, number> | null }

let reference: DemoServer;
let shifted: DemoServer;
beforeAll(async () => {
  [reference, shifted] = await Promise.all([startDemoServer({ users: 100_000 }), startDemoServer({ users: 100_000, nowMs: NOW })]);
});
afterAll(() => Promise.all([reference.close(), shifted.close()]));

describe.each([
  ['the reference now', () => reference, DEMO_NOW_MS],
  ['the clock moved', () => shifted, NOW],
])('registrations at %s', (_name, server, now) => {
  const today = Math.floor(now / DAY) * DAY;
  const days = Array.from({ length: 14 }, (_, i) => today - (13 - i) * DAY);
  const key = (ms: number) => new Date(ms).toISOString().slice(0, 10);

  it('have a weekly rhythm, one spike day and users today', async () => {
    const answer = await data<CountData>(server(), '/statistics/user/register', { start: days[0]!, end: today + DAY });
    const n = (ms: number) => answer.count?.[key(ms)] ?? 0;
    const spike = today - SPIKE.daysBeforeToday * DAY;
    const past = days.filter((d) => d !== today && d !== spike);
    const weekend = past.filter((d) => [0, 6].includes(new Date(d).getUTCDay())).map(n);
    const weekday = past.filter((d) => ![0, 6].includes(new Date(d).getUTCDay())).map(n);
    expect(Math.max(...weekend)).toBeLessThan(Math.min(...weekday));
    expect(n(spike)).toBeGreaterThan(3 * Math.max(...weekday));
    expect(n(today)).toBeGreaterThan(0);
  });

  it("end with the last user just before the world's now", async () => {
    const last = await data<{ users: Array<{ createTime: number }> }>(server(), '/user/get_users', { pagination: page(2_000, 50) });
    const newest = last.users.at(-1)!.createTime;
    expect(newest).toBeLessThan(now);
    expect(newest).toBeGreaterThan(now - DAY);
  });
});
