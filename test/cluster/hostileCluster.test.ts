// `cluster -o json` against loopback servers of the test's own with hostile answers: a target list
// pointing elsewhere and at things that are not host:port, a redirect, a 50 MB body, garbage lines,
// an envelope instead of a list, a list of thousands; and counters that go back between samples.
// Every request to discovery and to the targets is recorded: none carries the token, the secret or
// an operationID, none is a redirect followed, and the whole stays bounded.
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runClusterCommand } from '../../src/commands/cluster.js';
import { sampleCluster } from '../../src/data/clusterSampler.js';
import { addSample } from '../../src/domain/clusterRates.js';
import { scriptOptions } from '../support/scriptOptions.js';
import { startTestServer, type Recorded, type TestServer } from '../support/recordingServer.js';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.c2VjcmV0LXRva2Vu.c2ln';
const SECRET = 'openIM123-hostile-secret';
const servers: TestServer[] = [];
let api: TestServer;
let elsewhere: TestServer;
let redirecting: TestServer;
let huge: TestServer;
let garbage: TestServer;
let backwards: TestServer;
let stalling: TestServer;
let limited: TestServer;
let reads = 0;
const hostOf = (s: TestServer): string => new URL(s.url).host;

beforeAll(async () => {
  const start = async (handle: Parameters<typeof startTestServer>[0]): Promise<TestServer> => {
    const s = await startTestServer(handle);
    servers.push(s);
    return s;
  };
  elsewhere = await start((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('online_user_num 7\n'));
  redirecting = await start((_req, res) => res.writeHead(302, { location: `${elsewhere.url}/steal?x=1` }).end());
  huge = await start((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    const chunk = Buffer.alloc(1024 * 1024, 'online_user_num 1\n');
    let sent = 0;
    const more = (): void => {
      while (sent < 50) {
        sent++;
        if (!res.write(chunk)) return void res.once('drain', more);
      }
      res.end();
    };
    res.on('close', () => (sent = 50));
    more();
  });
  garbage = await start((_req, res) =>
    res.writeHead(200).end('\u001b[31mnot a metric\nmsg_offline_push_failed_total{broken 4\n<html>oops</html>\nmsg_offline_push_failed_total 12\n\u0000\u0000\n'),
  );
  backwards = await start((_req, res) => {
    reads++;
    res.writeHead(200).end(`msg_insert_mongo_success_total ${reads === 1 ? 5000 : 3}\n`);
  });
  // Headers, then nothing: the GET's own deadline ends it.
  stalling = await start((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).write('online_user_num 1'));
  limited = await start((_req, res) => res.writeHead(429, { 'retry-after': '90' }).end('slow down'));
  const lists: Record<string, unknown> = {
    conversation: [{ targets: [hostOf(stalling), hostOf(limited)] }],
    msg_gateway: [{ targets: [hostOf(elsewhere), hostOf(redirecting), hostOf(huge)], labels: { namespace: 'default' } }],
    push: [{ targets: [hostOf(garbage), 'http://evil.example:80/x', 'user@127.0.0.1:1', '127.0.0.1:99999', 'a b:1', '127.0.0.1:1/metrics', 42], labels: {} }],
    msg_transfer: [{ targets: [hostOf(backwards)] }],
    user: { errCode: 500, errMsg: 'ServerInternalError', errDlt: 'etcd: context deadline exceeded' },
    auth: Array.from({ length: 5 }, () => ({ targets: Array.from({ length: 1000 }, (_, i) => `127.1.${i >> 8}.${i & 255}:9`) })),
    group: 'not a list',
  };
  api = await start((req, res) => {
    const name = req.path.replace('/prometheus_discovery/', '');
    if (name === 'third') return void res.writeHead(301, { location: 'http://169.254.169.254/latest' }).end();
    if (name === 'friend') return void res.writeHead(200).end('{"targets": [');
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(lists[name] ?? []));
  });
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

async function cluster(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const options = scriptOptions(['cluster', ...argv], { OPENIM_BASE_URL: api.url, OPENIM_TOKEN: TOKEN, OPENIM_SECRET: SECRET });
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out: string[] = [];
  const err: string[] = [];
  stdout.on('data', (c: Buffer) => out.push(c.toString()));
  stderr.on('data', (c: Buffer) => err.push(c.toString()));
  const code = await runClusterCommand(options, { stdout, stderr });
  return { code, stdout: out.join(''), stderr: err.join('') };
}

const everyRequest = (): Recorded[] => servers.flatMap((s) => s.requests);

describe('cluster -o json against hostile answers', () => {
  it('stays safe and bounded, and says each failure in words', async () => {
    const run = await cluster(['-o', 'json', '--timeout', '1']);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as {
      services: { service: string; discovery: string; reason?: string; refused?: number; cut?: number }[];
      instances: { address: string; up: boolean; reason?: string; skippedLines?: number }[];
      figures: { figure: string; value: number | null }[];
    };
    const service = (name: string) => report.services.find((s) => s.service === name)!;
    const instance = (s: TestServer) => report.instances.find((i) => i.address === hostOf(s))!;
    // The target elsewhere is read (the server may list any address), with nothing of ours on it.
    expect(instance(elsewhere)).toMatchObject({ up: true });
    expect(instance(redirecting).reason).toMatch(/redirect \(HTTP 302\) to http:\/\/127\.0\.0\.1:\d+; not followed/);
    expect(instance(huge).reason).toMatch(/larger than 4096 KB; not read/);
    expect(instance(garbage)).toMatchObject({ up: true, skippedLines: 4 });
    expect(instance(stalling).reason).toBe('no answer within 1 s');
    expect(instance(limited).reason).toBe('rate-limited (HTTP 429): the next sample waits 90 s');
    expect(report.figures.find((f) => f.figure === 'offlinePushFailed')!.value).toBe(12);
    // Only the elsewhere gateway's page counted: the huge one was refused, the redirect not followed.
    expect(report.figures.find((f) => f.figure === 'online')!.value).toBe(7);
    expect(service('push').refused).toBe(6);
    expect(service('user')).toMatchObject({ discovery: 'failed', reason: expect.stringMatching(/errCode 500/) as unknown });
    expect(service('group')).toMatchObject({ discovery: 'failed', reason: 'its answer is not a target list (http_sd)' });
    expect(service('friend')).toMatchObject({ discovery: 'failed', reason: 'its answer is not JSON' });
    expect(service('third').reason).toMatch(/redirect \(HTTP 301\) to http:\/\/169\.254\.169\.254; not followed/);
    expect(service('auth').cut).toBeGreaterThan(0);
    // The list of 5000 (loopback addresses, refused at once) was cut at 32 targets: the sample never tried thousands of addresses.
    expect(report.instances.filter((i) => i.address.startsWith('127.1.'))).toHaveLength(32);
  }, 60_000);

  it('no request to discovery or to a target carries the token, the secret or an operationID, and the redirects were not followed', () => {
    const requests = everyRequest();
    expect(requests.length).toBeGreaterThan(10);
    for (const request of requests) {
      expect(request.method).toBe('GET');
      expect(request.headers.token).toBeUndefined();
      expect(request.headers.operationid).toBeUndefined();
      expect(request.headers.authorization).toBeUndefined();
      const all = JSON.stringify(request.headers) + request.path + request.body;
      expect(all).not.toContain(TOKEN);
      expect(all).not.toContain(SECRET);
    }
    expect(elsewhere.requests.map((r) => r.path)).toEqual(['/metrics']);
    expect(api.requests.every((r) => r.path.startsWith('/prometheus_discovery/'))).toBe(true);
  });

  it('a counter that went back between two samples is a restart mark, not a negative rate', async () => {
    const config = { baseUrl: api.url, given: [], get: { timeoutMs: 1000, maxBodyBytes: 1 << 20 }, now: (() => { let t = 0; return () => (t += 60_000); })() };
    reads = 0;
    const first = await sampleCluster(config);
    const second = await sampleCluster(config);
    const series = addSample(addSample(undefined, first, undefined), second, first);
    const mongo = series.find((s) => s.figure.key === 'mongoOk')!.points.at(-1)!;
    expect(mongo).toMatchObject({ value: 3, restart: true, perMinute: 3 });
  }, 60_000);
});
