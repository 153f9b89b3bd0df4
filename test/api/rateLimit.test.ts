// main's optional rate limiter (HTTP 429, envelope errCode 429, Retry-After) against the client
// over loopback: it waits when the server says how long and the wait fits in the deadline,
// otherwise it says "the server is rate-limiting" at once; never a protocol error.
import { PassThrough } from 'node:stream';
import { LISTS } from '../../src/lists/registry.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OpenIMClient } from '../../src/api/client.js';
import { AbortedError, ApiError, HttpError } from '../../src/api/errors.js';
import { getUsers } from '../../src/api/operations.js';
import { parseRetryAfter, walkWaitFor } from '../../src/api/rateLimit.js';
import { RETRY_POLICY } from '../../src/api/retryPolicy.js';
import { adviceKeys, describeFailure } from '../../src/components/failureText.js';
import { DEFAULT_KEYS } from '../../src/keys/keymap.js';

const ADVICE = adviceKeys(DEFAULT_KEYS);
import { scriptOptions } from '../support/scriptOptions.js';
import { runListCommand } from '../../src/commands/run.js';
import { listFetcher } from '../../src/lists/registry.js';
import { walkPages } from '../../src/data/walk.js';
import { startFaultServer, type Fault, type FaultServer } from '../support/faultServer.js';
import { NO_BACKOFF } from '../support/retryPolicy.js';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJVc2VySUQiOiJpbUFkbWluIn0.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';
const pagination = { pageNumber: 1, showNumber: 10 };

/** What main's RateLimitMiddleware sends (S@main:internal/api/ratelimit.go): status 429, the BBR headers, the envelope. */
const RATE_LIMITED = (retryAfter: string | undefined): Fault => ({
  kind: 'raw',
  status: 429,
  contentType: 'text/plain; charset=utf-8',
  headers: {
    'X-RateLimit-Policy': 'BBR',
    'X-RateLimit-Limit': '120',
    'X-RateLimit-Remaining': '0',
    ...(retryAfter === undefined ? {} : { 'Retry-After': retryAfter }),
  },
  body: '{"errCode":429,"errMsg":"too many requests, please try again later","errDlt":""}',
});
const USERS = (ids: string[], total = ids.length): Fault => ({
  kind: 'json',
  body: { errCode: 0, errMsg: '', errDlt: '', data: { total, users: ids.map((userID) => ({ userID })) } },
});

let server: FaultServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function clientFor(choose: (path: string, attempt: number) => Fault, timeoutMs = 3000) {
  server = await startFaultServer(choose);
  return new OpenIMClient({
    baseUrl: server.url, token: TOKEN, adminUserID: 'imAdmin', timeoutMs, retryPolicy: NO_BACKOFF, maxBodyBytes: 1 << 20,
  });
}

const failure = (p: Promise<unknown>): Promise<unknown> => p.then(() => undefined, (e: unknown) => e);

