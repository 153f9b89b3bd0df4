// The words for a body that is broken in itself: a reply that claims gzip (or deflate, or br)
// and is not is an unreadable reply (ProtocolError; exit 1 in scripting), not a connection reset,
// and is not retried; JSON after a UTF-8 byte order mark is read as JSON.
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { OpenIMClient } from '../../src/api/client.js';
import { ProtocolError } from '../../src/api/errors.js';
import { getUsers } from '../../src/api/operations.js';
import { startTestServer, type TestServer } from '../support/recordingServer.js';
import { assertBuilt, runCli } from '../support/runCli.js';
import { NO_BACKOFF } from '../support/retryPolicy.js';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJVc2VySUQiOiJpbUFkbWluIn0.ZW5jb2RpbmctdGVzdC10b2tlbg';
const pagination = { pageNumber: 1, showNumber: 10 };
const GARBAGE = Buffer.from('this is not compressed at all: garbage, garbage, garbage');
const PAGE = JSON.stringify({ errCode: 0, errMsg: '', errDlt: '', data: { total: 1, users: [{ userID: 'after_the_bom' }] } });
const BOM = '\uFEFF';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(body: Buffer, headers: Record<string, string> = {}): Promise<OpenIMClient> {
  server = await startTestServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', ...headers });
    res.end(body);
  });
  return new OpenIMClient({ baseUrl: server.url, token: TOKEN, adminUserID: 'imAdmin', timeoutMs: 5000, retryPolicy: NO_BACKOFF, maxBodyBytes: 1 << 20 });
}

describe('a compressed body that does not decompress', () => {
  it.each([
    ['gzip', 'Z_DATA_ERROR'],
    ['deflate', 'Z_DATA_ERROR'],
    ['br', 'ERR__ERROR_FORMAT_PADDING_1'],
  ])('Content-Encoding %s over garbage is an unreadable reply naming the encoding, not retried', async (encoding, code) => {
    const client = await serve(GARBAGE, { 'content-encoding': encoding });
    const error = await getUsers(client, { pagination }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProtocolError);
    expect((error as ProtocolError).message).toBe(
      `getUsers: the reply declares Content-Encoding ${encoding} but its body cannot be decompressed (${code})`,
    );
    expect((error as Error).message).not.toMatch(/reset/);
    expect(server!.requests).toHaveLength(1);
  });

  it('a proper gzip body is still read', async () => {
    const client = await serve(gzipSync(PAGE), { 'content-encoding': 'gzip' });
    expect((await getUsers(client, { pagination })).rows[0]?.userID).toBe('after_the_bom');
  });

  it('the built CLI exits 1 with "unreadable reply" (3 would tell the operator the server is unreachable)', { tags: ['cli'] }, async () => {
    assertBuilt();
    await serve(GARBAGE, { 'content-encoding': 'gzip' });
    const r = await runCli(['users', '--base-url', server!.url], { OPENIM_TOKEN: TOKEN });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /^openim-explorer: getUsers: operationID=\d+ unreadable reply: the reply declares Content-Encoding gzip but its body cannot be decompressed \(Z_DATA_ERROR\)\n$/,
    );
  });
});

describe('a UTF-8 byte order mark before the JSON', () => {
  it.each<[string, () => Buffer, Record<string, string>]>([
    ['plain', () => Buffer.from(BOM + PAGE), {}],
    ['gzip-compressed', () => gzipSync(BOM + PAGE), { 'content-encoding': 'gzip' }],
    ['br-compressed', () => brotliCompressSync(BOM + PAGE), { 'content-encoding': 'br' }],
  ])('is accepted (%s)', async (_name, body, headers) => {
    const client = await serve(body(), headers);
    const page = await getUsers(client, { pagination });
    expect(page.rows.map((u) => u.userID)).toEqual(['after_the_bom']);
  });

  it('is accepted by the built CLI', { tags: ['cli'] }, async () => {
    assertBuilt();
    await serve(Buffer.from(BOM + PAGE));
    const r = await runCli(['users', '--base-url', server!.url, '-o', 'ndjson'], { OPENIM_TOKEN: TOKEN });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ userID: 'after_the_bom' });
  });
});

