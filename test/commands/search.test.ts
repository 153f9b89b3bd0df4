// Scripting: `users --search TEXT [--regex]` walks the matches like any list, and a per-user
// command checks that the user exists first. In-process against the demo server over loopback,
// and the built CLI once for the exit code and the one line on stderr.
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scriptOptions } from '../support/scriptOptions.js';
import { parseCliArgs, UsageError } from '../../src/config/args.js';
import { runListCommand } from '../../src/commands/run.js';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';
import { literalMatches } from '../support/literalSearch.js';
import { runCli } from '../support/runCli.js';

const USERS = 2000;
let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ users: USERS });
});
afterAll(() => demo.close());

async function run(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const options = scriptOptions(argv, { OPENIM_BASE_URL: demo.url, OPENIM_SECRET: DEMO.secret });
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (c: Buffer) => (out += c.toString()));
  stderr.on('data', (c: Buffer) => (err += c.toString()));
  const code = await runListCommand(options, { stdout, stderr });
  return { code, stdout: out, stderr: err };
}
const userIDs = (ndjson: string): string[] =>
  ndjson
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { userID: string }).userID);

describe('users --search', () => {
  for (const text of ['郎', '[2J', '.', 'KAREN']) {
    it(`"${text}" --all prints exactly the literal matches`, async () => {
      const r = await run(['users', '--search', text, '--all', '--size', '7', '-o', 'ndjson']);
      expect(r).toMatchObject({ code: 0, stderr: '' });
      expect(userIDs(r.stdout)).toEqual(literalMatches(USERS, text));
    });
  }

  it('--regex sends the pattern as typed; a bad one is the server error, exit 1', async () => {
    const r = await run(['users', '--search', '^user_00000[1-3]$', '--regex', '-o', 'ndjson']);
    expect(userIDs(r.stdout)).toEqual(['user_000001', 'user_000002', 'user_000003']);
    const bad = await run(['users', '--search', '(', '--regex', '-o', 'json']);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/^openim-explorer: getUsers: operationID=\d+ errCode=500 .*Regular expression is invalid: missing closing parenthesis/);
    expect(bad.stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it('--search goes with users only, --regex with --search', () => {
    expect(() => parseCliArgs(['accounts', '--search', 'x'], {})).toThrow(UsageError);
    expect(() => parseCliArgs(['users', '--regex'], {})).toThrow(/--regex goes with --search/);
    expect(() => parseCliArgs(['--search', 'x'], {})).toThrow(/goes with a scripting command/);
  });
});

describe('--user ID is checked', () => {
  it('an unknown user: exit 1, one line, nothing on stdout', async () => {
    for (const command of ['conversations', 'blacklist', 'applications']) {
      const r = await run([command, '--user', 'nosuch', '-o', 'json']);
      expect(r).toEqual({ code: 1, stdout: '', stderr: 'openim-explorer: no such user: nosuch\n' });
    }
  });

  it('a system account: a note on stderr, and its list', async () => {
    const r = await run(['blacklist', '--user', DEMO.notificationAccountIDs[0]!, '-o', 'json']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^openim-explorer: note: notify_system is a system account \(level 3, notification account\)/);
    expect(JSON.parse(r.stdout)).toEqual([]);
  });

  it('an existing user with no conversations still reads "no conversations", exit 0', async () => {
    const r = await run(['conversations', '--user', DEMO.noConversationsUserID, '-o', 'json']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^openim-explorer: no conversations \(server: 1004/);
  });

  it('the built CLI says so too', { tags: ['cli'] }, async () => {
    const { code, stdout, stderr } = await runCli(['blacklist', '--user', 'nosuch', '--demo', '--users', '50']);
    expect({ code, stdout, stderr }).toEqual({ code: 1, stdout: '', stderr: 'openim-explorer: no such user: nosuch\n' });
  });
});
