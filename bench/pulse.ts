// Figure 13: a 14-day pulse (its four statistics requests, each part parsed: lists/pulse.ts) against
// a users page on the same 1,000,000-user demo, request to parsed page over loopback. The issue's
// goal is that a pulse costs about what a users page does; the active-users route counts every
// message of the window per sender (as the real server's aggregation reads them), so the figure
// says what that costs. The demo runs at the clock's now, so the pulse's days (the client's clock)
// hold its data; each sample's window ends on another day, so no answer is a repeat.
import { startDemoServer } from 'openim-demo-server';
import { DEFAULT_CLIENT_CONFIG, OpenIMClient } from '../src/api/client.js';
import { PULSE_DAYS, utcDayKey } from '../src/domain/pulse.js';
import { LISTS } from '../src/lists/registry.js';
import { replyMeter, replyRows } from './replies.js';
import { alternate, paired, type Result } from './stats.js';

const DAY_MS = 86_400_000;

export async function pulseFigures(quick: boolean): Promise<Result[]> {
  const users = 1_000_000;
  const size = 50;
  const now = Date.now();
  const demo = await startDemoServer({ users, nowMs: now });
  const meter = replyMeter();
  const client = new OpenIMClient({ ...DEFAULT_CLIENT_CONFIG, baseUrl: demo.url, secret: 'openIM123', adminUserID: 'imAdmin', timeoutMs: 60_000, maxBodyBytes: 64 << 20, onRequest: meter.onRequest });
  const days = PULSE_DAYS.initial;
  // Windows ending today, yesterday, ... (a week of them in turn).
  const last = (i: number) => utcDayKey(now - (((i % 7) + 7) % 7) * DAY_MS);
  const pulse = meter.side((i) => LISTS.pulse.operation.send(client, LISTS.pulse.body({ page: 1, size, query: { days, last: last(i) } })));
  const usersPage = meter.side((i) => LISTS.users.operation.send(client, LISTS.users.body({ page: 1_000 + 97 * (i + 2), size, query: LISTS.users.query.initial })));
  try {
    // The first pulse of a server builds its conversations once (stats-model.ts): a warm-up turn.
    await alternate(quick ? 3 : 20, 3, pulse.sample, usersPage.sample);
    return [
      paired(13, `${days}-day pulse at 1,000,000 users (4 requests), request to page`, pulse.ms, usersPage.ms, 'ms', 'a users page', '<= 1.5x', (r) => r <= 1.5, 'in-process demo over loopback; the active routes read the window\'s messages'),
      ...replyRows(13, 'pulse', pulse, usersPage, 'a users page'),
    ];
  } finally {
    await demo.close();
  }
}
