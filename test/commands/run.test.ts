// The scripting commands in-process against the embedded demo server over loopback: every
// command in every format, --all across many pages, and the exit codes.
import { PassThrough } from 'node:stream';
import { LISTS } from '../../src/lists/registry.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CLIENT_CONFIG, OpenIMClient } from '../../src/api/client.js';
import { scriptOptions } from '../support/scriptOptions.js';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';
import { runListCommand } from '../../src/commands/run.js';
import { walkPages } from '../../src/data/walk.js';
import { listFetcher } from '../../src/lists/registry.js';
import { isLastPage, WALK_PAGE_SIZE as ALL_PAGE_SIZE } from '../../src/domain/paging.js';
import { displayWidth } from '../../src/terminal/width.js';

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ users: 2000 });
});
afterAll(async () => {
  await demo.close();
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout as it arrived, one entry per write. */
  chunks: string[];
}

async function run(argv: string[], env: NodeJS.ProcessEnv = {}, tty?: { columns: number }): Promise<Run> {
  const options = scriptOptions(argv, { OPENIM_BASE_URL: demo.url, OPENIM_SECRET: DEMO.secret, ...env });
  const stdout = Object.assign(new PassThrough(), tty ? { isTTY: true, columns: tty.columns } : {});
  const stderr = new PassThrough();
  const chunks: string[] = [];
  const errors: string[] = [];
  stdout.on('data', (c: Buffer) => chunks.push(c.toString()));
  stderr.on('data', (c: Buffer) => errors.push(c.toString()));
  const code = await runListCommand(options, { stdout, stderr });
  return { code, stdout: chunks.join(''), stderr: errors.join(''), chunks };
}

const json = (text: string): Record<string, unknown>[] => JSON.parse(text) as Record<string, unknown>[];
const ndjson = (text: string): Record<string, unknown>[] =>
  text.trimEnd().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
const csvRows = (text: string): string[] => text.split('\r\n').filter(Boolean);

const COMMANDS: { argv: string[]; id: string; rows: number }[] = [
  { argv: ['users', '--size', '7'], id: 'userID', rows: 7 },
  { argv: ['accounts'], id: 'userID', rows: DEMO.notificationAccountIDs.length },
  { argv: ['conversations', '--user', DEMO.firstUserID, '--size', '9'], id: 'conversationID', rows: 9 },
  { argv: ['blacklist', '--user', DEMO.firstUserID], id: 'ownerUserID', rows: DEMO.firstUser.blacks },
  { argv: ['applications', '--user', DEMO.firstUserID, '--size', '5'], id: 'toUserID', rows: 5 },
];

describe('every command in every format', () => {
  for (const { argv, id, rows } of COMMANDS) {
    it(`${argv.join(' ')}`, async () => {
      const asJson = await run([...argv, '--output', 'json']);
      expect(asJson).toMatchObject({ code: 0, stderr: '' });
      const parsed = json(asJson.stdout);
      expect(parsed).toHaveLength(rows);
      expect(typeof parsed[0]?.[id]).toBe('string');

      const asNdjson = await run([...argv, '--output', 'ndjson']);
      expect(asNdjson.code).toBe(0);
      expect(ndjson(asNdjson.stdout)).toEqual(parsed);

      const asCsv = await run([...argv, '--output', 'csv']);
      expect(asCsv.code).toBe(0);
      const lines = csvRows(asCsv.stdout);
      expect(lines[0]).toContain(id);
      // Quoted newlines make more physical lines than rows, never fewer.
      expect(lines.length).toBeGreaterThanOrEqual(rows + 1);

      const asTable = await run([...argv, '--output', 'table'], {}, { columns: 100 });
      expect(asTable.code).toBe(0);
      const tableLines = asTable.stdout.trimEnd().split('\n');
      expect(tableLines).toHaveLength(rows + 1);
      for (const line of tableLines) expect(displayWidth(line)).toBeLessThanOrEqual(100);
    });
  }

  it('JSON is the server data as parsed, unknown keys and all', async () => {
    const { stdout } = await run(['users', '--size', '3', '-o', 'json']);
    const client = new OpenIMClient({ ...DEFAULT_CLIENT_CONFIG, baseUrl: demo.url, secret: DEMO.secret });
    const page = await listFetcher(client, { kind: 'users', query: LISTS.users.query.initial })(1, 3);
    expect(json(stdout)).toEqual(JSON.parse(JSON.stringify(page.rows)));
  });

  it('defaults to a table on a terminal and JSON otherwise', async () => {
    expect((await run(['users', '--size', '2'], {}, { columns: 80 })).stdout).toMatch(/^USER ID +NICKNAME/);
    expect(json((await run(['users', '--size', '2'])).stdout)).toHaveLength(2);
  });

  it('the table fits the terminal width and sanitises hostile strings', async () => {
    const { stdout } = await run(['applications', '--user', DEMO.firstUserID, '--all', '-o', 'table'], {}, { columns: 60 });
    expect(stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    for (const line of stdout.trimEnd().split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(60);
  });

  it('CSV sanitises every server string; JSON escapes control characters', async () => {
    const csv = (await run(['applications', '--user', DEMO.firstUserID, '--all', '-o', 'csv'])).stdout;
    expect(csv).not.toMatch(/[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f]/);
    const text = (await run(['applications', '--user', DEMO.firstUserID, '--all', '-o', 'json'])).stdout;
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    expect(text).toContain('\\u001b');
  });

  it('--page picks a page; a keyword narrows accounts; --ids narrows conversations', async () => {
    const page2 = json((await run(['users', '--size', '10', '--page', '2', '-o', 'json'])).stdout);
    expect(page2[0]?.userID).toBe('user_000011');
    const shared = json((await run(['accounts', '--keyword', DEMO.sharedNickname, '-o', 'json'])).stdout);
    expect(shared.map((a) => a.nickName)).toEqual([DEMO.sharedNickname, DEMO.sharedNickname]);
    const first = json((await run(['conversations', '--user', DEMO.firstUserID, '--size', '3', '-o', 'json'])).stdout);
    const ids = first.map((c) => String(c.conversationID));
    const only = json((await run(['conversations', '--user', DEMO.firstUserID, '--ids', ids.slice(0, 2).join(','), '-o', 'json'])).stdout);
    expect(only.map((c) => c.conversationID).sort()).toEqual(ids.slice(0, 2).sort());
  });

  it('a user with no conversations (1004) is an empty list with a note on stderr', async () => {
    const r = await run(['conversations', '--user', DEMO.noConversationsUserID, '-o', 'json']);
    expect(r.code).toBe(0);
    expect(json(r.stdout)).toEqual([]);
    expect(r.stderr).toMatch(/^openim-explorer: no conversations \(server: 1004/);
  });
});

describe('--all', () => {
  it('walks every page: 2,000 users in pages of 100, each page written as it arrives', async () => {
    const r = await run(['users', '--all', '--size', '100', '-o', 'ndjson']);
    expect(r.code).toBe(0);
    const rows = ndjson(r.stdout);
    expect(rows).toHaveLength(2000);
    expect(new Set(rows.map((u) => u.userID)).size).toBe(2000);
    // The first write is the first page, and no write ends inside a row: a reader can parse as it goes.
    expect(r.chunks[0]!.trimEnd().split('\n')).toHaveLength(100);
    expect(r.chunks.filter((c) => !c.endsWith('\n'))).toEqual([]);
  });

  it('emits one JSON array for every page', async () => {
    const r = await run(['users', '--all', '--size', '300', '-o', 'json']);
    expect(json(r.stdout)).toHaveLength(2000);
    // Written as the pages come: the first write holds the array's start, not all of it.
    expect(r.chunks[0]!.startsWith('[')).toBe(true);
    expect(r.chunks[0]!.length).toBeLessThan(r.stdout.length);
  });

  it(`uses pages of ${ALL_PAGE_SIZE} when no size is given, and no request past the end`, async () => {
    const before = demo.requestCount('/user/get_users');
    const r = await run(['users', '--all', '-o', 'csv']);
    expect(csvRows(r.stdout)).toHaveLength(2001);
    expect(demo.requestCount('/user/get_users') - before).toBe(2000 / ALL_PAGE_SIZE);
  });

  it('conversations stop at a short page (their total is an estimate)', async () => {
    const r = await run(['conversations', '--user', DEMO.firstUserID, '--all', '--size', '50', '-o', 'ndjson']);
    const rows = ndjson(r.stdout);
    expect(rows).toHaveLength(DEMO.firstUser.conversations);
    expect(new Set(rows.map((c) => c.conversationID)).size).toBe(DEMO.firstUser.conversations);
  });

  it('starts at --page', async () => {
    const rows = ndjson((await run(['users', '--all', '--size', '500', '--page', '3', '-o', 'ndjson'])).stdout);
    expect(rows).toHaveLength(1000);
    expect(rows[0]?.userID).toBe('user_001001');
  });
});

describe('exit codes', () => {
  it('1 for an API error, with errCode, errMsg, errDlt and the operationID on one line of stderr', async () => {
    const r = await run(['users', '-o', 'json'], { OPENIM_SECRET: '', OPENIM_TOKEN: 'not-a-token' });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^openim-explorer: getUsers: operationID=\d+ errCode=1503 errMsg="[^"]+" errDlt="[^"\n]*".*\n$/);
    expect(r.stderr).not.toContain('not-a-token');
  });

  it('3 when the server cannot be reached, with nothing on stdout', async () => {
    const closed = await startDemoServer({ users: 1 });
    const url = closed.url;
    await closed.close();
    const r = await run(['users', '-o', 'json'], { OPENIM_BASE_URL: url });
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^openim-explorer: (getAdminToken|getUsers): connection refused.*operationID=\d+\n$/);
  });
});

describe('walkPages', () => {
  it('isLastPage: short page, or an exact total reached', () => {
    expect(isLastPage({ rows: [1], total: 100, totalExact: true }, 1, 10)).toBe(true);
    expect(isLastPage({ rows: Array(10).fill(0), total: 100, totalExact: true }, 10, 10)).toBe(true);
    expect(isLastPage({ rows: Array(10).fill(0), total: 100, totalExact: true }, 9, 10)).toBe(false);
    expect(isLastPage({ rows: Array(10).fill(0), total: 10, totalExact: false }, 5, 10)).toBe(false);
  });

  it('stops when aborted between pages', async () => {
    const client = new OpenIMClient({ ...DEFAULT_CLIENT_CONFIG, baseUrl: demo.url, secret: DEMO.secret });
    const controller = new AbortController();
    const pages: number[] = [];
    const walk = walkPages(listFetcher(client, { kind: 'users', query: LISTS.users.query.initial }), {
      startPage: 1,
      size: 10,
      all: true,
      signal: controller.signal,
    });
    await expect(
      (async () => {
        for await (const { page } of walk) {
          pages.push(page);
          if (page === 3) controller.abort();
        }
      })(),
    ).rejects.toThrow(/cancelled/);
    expect(pages).toEqual([1, 2, 3]);
  });
});
