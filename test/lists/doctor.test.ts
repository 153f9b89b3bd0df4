// The doctor over HTTP on the demo (its plants, packages/demo-server/src/doctor-plants.ts): every
// check of CHECKS is found on the subject the demo planted it on, nothing on the clean user, a read
// that fails is one "unknown" finding and the other checks still run, a scan of users reports how
// far it got and a stop keeps what it found, and requests in flight stay under the bound.
import { createServer, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from 'openim-demo-server';
import { CHECKS, conversationFindings, seqRanges, type CheckID, type Finding } from '../../src/lists/doctorChecks.js';
import { groupFindingsOf, limiter, scanUsers, userFindings, DOCTOR_IN_FLIGHT } from '../../src/lists/doctorScan.js';
import { parseTarget } from '../../src/lists/doctor.js';
import { fetchPage } from '../../src/lists/registry.js';
import { listenOnLoopback, type Listening } from '../support/loopback.js';
import { demoClient } from '../support/demoClient.js';

let demo: DemoServer;
let plantedGroups: string[];
beforeAll(async () => {
  demo = await startDemoServer();
  const joined = (await fetchPage(demoClient(demo), { kind: 'joinedGroups', userID: 'user_000008', query: {}, page: 1, size: 100 }, new AbortController().signal)).rows as { groupID: string; status: number }[];
  plantedGroups = joined.filter((g) => g.status !== 2).slice(0, 3).map((g) => g.groupID);
}, 60_000);
afterAll(async () => {
  await demo.close();
});

/** Where the demo planted each check (doctor-plants.ts; the data set's own for the rest). */
const PLANTED: Record<CheckID, () => { user: string } | { group: string }> = {
  'read-past-max': () => ({ user: 'user_000001' }),
  'unread-mismatch': () => ({ user: 'user_000001' }),
  'seq-holes': () => ({ user: 'user_000001' }),
  online: () => ({ user: 'user_000001' }),
  'latest-below-min': () => ({ user: 'user_000004' }),
  'dismissed-joined': () => ({ user: 'user_000005' }),
  'owner-not-member': () => ({ group: plantedGroups[0]! }),
  'member-count': () => ({ group: plantedGroups[1]! }),
  'mute-ended': () => ({ group: plantedGroups[2]! }),
};

const findingsOf = async (subject: { user: string } | { group: string }): Promise<Finding[]> =>
  'user' in subject
    ? userFindings(demoClient(demo), subject.user, { limit: limiter(DOCTOR_IN_FLIGHT), signal: undefined })
    : groupFindingsOf(demoClient(demo), subject.group, undefined, Date.now());

describe('the doctor on the demo', () => {
  it.each(CHECKS.map((c) => [c.id, c] as const))('finds %s where the demo planted it, with the route it read and words for what it saw', async (id, check) => {
    const subject = PLANTED[id]();
    const found = (await findingsOf(subject)).filter((f) => f.check === id);
    expect(found.length, `${id} on ${JSON.stringify(subject)}`).toBeGreaterThan(0);
    for (const f of found) {
      expect(f.subject).toBe(check.subject);
      expect(f.verdict).toBe('info' in check ? 'info' : 'finding');
      expect(f.route).toMatch(/^\/[a-z_]+\/[a-z_]+$/);
      expect(f.seen.length).toBeGreaterThan(5);
    }
  });

  it('finds nothing on the clean user, nor on a group with none planted', async () => {
    expect(await findingsOf({ user: 'user_000003' })).toEqual([]);
    const joined = (await fetchPage(demoClient(demo), { kind: 'joinedGroups', userID: 'user_000003', query: {}, page: 1, size: 100 }, new AbortController().signal)).rows as { groupID: string; status: number }[];
    const other = joined.find((g) => g.status !== 2 && !plantedGroups.includes(g.groupID));
    if (other) expect((await findingsOf({ group: other.groupID })).filter((f) => f.check !== 'mute-ended')).toEqual([]);
  });

  it('says a user ID no user has is unknown, never a clean user (the list, as the explorer and scripting ask it)', async () => {
    const page = await fetchPage(demoClient(demo), { kind: 'doctor', query: { target: { kind: 'user', id: 'user_00000x' } }, page: 1, size: 20 }, new AbortController().signal);
    expect(page.rows).toEqual([expect.objectContaining({ check: 'read-failed', verdict: 'unknown', seen: 'no such user: user_00000x' })]);
  });

  it('says an unknown group is unknown, with the reason', async () => {
    const [f] = await findingsOf({ group: '9999999999' });
    expect(f).toMatchObject({ check: 'read-failed', verdict: 'unknown', subjectID: '9999999999' });
  });

  it('scans the first users, reporting how far it got, and a stop keeps what it found', async () => {
    const said: string[] = [];
    const stop = new AbortController();
    const scan = await scanUsers(demoClient(demo), 30, undefined, {
      report: (w) => {
        said.push(w);
        if (said.length === 12) stop.abort();
      },
      stop: stop.signal,
    });
    expect(scan.stopped).toBe(true);
    expect(said.at(-1)).toMatch(/^doctor: [\d,]+ of 30 users · [\d,]+ findings?$/);
    expect(scan.count.done).toBeLessThan(30);
    expect(scan.findings.length).toBe(scan.count.findings);
    const whole = await scanUsers(demoClient(demo), 5, undefined, undefined);
    expect(whole).toMatchObject({ stopped: false, count: { done: 5, of: 5 } });
    expect(whole.findings.some((f) => f.subjectID === 'user_000001' && f.check === 'read-past-max')).toBe(true);
  });
});

describe('the doctor against a failing server', () => {
  let proxy: Listening;
  let inFlight = 0;
  let most = 0;
  let limited = 0;
  beforeAll(async () => {
    const target = new URL(demo.url);
    proxy = await listenOnLoopback(
      createServer((req, res) => {
        inFlight++;
        most = Math.max(most, inFlight);
        res.on('close', () => inFlight--);
        // The server rate-limits the first presence read, saying how long: it is asked again.
        if (req.url === '/user/get_users_status' && limited > 0) {
          limited--;
          res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '0' });
          return void res.end('{"errCode":429,"errMsg":"too many requests","errDlt":"","data":null}');
        }
        // The read state fails: its checks are unknown, the others still run.
        if (req.url === '/msg/get_conversations_has_read_and_max_seq') {
          res.writeHead(200, { 'content-type': 'application/json' });
          return void res.end('{"errCode":500,"errMsg":"ServerInternalError","errDlt":"redis: connection refused","data":null}');
        }
        const upstream = request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (reply) => {
          res.writeHead(reply.statusCode ?? 502, reply.headers);
          reply.pipe(res);
        });
        upstream.on('error', () => res.destroy());
        req.pipe(upstream);
      }),
    );
  });
  afterAll(async () => {
    await proxy.close();
  });

  it('shows a failed read as one unknown finding with its reason, and the other checks run', async () => {
    const found = await userFindings(demoClient({ url: proxy.url }), 'user_000005', { limit: limiter(DOCTOR_IN_FLIGHT), signal: undefined });
    const unknown = found.filter((f) => f.verdict === 'unknown');
    expect(unknown).toEqual([expect.objectContaining({ check: 'read-failed', route: '/msg/get_conversations_has_read_and_max_seq', seen: expect.stringContaining('500 ServerInternalError: redis: connection refused') })]);
    expect(found.some((f) => f.check === 'dismissed-joined')).toBe(true);
  });

  it('waits out a rate limit the server says the length of, and reads on', async () => {
    limited = 1;
    const found = await userFindings(demoClient({ url: proxy.url }), 'user_000001', { limit: limiter(DOCTOR_IN_FLIGHT), signal: undefined });
    expect(limited).toBe(0);
    expect(found.filter((f) => f.route === '/user/get_users_status')).toEqual([expect.objectContaining({ check: 'online', verdict: 'info' })]);
  });

  it('keeps the requests of a scan in flight under the bound', async () => {
    most = 0;
    await scanUsers(demoClient({ url: proxy.url }), 40, undefined, undefined);
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(DOCTOR_IN_FLIGHT);
  });
});