describe('a request on a rate-limiting server', () => {
  it('waits for Retry-After when it fits in the deadline, then gets the page', async () => {
    const client = await clientFor((_p, attempt) => (attempt === 1 ? RATE_LIMITED('1') : USERS(['u1'])));
    const page = await getUsers(client, { pagination });
    expect(page.rows.map((u) => u.userID)).toEqual(['u1']);
    expect(server!.requests).toHaveLength(2);
    // The same request again: the same operationID (one request in the server's logs) and token.
    expect(server!.requests[1]!.headers.operationid).toBe(server!.requests[0]!.headers.operationid);
    expect(server!.requests[1]!.headers.token).toBe(TOKEN);
  });

  it('fails at once, with the delay, when Retry-After is longer than the deadline', async () => {
    const client = await clientFor(() => RATE_LIMITED('30'), 2000);
    const error = await failure(getUsers(client, { pagination }));
    expect(error).toBeInstanceOf(ApiError);
    const api = error as ApiError;
    expect(api).toMatchObject({ errCode: 429, errMsg: 'too many requests, please try again later', retryAfterMs: 30_000 });
    expect(api.isRateLimited).toBe(true);
    expect(server!.requests).toHaveLength(1);
    const text = describeFailure(api, ADVICE);
    expect(text.headline).toBe('the server is rate-limiting (429 too many requests, please try again later) in getUsers');
    expect(text.hint).toBe('it asked to wait 30 s; r to retry after that');
  });

  it('does not wait without a Retry-After, and says so in words', async () => {
    const client = await clientFor(() => RATE_LIMITED(undefined));
    const error = (await failure(getUsers(client, { pagination }))) as ApiError;
    expect(error.isRateLimited).toBe(true);
    expect(error.retryAfterMs).toBeUndefined();
    expect(server!.requests).toHaveLength(1);
    expect(describeFailure(error, ADVICE).hint).toBe('wait a moment, then r to retry');
  });

  it('ignores a Retry-After it cannot trust (main can send a huge negative number)', async () => {
    const client = await clientFor(() => RATE_LIMITED('-9223372036854775807'));
    const error = (await failure(getUsers(client, { pagination }))) as ApiError;
    expect(error.isRateLimited).toBe(true);
    expect(error.retryAfterMs).toBeUndefined();
    expect(server!.requests).toHaveLength(1);
  });

  it('waits a bounded number of times', async () => {
    const client = await clientFor(() => RATE_LIMITED('0'));
    const error = (await failure(getUsers(client, { pagination }))) as ApiError;
    expect(error.isRateLimited).toBe(true);
    expect(server!.requests).toHaveLength(1 + RETRY_POLICY.maxWaitsPerRequest);
  });

  it('counts 5xx retries and 429 waits in one loop: a wait does not start the retries again', async () => {
    // 503, 429 (waited), 503, 503: two retries and one wait are all the request gets (2 retries
    // set here). Two nested loops gave the 5xx retries afresh after every wait: 5 requests.
    const answers: Fault[] = [{ kind: 'status', status: 503, body: 'busy' }, RATE_LIMITED('0'), { kind: 'status', status: 503, body: 'busy' }, { kind: 'status', status: 503, body: 'busy' }, USERS(['late'])];
    const client = await clientFor((_p, attempt) => answers[attempt - 1] ?? USERS(['later']));
    const error = await failure(getUsers(client, { pagination }));
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(503);
    expect(server!.requests).toHaveLength(4);
  });

  it('treats a proxy\'s 429 page as rate limiting too, not as a protocol error', async () => {
    const client = await clientFor(() => ({
      kind: 'status', status: 429, body: '<html><head><title>429 Too Many Requests</title></head></html>',
    }));
    const error = await failure(getUsers(client, { pagination }));
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).isRateLimited).toBe(true);
    expect(describeFailure(error as HttpError, ADVICE).headline).toBe('the server is rate-limiting (HTTP 429) in getUsers');
  });

  it('stops waiting when the caller cancels', async () => {
    const client = await clientFor(() => RATE_LIMITED('2'), 5000);
    const controller = new AbortController();
    const pending = failure(getUsers(client, { pagination }, controller.signal));
    await vi.waitFor(() => expect(server!.requests).toHaveLength(1), { timeout: 3000 });
    controller.abort();
    expect(await pending).toBeInstanceOf(AbortedError);
    expect(server!.requests).toHaveLength(1);
  });
});

