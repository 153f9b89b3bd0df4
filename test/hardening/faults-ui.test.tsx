// Failing servers leave it standing: the real App against a server that fails on purpose
// (test/support/faultServer.ts) over loopback. For each failure the screen shows a readable
// message (no stack trace), the last good rows stay on screen, and the app still answers keys.
// Also: a 50 MB body is refused by the cap without the memory growing with it, and an expired
// token is renewed once with a secret, or explained without one.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';

import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';
import { currentList } from '../../src/store/selectors.js';
import { startFaultServer, type Fault, type FaultServer } from '../support/faultServer.js';
import { mountApp, stackTraceLines, type Mounted } from './harness.js';
import { loaded, step } from './walk.js';
import { NO_BACKOFF, NO_RETRIES } from '../support/retryPolicy.js';
import { cursorLine } from '../support/screenText.js';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJVc2VySUQiOiJpbUFkbWluIn0.dG9rZW4tZm9yLWZhdWx0LXRlc3Rz';
const GOOD_ROWS = Array.from({ length: 20 }, (_, i) => ({ userID: `good_${String(i + 1).padStart(6, '0')}`, nickname: `Good ${i + 1}` }));
const good = (total = 100): Fault => ({ kind: 'json', body: { errCode: 0, errMsg: '', errDlt: '', data: { total, users: GOOD_ROWS } } });
const html = (status: number, title: string): Fault => ({
  kind: 'status',
  status,
  body: `<!DOCTYPE html><html><head><title>${title}</title></head><body><h1>${title}</h1><hr>nginx</body></html>`,
});

/** What a readable failure looks like on screen: the headline of ErrorBar. */
// A failed page step names the page that failed first ("✗ page 2 failed: server error …").
const READABLE = /✗ (page \d+ failed: )?(server error \d+ .+ in getUsers|HTTP \d{3} from the server in getUsers|unreadable reply in getUsers|getUsers: .+)/;
const RAW_ERRORS = /TypeError|ZodError|SyntaxError|RangeError|ReferenceError|undefined is not|Cannot read prop|\[object Object\]/;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function faultServer(choose: (path: string, attempt: number) => Fault): Promise<FaultServer> {
  const server = await startFaultServer(choose);
  cleanups.push(() => server.close());
  return server;
}

function mount(baseUrl: string, overrides: Parameters<typeof mountApp>[0]['client'] = { baseUrl }): Mounted {
  const m = mountApp({ client: { token: TOKEN, timeoutMs: 1500, retryPolicy: NO_BACKOFF, ...overrides, baseUrl }, columns: 100, rows: 30 });
  cleanups.push(() => m.unmount());
  return m;
}

/** The failure is on screen in words, the good rows are still there, and j and r still work. */
async function expectStanding(m: Mounted, expected: RegExp): Promise<void> {
  const screen = await m.waitFor((s) => READABLE.test(s));
  expect(screen).toMatch(expected);
  expect(stackTraceLines(screen)).toEqual([]);
  expect(screen).not.toMatch(RAW_ERRORS);
  expect(screen).not.toContain(TOKEN);
  expect(screen).toContain('good_000001');
  const before = currentList(m.store.getState())!.cursor;
  await step(m, 'j');
  expect(currentList(m.store.getState())!.cursor).toBe(before + 1);
  await m.waitFor((s) => cursorLine(s).includes(`good_${String(before + 2).padStart(6, '0')}`));
}

