// @module-tag cli
// `--watch SECONDS` of the built CLI (dist/cli.cjs) as a child process: only what changed, as NDJSON
// events; a clean exit on SIGINT and on a closed pipe; a rate limit waited out on stderr.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from 'openim-demo-server';
import { CLI_NODE } from '../support/runCli.js';

const CLI = join(import.meta.dirname, '..', '..', 'dist', 'cli.cjs');
const tmp = mkdtempSync(join(tmpdir(), 'oie-watch-'));
const baseEnv: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: tmp, XDG_CONFIG_HOME: join(tmp, 'none'), LANG: 'C.UTF-8' };

interface Running {
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const children: ChildProcessWithoutNullStreams[] = [];
let server: Server | undefined;
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

function run(args: string[], env: NodeJS.ProcessEnv = {}): Running {
  const child = spawn(CLI_NODE, [CLI, ...args], { env: { ...baseEnv, ...env } });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  return { child, stdout: () => stdout, stderr: () => stderr, exit };
}

const lines = (text: string) => text.split('\n').filter(Boolean);

beforeAll(() => {
  if (!existsSync(CLI)) throw new Error('dist/cli.cjs is missing: run npm run build first');
});

describe('scripting --watch', () => {
  it('prints only what changed, as {"event","row"} lines, and ends cleanly on SIGINT', async () => {
    const r = run(['conversations', '--demo', '--user', DEMO.firstUserID, '--watch', '1'], { OIE_DEMO_PACE_MS: '200' });
    // The page it starts from comes first; then wait for a change.
    await expect.poll(() => lines(r.stdout()).some((l) => /^\{"event":"(new|changed)"/.test(l)), { timeout: 15_000, interval: 100 }).toBe(true);
    r.child.kill('SIGINT');
    const { code, signal } = await r.exit;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(r.stderr()).toBe('');
    const events = lines(r.stdout()).map((line) => JSON.parse(line) as { event: string; row: { conversationID: string } });
    for (const e of events) {
      expect(['initial', 'new', 'changed', 'gone']).toContain(e.event);
      expect(Object.keys(e)).toEqual(['event', 'row']);
      expect(e.row.conversationID).toMatch(/^s[ign]_/);
    }
    // A message arrived: a conversation is new on page 1 or changed on it.
    expect(events.some((e) => e.event === 'new' || e.event === 'changed')).toBe(true);
  }, 30_000);

  it('prints the page it starts from, then nothing while nothing changes; SIGTERM ends it too', async () => {
    const log = join(tmp, 'still.log');
    const r = run(['users', '--demo', '--still', '--watch', '1', '--log-file', log]);
    const fetched = () => (existsSync(log) ? lines(readFileSync(log, 'utf8')).filter((l) => l.includes(' getUsers ')).length : 0);
    // The baseline and three refreshes of a page that does not change.
    await expect.poll(fetched, { timeout: 15_000, interval: 100 }).toBeGreaterThanOrEqual(4);
    r.child.kill('SIGTERM');
    expect(await r.exit).toEqual({ code: 0, signal: null });
    const events = lines(r.stdout()).map((line) => JSON.parse(line) as { event: string; row: { userID: string } });
    expect(events.map((e) => e.event)).toEqual(Array(events.length).fill('initial'));
    expect(events[0]?.row.userID).toBe('user_000001');
    expect(events.length).toBeGreaterThan(0);
    expect(r.stderr()).toBe('');
  }, 30_000);

  it('exits 0 when the reader closes the pipe (| head -n 1)', async () => {
    const shell = spawn(
      'bash',
      ['-c', `"${CLI_NODE}" "${CLI}" conversations --demo --user ${DEMO.firstUserID} --watch 1 | head -n 1; echo "status=\${PIPESTATUS[0]}"`],
      { env: { ...baseEnv, OIE_DEMO_PACE_MS: '100' } },
    );
    let out = '';
    let err = '';
    shell.stdout.on('data', (c: Buffer) => (out += c.toString()));
    shell.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const code = await new Promise<number | null>((resolve) => shell.on('close', resolve));
    expect(code).toBe(0);
    const [first, status] = lines(out);
    expect(JSON.parse(first!)).toHaveProperty('event');
    expect(status).toBe('status=0');
    expect(err).toBe('');
  }, 30_000);

  it('waits out a 429 as Retry-After asks (longer than the request deadline, so the request gave up at once), says so on stderr, and goes on', async () => {
    let served = 0;
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
          res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
          res.end(JSON.stringify(body));
        };
        if (req.url === '/auth/get_admin_token') return send(200, { errCode: 0, errMsg: '', errDlt: '', data: { token: 't', expireTimeSeconds: 3600 } });
        const n = served++;
        const users = (count: number) => Array.from({ length: count }, (_, i) => ({ userID: `u${i + 1}`, nickname: `User ${i + 1}` }));
        if (n === 1) return send(429, { errCode: 429, errMsg: 'too many requests, please try again later', errDlt: '' }, { 'Retry-After': '2' });
        send(200, { errCode: 0, errMsg: '', errDlt: '', data: { total: n === 0 ? 2 : 3, users: users(n === 0 ? 2 : 3) } });
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const r = run(['users', '--base-url', url, '--watch', '1', '--timeout', '1'], { OPENIM_SECRET: 's' });
    await expect.poll(() => lines(r.stdout()).length, { timeout: 15_000, interval: 100 }).toBe(3);
    r.child.kill('SIGINT');
    expect((await r.exit).code).toBe(0);
    const events = lines(r.stdout()).map((line) => JSON.parse(line) as unknown);
    expect(events[0]).toEqual({ event: 'initial', row: expect.objectContaining({ userID: 'u1' }) });
    expect(events[2]).toEqual({ event: 'new', row: expect.objectContaining({ userID: 'u3' }) });
    expect(r.stderr()).toMatch(/^openim-explorer: getUsers: operationID=\d+ the server is rate-limiting \(it asked to wait 2 s\): errCode=429 errMsg="too many requests, please try again later" errDlt=""; next try in 2 s\n$/);
  }, 30_000);

  it('refuses --watch with --all, with another output, or under a second', async () => {
    for (const args of [
      ['users', '--demo', '--watch', '5', '--all'],
      ['users', '--demo', '--watch', '5', '-o', 'csv'],
      ['users', '--demo', '--watch', '0.5'],
    ]) {
      const r = run(args);
      expect((await r.exit).code).toBe(2);
      expect(r.stderr()).toMatch(/--watch|--all|--output/);
    }
  });
});
