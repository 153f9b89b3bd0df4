// A 429 (OpenIM main's rate limiter, or a proxy) carries its Retry-After into the error, for the
// live view to wait as long as asked. Over loopback, against a node:http server of the test's own.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { OpenIMClient } from '../../src/api/client.js';
import { ApiError, HttpError } from '../../src/api/errors.js';
import { getUsers } from '../../src/api/operations.js';
import { parseRetryAfter } from '../../src/api/rateLimit.js';
import { NO_BACKOFF } from '../support/retryPolicy.js';

let server: Server | undefined;
let hits = 0;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function answering(status: number, body: string, headers: Record<string, string>): Promise<OpenIMClient> {
  hits = 0;
  server = createServer((req, res) => {
    hits++;
    req.resume();
    req.on('end', () => {
      res.writeHead(status, headers);
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return new OpenIMClient({ baseUrl: url, token: 't', adminUserID: 'imAdmin', timeoutMs: 2000, retryPolicy: NO_BACKOFF, maxBodyBytes: 1 << 20 });
}

const failure = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error);
const pagination = { pageNumber: 1, showNumber: 10 };
const ENVELOPE_429 = JSON.stringify({ errCode: 429, errMsg: 'too many requests, please try again later', errDlt: '' });

describe('Retry-After', () => {
  it('reads seconds and HTTP dates, and nothing else', () => {
    const now = Date.UTC(2026, 0, 15, 9, 30, 0);
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter(' 120 ', now)).toBe(120_000);
    expect(parseRetryAfter('Thu, 15 Jan 2026 09:30:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Thu, 15 Jan 2026 09:29:00 GMT', now)).toBe(0);
    for (const bad of [null, undefined, '', '-1', '1.5', 'soon', '1e3']) expect(parseRetryAfter(bad, now)).toBeUndefined();
  });

  it('an envelope 429 is an ApiError with the wait; no retry is made', async () => {
    const client = await answering(429, ENVELOPE_429, { 'Content-Type': 'application/json', 'Retry-After': '7' });
    const error = await failure(getUsers(client, { pagination }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ errCode: 429, retryAfterMs: 7000 });
    expect(hits).toBe(1); // retries are for network errors and 5xx: waiting is the caller's to decide
  });

  it('a bare 429 page is an HttpError with the wait; without the header, no wait', async () => {
    const client = await answering(429, '<html><title>Too Many Requests</title></html>', { 'Content-Type': 'text/html', 'Retry-After': '2' });
    expect(await failure(getUsers(client, { pagination }))).toMatchObject({ status: 429, retryAfterMs: 2000 });
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    const plain = await answering(429, ENVELOPE_429, { 'Content-Type': 'application/json' });
    const error = (await failure(getUsers(plain, { pagination }))) as ApiError;
    expect(error.errCode).toBe(429);
    expect(error.retryAfterMs).toBeUndefined();
    expect(new HttpError(429, '', error.origin).retryAfterMs).toBeUndefined();
  });
});