describe('the app against failing servers', () => {
  it.each<[string, Fault, RegExp]>([
    ['a connection reset', { kind: 'reset' }, /connection reset/],
    ['a reset in the middle of the body', { kind: 'resetMidBody' }, /connection reset/],
    ['a server that hangs', { kind: 'hang' }, /no answer before the timeout[\s\S]*--timeout/],
    ['a reply slower than the timeout', { kind: 'json', body: { errCode: 0, errMsg: '', errDlt: '', data: { total: 1, users: [] } }, delayMs: 2500 }, /no answer before the timeout/],
    ['401 with an HTML page', html(401, '401 Authorization Required'), /HTTP 401[\s\S]*401 Authorization Required/],
    ['403 with an empty body', { kind: 'status', status: 403, body: '' }, /HTTP 403[\s\S]*\(empty body\)/],
    ['404 as gin writes it', { kind: 'status', status: 404, body: '404 page not found', contentType: 'text/plain' }, /HTTP 404[\s\S]*--base-url/],
    ['500 with an empty body', { kind: 'status', status: 500, body: '' }, /HTTP 500/],
    ['502 from nginx', html(502, '502 Bad Gateway'), /HTTP 502[\s\S]*502 Bad Gateway/],
    ['503 with an HTML page', html(503, '503 Service Temporarily Unavailable'), /HTTP 503[\s\S]*Service Temporarily/],
    ['truncated JSON', { kind: 'raw', body: '{"errCode":0,"errMsg":"","errDlt":"","data":{"total":3,"users":[{"userID":"u' }, /response is not JSON/],
    ['an empty 200', { kind: 'raw', body: '' }, /empty response body/],
    ['JSON that is not an envelope', { kind: 'json', body: [1, 2, 3] }, /not an OpenIM envelope/],
    ['a list of the wrong type', { kind: 'json', body: { errCode: 0, errMsg: '', errDlt: '', data: { total: 1, users: 'nope' } } }, /unexpected data: users/],
    ['rows of the wrong shape', { kind: 'json', body: { errCode: 0, errMsg: '', errDlt: '', data: { total: 2, users: [null, 7] } } }, /unexpected data: users\[0\]/],
    ['errCode non-zero with data present', { kind: 'json', body: { errCode: 90002, errMsg: 'DatabaseError', errDlt: 'mongo down', data: { total: 1, users: [{ userID: 'ghost' }] } } }, /server error 90002 DatabaseError[\s\S]*mongo down/],
    ['a Go stack in errMsg', { kind: 'json', body: { errCode: 1001, errMsg: 'Error: Error: unexpected end of JSON input | -> github.com/openimsdk/tools/a2r.ParseRequest a2r/api2rpc.go:66 | -> more', errDlt: '' } }, /server error 1001 Error: Error: unexpected end of JSON input in getUsers/],
    ['a panic as gRPC code 2', { kind: 'json', body: { errCode: 2, errMsg: 'Error: 500 panic error runtime error: index out of range | -> x', errDlt: '' } }, /gRPC Unknown/],
    ['a body of 50 MB', { kind: 'huge', bytes: 50 * 1024 * 1024 }, /larger than the 8 MB limit/],
    ['a declared body of 50 MB', { kind: 'huge', bytes: 50 * 1024 * 1024, declareLength: true }, /larger than the 8 MB limit/],
  ])('stands after %s', async (_name, fault, expected) => {
    let failing = false;
    const server = await faultServer(() => (failing ? fault : good()));
    const m = mount(server.url, { baseUrl: server.url, maxBodyBytes: 8 * 1024 * 1024 });
    await m.waitFor('good_000020');
    failing = true;
    await step(m, 'r');
    await expectStanding(m, expected);
    // Paging onto a failing page keeps the good rows too; the app recovers when the server does.
    await step(m, 'n');
    await m.waitFor((s) => READABLE.test(s) && s.includes('good_000001'));
    failing = false;
    await step(m, 'r');
    await m.waitFor((s) => s.includes('page 2 of 5') && !s.includes('✗'));
  });

  it('stands after JSON nested 100,000 levels deep and numbers beyond 2^53', async () => {
    let reply = 0;
    const big = '{"errCode":0,"errMsg":"","errDlt":"","data":{"total":18446744073709551616,"users":[' +
      '{"userID":"big_1","nickname":"n","createTime":123456789012345678901234567890,"appMangerLevel":9223372036854775807,"globalRecvMsgOpt":-9223372036854775808},' +
      '{"userID":"big_2","createTime":"99999999999999999999","appMangerLevel":"-18446744073709551616"}]}}';
    const server = await faultServer(() => (reply++ === 0 ? good() : reply % 2 === 0 ? { kind: 'deep', levels: 100_000 } : { kind: 'raw', body: big }));
    const m = mount(server.url);
    await m.waitFor('good_000020');
    await step(m, 'r'); // deep: the user row carries a 100,000-level document in an unknown field
    await loaded(m, 1);
    const deep = m.screen();
    expect(stackTraceLines(deep)).toEqual([]);
    expect(deep).not.toMatch(RAW_ERRORS);
    await step(m, 'd');
    await step(m, 'y'); // copying the row serialises the document
    await step(m, 'r'); // numbers beyond 2^53
    await loaded(m, 1);
    const screen = await m.waitFor('big_1');
    expect(stackTraceLines(screen)).toEqual([]);
    expect(screen).not.toMatch(RAW_ERRORS);
    await step(m, 'j');
    await m.waitFor((s) => cursorLine(s).includes('big_2'));
    await step(m, 'n');
    await step(m, 'G', (a, b) => currentList(a)?.cursor !== currentList(b)?.cursor); // already on the last row: nothing to draw
    await step(m, 'r');
    await loaded(m, currentList(m.store.getState())!.page);
    expect(stackTraceLines(m.screen())).toEqual([]);
  });

  it('says the connection was refused, and still answers keys', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    const m = mount(`http://127.0.0.1:${port}`);
    const screen = await m.waitFor(/connection refused: is the server running at that address\?/);
    expect(screen).toContain('not answering');
    expect(stackTraceLines(screen)).toEqual([]);
    await step(m, '?');
    await m.waitFor('Keys');
    await step(m, '?');
    await step(m, 'r');
    await m.waitFor(/connection refused/);
  });

  it('refuses a 50 MB body without the memory growing with it', async () => {
    const server = await faultServer((_path, attempt) => (attempt === 1 ? good() : { kind: 'huge', bytes: 50 * 1024 * 1024 }));
    const m = mount(server.url, { baseUrl: server.url, retryPolicy: NO_RETRIES, maxBodyBytes: 4 * 1024 * 1024, timeoutMs: 10_000 });
    await m.waitFor('good_000020');
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    try {
      for (let i = 0; i < 3; i++) {
        await step(m, 'r');
        await m.waitFor(/larger than the 4 MB limit/);
      }
    } finally {
      clearInterval(sampler);
    }
    // Three refused 50 MB bodies: at most the 4 MB cap is ever buffered (plus streaming chunks).
    expect((peak - before) / 1024 / 1024).toBeLessThan(40);
    await expectStanding(m, /unreadable reply in getUsers[\s\S]*larger than the 4 MB limit/);
  });
});

