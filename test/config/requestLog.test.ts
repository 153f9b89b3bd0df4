// --log-file: one line per request, appended, created 0600; the event it is built from holds no token.
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenIMClient, DEFAULT_CLIENT_CONFIG } from '../../src/api/client.js';
import { getUsers } from '../../src/api/operations.js';
import { UsageError } from '../../src/config/args.js';
import { formatLogLine, openRequestLog } from '../../src/config/requestLog.js';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';

const dir = mkdtempSync(join(tmpdir(), 'oie-log-'));
let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ users: 100 });
});
afterAll(async () => {
  await demo.close();
});

describe('formatLogLine', () => {
  it('writes time, operation, operationID, status, errCode, duration and bytes', () => {
    const line = formatLogLine(
      { operation: 'getUsers', path: '/user/get_users', operationID: '17000000000000001', status: 200, errCode: 0, durationMs: 12.5, bytes: 1834, outcome: 'ok' },
      new Date('2025-01-31T10:00:00Z'),
    );
    expect(line).toBe('2025-01-31T10:00:00.000Z getUsers operationID=17000000000000001 status=200 errCode=0 ms=12.5 bytes=1834 outcome=ok');
  });

  it('writes - for a reply without an envelope and keeps the line on one line', () => {
    const line = formatLogLine(
      { operation: 'get\nUsers', path: '/', operationID: 'a b', status: 0, errCode: null, durationMs: 1, bytes: 0, outcome: 'network-error' },
      new Date(0),
    );
    expect(line).toBe('1970-01-01T00:00:00.000Z get?Users operationID=a?b status=0 errCode=- ms=1 bytes=0 outcome=network-error');
  });
});

describe('openRequestLog', () => {
  it('creates the file 0600 and appends a line per request, never the token', async () => {
    const path = join(dir, 'requests.log');
    const token = demo.adminToken();
    for (let run = 0; run < 2; run++) {
      const log = openRequestLog(path);
      const client = new OpenIMClient({ ...DEFAULT_CLIENT_CONFIG, baseUrl: demo.url, token, onRequest: log.onRequest });
      await getUsers(client, { pagination: { pageNumber: 1, showNumber: 5 } });
      log.close();
    }
    const bad = openRequestLog(path);
    const badClient = new OpenIMClient({ ...DEFAULT_CLIENT_CONFIG, baseUrl: demo.url, token: `${token}x`, onRequest: bad.onRequest });
    await expect(getUsers(badClient, { pagination: { pageNumber: 1, showNumber: 5 } })).rejects.toThrow();
    bad.close();

    expect(statSync(path).mode & 0o777).toBe(0o600);
    const lines = readFileSync(path, 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z getUsers operationID=\d+ status=200 errCode=0 ms=[\d.]+ bytes=\d+ outcome=ok$/);
    expect(lines[2]).toMatch(/ getUsers operationID=\d+ status=200 errCode=15\d\d .* outcome=api-error$/);
    const text = readFileSync(path, 'utf8');
    expect(text).not.toContain(token);
    expect(text).not.toContain(token.split('.')[2]!);
    expect(text).not.toContain(DEMO.secret);
  });

  it('keeps the mode of a file that exists and appends to it', () => {
    const path = join(dir, 'existing.log');
    writeFileSync(path, 'earlier\n', { mode: 0o600 });
    const log = openRequestLog(path, () => new Date(0));
    log.onRequest({ operation: 'getUsers', path: '/', operationID: '1', status: 200, errCode: 0, durationMs: 1, bytes: 2, outcome: 'ok' });
    log.close();
    expect(readFileSync(path, 'utf8')).toBe('earlier\n1970-01-01T00:00:00.000Z getUsers operationID=1 status=200 errCode=0 ms=1 bytes=2 outcome=ok\n');
  });

  it('takes a note (a warning Node raised while the UI was up) as one line after the time', () => {
    const path = join(dir, 'note.log');
    const log = openRequestLog(path, () => new Date(0));
    log.note('MaxListenersExceededWarning: Possible leak\n    at stack (x.js:1:1)\u001b[2J');
    log.close();
    expect(readFileSync(path, 'utf8')).toBe('1970-01-01T00:00:00.000Z MaxListenersExceededWarning: Possible leak     at stack (x.js:1:1) [2J\n');
  });

  it('a path that cannot be opened is a usage error', () => {
    expect(() => openRequestLog(join(dir, 'no', 'such', 'dir.log'))).toThrow(UsageError);
  });
});