describe('what the doctor is asked', () => {
  it.each([
    ['user user_000004', { kind: 'user', id: 'user_000004' }],
    ['group 3100522654', { kind: 'group', id: '3100522654' }],
    ['users 250', { kind: 'users', count: 250 }],
    ['all', { kind: 'all' }],
    ['user_000009', { kind: 'user', id: 'user_000009' }],
    ['', { kind: 'none' }],
  ])('%j', (text, target) => {
    expect(parseTarget(text)).toEqual(target);
  });
  it.each(['users none', 'users 0', 'group', 'user a b', 'all x'])('refuses %j in words', (text) => {
    expect(typeof parseTarget(text)).toBe('string');
  });
});

describe('the checks over facts', () => {
  it('say a conversation whose seqs agree says nothing, and each disagreement once', () => {
    expect(conversationFindings('u', { conversationID: 'c', maxSeq: 10, hasReadSeq: 8, listedUnread: 2, minSeq: 0, holes: [] })).toEqual([]);
    const found = conversationFindings('u', { conversationID: 'c', maxSeq: 10, hasReadSeq: 12, listedUnread: 0, minSeq: 14, holes: [3, 4, 5, 9] });
    expect(found.map((f) => f.check)).toEqual(['read-past-max', 'unread-mismatch', 'seq-holes', 'latest-below-min']);
    expect(found[2]!.seen).toBe('4 missing: 3-5, 9');
  });

  it('write many holes as a few ranges', () => {
    expect(seqRanges([1, 3, 5, 7, 9, 11])).toBe('1, 3, 5, 7, …');
  });
});