describe('an expired token in the middle of a session', () => {
  let demo: DemoServer | undefined;
  afterEach(async () => {
    await demo?.close();
    demo = undefined;
  });

  it('with the secret: obtains a new token once and repeats the request', async () => {
    demo = await startDemoServer({ users: 200 });
    const m = mountApp({ client: { baseUrl: demo.url, secret: DEMO.secret, adminUserID: DEMO.adminUserID }, columns: 100, rows: 30 });
    cleanups.push(() => m.unmount());
    await m.waitFor(DEMO.firstUserID);
    const logins = demo.requestCount('/auth/get_admin_token');
    demo.expireTokens();
    await step(m, 'n');
    await m.waitFor((s) => s.includes('page 2 of 10') && s.includes('user_000021'));
    expect(m.screen()).not.toContain('✗');
    expect(demo.requestCount('/auth/get_admin_token')).toBe(logins + 1);
  });

  it('without a secret: says the token expired and how to give a new one', async () => {
    demo = await startDemoServer({ users: 200 });
    const token = demo.mintToken(DEMO.adminUserID);
    const m = mountApp({ client: { baseUrl: demo.url, token }, columns: 120, rows: 30 });
    cleanups.push(() => m.unmount());
    await m.waitFor(DEMO.firstUserID);
    demo.expireTokens();
    await step(m, 'r');
    const screen = await m.waitFor(/server error 1501/);
    expect(screen).toMatch(/TokenExpired/);
    expect(screen).toMatch(/OPENIM_TOKEN/);
    expect(screen).toMatch(/--secret/);
    expect(screen).toContain(DEMO.firstUserID); // the last good rows stay
    expect(screen).not.toContain(token);
    expect(demo.requestCount('/auth/get_admin_token')).toBe(0);
  });
});