describe('the page walk on a rate-limiting server', () => {
  it('waits between pages for a Retry-After beyond one request\'s deadline', async () => {
    // Page 2 is refused once with a wait longer than the 1 s deadline: the request gives up, the walk waits.
    const client = await clientFor((_p, attempt) => (attempt === 2 ? RATE_LIMITED('20') : USERS(attempt === 1 ? ['a', 'b'] : ['c'], 3)), 1000);
    const waits: { page: number; waitMs: number }[] = [];
    const slept: number[] = [];
    const walk = walkPages(listFetcher(client, { kind: 'users', query: LISTS.users.query.initial }), {
      startPage: 1, size: 2, all: true,
      onRateLimitWait: (w) => waits.push(w),
      sleep: (ms) => {
        slept.push(ms);
        return Promise.resolve();
      },
    });
    const rows: string[] = [];
    for await (const { result } of walk) rows.push(...result.rows.map((r) => String((r as { userID: string }).userID)));
    expect(rows).toEqual(['a', 'b', 'c']);
    expect(waits).toEqual([{ page: 2, waitMs: 20_000 }]);
    expect(slept).toEqual([20_000]);
  });

  it('gives up after a bounded number of waits for one page', async () => {
    const client = await clientFor(() => RATE_LIMITED('20'), 1000);
    let sleeps = 0;
    const walk = walkPages(listFetcher(client, { kind: 'users', query: LISTS.users.query.initial }), {
      startPage: 1, size: 2, all: true, sleep: () => Promise.resolve(void sleeps++),
    });
    const error = await failure((async () => {
      for await (const page of walk) void page;
    })());
    expect((error as ApiError).isRateLimited).toBe(true);
    expect(sleeps).toBe(RETRY_POLICY.maxWaitsPerPage);
    expect(server!.requests).toHaveLength(RETRY_POLICY.maxWaitsPerPage + 1);
  });

  it('users --all says on stderr that it waits, and prints every row', async () => {
    server = await startFaultServer((_p, attempt) => (attempt === 2 ? RATE_LIMITED('1') : USERS(attempt === 1 ? ['a', 'b'] : ['c'], 3)));
    const options = scriptOptions(['users', '--all', '--size', '2', '--output', 'ndjson', '--timeout', '0.5'], {
      OPENIM_BASE_URL: server.url, OPENIM_TOKEN: TOKEN,
    });
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    const out: string[] = [];
    const err: string[] = [];
    stdout.on('data', (c: Buffer) => out.push(c.toString()));
    stderr.on('data', (c: Buffer) => err.push(c.toString()));
    const code = await runListCommand(options, { stdout, stderr });
    expect(code).toBe(0);
    expect(out.join('').trim().split('\n').map((l) => (JSON.parse(l) as { userID: string }).userID)).toEqual(['a', 'b', 'c']);
    expect(err.join('')).toBe('openim-explorer: the server is rate-limiting; waiting 1 s (Retry-After) before page 2\n');
  });

  it('users reports the rate limit in one line when it will not wait', async () => {
    server = await startFaultServer(() => RATE_LIMITED(undefined));
    const options = scriptOptions(['users', '--output', 'json'], { OPENIM_BASE_URL: server.url, OPENIM_TOKEN: TOKEN });
    const stderr = new PassThrough();
    const err: string[] = [];
    stderr.on('data', (c: Buffer) => err.push(c.toString()));
    const code = await runListCommand(options, { stdout: new PassThrough(), stderr });
    expect(code).toBe(1);
    expect(err.join('')).toMatch(
      /^openim-explorer: getUsers: operationID=\d+ the server is rate-limiting: errCode=429 errMsg="too many requests, please try again later" errDlt=""\n$/,
    );
  });
});

describe('the Retry-After rule', () => {
  const now = Date.parse('Wed, 21 Oct 2026 07:28:00 GMT');

  it('reads delay-seconds and HTTP-dates, and nothing else', () => {
    expect(parseRetryAfter('1', now)).toBe(1000);
    expect(parseRetryAfter(' 120 ', now)).toBe(120_000);
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:28:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:27:00 GMT', now)).toBe(0);
    for (const bad of [null, undefined, '', '-1', '1.5', 'soon', '2026-10-21', '999999999']) {
      expect(parseRetryAfter(bad, now), String(bad)).toBeUndefined();
    }
  });

  it('lets a walk wait only for rate limiting with a delay, at most a minute', () => {
    expect(walkWaitFor({ isRateLimited: true, retryAfterMs: 5000 }, 0)).toBe(5000);
    expect(walkWaitFor({ isRateLimited: true, retryAfterMs: 5000 }, RETRY_POLICY.maxWaitsPerPage)).toBeUndefined();
    expect(walkWaitFor({ isRateLimited: true, retryAfterMs: 61_000 }, 0)).toBeUndefined();
    expect(walkWaitFor({ isRateLimited: true }, 0)).toBeUndefined();
    expect(walkWaitFor({ isRateLimited: false, retryAfterMs: 5000 }, 0)).toBeUndefined();
    expect(walkWaitFor(new Error('x'), 0)).toBeUndefined();
  });
});
