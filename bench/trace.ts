// Figure 11: the delivery trace's time to its full answer (every check judged, data/trace/) against
// one request's time on the same server: the receiver's pull of the traced seq, the trace's first
// request. The trace sends 10 to 12 requests, at most TRACE_CONCURRENCY at once, and a group
// message's sender-bound ones only after the pull names the sender; the figure says what that
// costs over the one request an operator would otherwise send first. Each sample traces another
// planted case (docs/demo-server.md) of a 5,000-user demo, over loopback HTTP.
import { DEMO, startDemoServer, TRACE_CASES, tracePlants } from 'openim-demo-server';
import { OpenIMClient } from '../src/api/client.js';
import { TRACE_REQUESTS } from '../src/data/trace/requests.js';
import { knownOf, runTrace, TRACE_CONCURRENCY } from '../src/data/trace/runTrace.js';
import { performance } from 'node:perf_hooks';
import { alternate, paired, type Result } from './stats.js';

export async function traceFigures(quick: boolean): Promise<Result[]> {
  const users = 5_000;
  const demo = await startDemoServer({ users });
  const client = new OpenIMClient({ baseUrl: demo.url, secret: DEMO.secret, adminUserID: DEMO.adminUserID, timeoutMs: 30_000, maxBodyBytes: 64 << 20 });
  try {
    const plants = tracePlants(users);
    const targets = TRACE_CASES.flatMap((c) => {
      const p = plants[c];
      return p ? [{ conversationID: p.conversationID, seq: p.seq, receiverID: p.receiverID }] : [];
    });
    const at = (i: number) => targets[((i % targets.length) + targets.length) % targets.length]!;
    const timed = async (run: () => Promise<unknown>) => {
      const t0 = performance.now();
      await run();
      return performance.now() - t0;
    };
    const pull = TRACE_REQUESTS.pullAsReceiver;
    const trace = (i: number) => timed(() => runTrace(at(i), { client, now: Date.now }));
    const one = (i: number) => timed(() => pull.send(client, pull.body(knownOf(at(i)))!, new AbortController().signal));
    const pairs = quick ? 3 : 60;
    const { a, b } = await alternate(pairs, 6, trace, one);
    // The same requests one at a time: what the bound in flight buys on this server.
    const serial = (i: number) => timed(() => runTrace(at(i), { client, now: Date.now, concurrency: 1 }));
    const side = await alternate(pairs, 6, trace, serial);
    return [
      paired(11, 'delivery trace to its full answer vs one request', a, b, 'ms', "the receiver's pull of the seq", '', undefined, `${targets.length} planted cases in turn; 10-12 requests, at most ${TRACE_CONCURRENCY} in flight; a group's sender-bound ones after the pull`),
      paired(11, 'delivery trace vs its requests one at a time', side.a, side.b, 'ms', 'the same trace, 1 in flight', '', undefined, 'the demo answers on one thread: the bound buys the round trips, not the server time'),
    ];
  } finally {
    await demo.close();
  }
}
