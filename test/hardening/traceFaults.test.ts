// The delivery trace against a loopback server that fails each of its requests in turn (an
// errCode, an HTTP 404, a reset connection, a reply that is not JSON), in front of the demo for
// the rest: the trace always answers, the lines that need the failed request say "unknown:" with
// the failure in words, and every other line keeps its verdict.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenIMClient } from '../../src/api/client.js';
import { TRACE_CHECKS, type CheckID } from '../../src/data/trace/checks.js';
import { TRACE_REQUESTS, type RequestID } from '../../src/data/trace/requests.js';
import { knownOf, runTrace } from '../../src/data/trace/runTrace.js';
import { DEMO, startDemoServer, tracePlants, type DemoServer } from 'openim-demo-server';
import { listenOnLoopback, type Listening } from '../support/loopback.js';
import { NO_RETRIES } from '../support/retryPolicy.js';

const USERS = 1000;
const plants = tracePlants(USERS);
let demo: DemoServer;
let proxy: Listening;
/** Which request fails now, and how; the rest go to the demo. */
let failing: { id: RequestID; receiverID: string; senderID: string | undefined; how: number } | undefined;

const FAULTS = ['errCode', 'http404', 'reset', 'notJson'] as const;

/** Whether this request (path and body) is the one failing. */
function matches(path: string, body: Record<string, unknown>): boolean {
  if (!failing) return false;
  const def = TRACE_REQUESTS[failing.id];
  if (def.operation.path !== path) return false;
  if (path !== '/msg/pull_msg_by_seq') return true;
  return body.userID === (failing.id === 'pullAsReceiver' ? failing.receiverID : failing.senderID);
}

beforeAll(async () => {
  demo = await startDemoServer({ users: USERS });
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString('utf8')));
    req.on('end', () => {
      const path = req.url ?? '/';
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        // the login and the like: forwarded as they are
      }
      if (matches(path, body)) {
        const fault = FAULTS[failing!.how % FAULTS.length];
        if (fault === 'reset') return req.socket.destroy();
        if (fault === 'http404') {
          res.writeHead(404, { 'content-type': 'text/plain' });
          return res.end('404 page not found');
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(fault === 'errCode' ? JSON.stringify({ errCode: 1002, errMsg: 'NoPermissionError', errDlt: 'planted' }) : '<html>oops');
      }
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      for (const name of ['operationid', 'token']) if (typeof req.headers[name] === 'string') headers[name === 'operationid' ? 'operationID' : name] = req.headers[name];
      void fetch(demo.url + path, { method: 'POST', headers, body: text }).then(async (answer) => {
        res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
        res.end(Buffer.from(await answer.arrayBuffer()));
      });
    });
  });
  proxy = await listenOnLoopback(server);
});
afterAll(async () => {
  await proxy.close();
  await demo.close();
});

const client = () => new OpenIMClient({ baseUrl: proxy.url, secret: DEMO.secret, adminUserID: DEMO.adminUserID, timeoutMs: 3000, retryPolicy: NO_RETRIES, maxBodyBytes: 1 << 23 });

type Def = { needs: readonly RequestID[]; reads?: readonly RequestID[]; sender?: true };

describe.each([['blacklisted'], ['dismissedGroup']] as const)('a trace of the %s case', (name) => {
  const plant = plants[name]!;
  const target = { conversationID: plant.conversationID, seq: plant.seq, receiverID: plant.receiverID };
  const known = knownOf(target);
  const ids = (Object.keys(TRACE_REQUESTS) as RequestID[]).filter((id) => TRACE_REQUESTS[id].body({ ...known, senderID: plant.senderID }) !== undefined);

  it.each(ids.map((id, how) => [id, how] as const))('survives %s failing', async (id, how) => {
    failing = { id, receiverID: plant.receiverID, senderID: plant.senderID, how };
    const result = await runTrace(target, { client: client(), now: Date.now });
    failing = undefined;
    // Whether a line could only be unknown because of this failure.
    const senderFromPull = known.senderID === undefined && id === 'pullAsReceiver';
    const hit = (check: CheckID): boolean => {
      const def = TRACE_CHECKS[check] as Def;
      if (def.needs.includes(id)) return true;
      if (senderFromPull && def.sender) return true;
      return def.needs.length === 0 && (def.reads ?? []).every((r) => r === id || (senderFromPull && TRACE_REQUESTS[r].needsSender));
    };
    expect(result.lines.length).toBeGreaterThan(5);
    for (const line of result.lines) {
      if (hit(line.check)) {
        expect(line.verdict, line.check).toBe('unknown');
        expect(line.words, line.check).toMatch(/^unknown: \S/);
        expect(line.words, line.check).not.toMatch(/\n|Error:|at .*\.ts/);
      } else {
        expect(line.verdict, `${line.check}: ${line.words}`).not.toBe('unknown');
      }
    }
    const failed = result.exchanges.find((e) => e.request === id)!;
    expect(failed.failure).toBeDefined();
    expect(result.verdict.words.length).toBeGreaterThan(0);
  });
});
