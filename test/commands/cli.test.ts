// @module-tag cli
// The built CLI (dist/cli.cjs, from `npm run build`) run as a child process: scripting commands
// against the demo server over loopback, exit codes, profiles from a config file, and the log.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';
import { startTestServer } from '../support/recordingServer.js';
import { CLI_NODE, collectExit } from '../support/runCli.js';

const CLI = join(import.meta.dirname, '..', '..', 'dist', 'cli.cjs');
const tmp = mkdtempSync(join(tmpdir(), 'oie-cli-'));

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs the CLI with a clean environment (no OPENIM_*, an empty XDG config home unless given);
 * `onStdout` sees the output so far each time more arrives.
 */
function cli(args: string[], env: NodeJS.ProcessEnv = {}, onStdout?: (stdout: string) => void): Promise<Result> {
  const base: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: tmp, XDG_CONFIG_HOME: join(tmp, 'empty-config'), LANG: 'C.UTF-8' };
  return collectExit(spawn(CLI_NODE, [CLI, ...args], { env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'] }), onStdout);
}

let demo: DemoServer;
beforeAll(async () => {
  if (!existsSync(CLI)) throw new Error('dist/cli.cjs is missing: run npm run build first');
  demo = await startDemoServer({ users: 2000 });
});
afterAll(async () => {
  await demo.close();
});

const lines = (text: string): string[] => text.split('\n').filter(Boolean);

describe('scripting commands of the built CLI', () => {
  it('users --all --size 100 walks 2,000 users', async () => {
    const r = await cli(['users', '--all', '--size', '100', '--output', 'ndjson'], { OPENIM_BASE_URL: demo.url, OPENIM_SECRET: DEMO.secret });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const rows = lines(r.stdout).map((l) => JSON.parse(l) as { userID: string });
    expect(rows).toHaveLength(2000);
    expect(rows[1999]?.userID).toBe('user_002000');
  });

  it('streams: with --all the first rows come out while the last page is still held back', async () => {
    // A loopback proxy to the demo that holds the last of 4 pages until the CLI has written rows.
    // A CLI that printed only at the end would never print: the test would time out.
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let lastPageAsked = false;
    const proxy = await startTestServer((req, res) => {
      void (async () => {
        if (req.path === '/user/get_users' && (JSON.parse(req.body) as { pagination?: { pageNumber?: number } }).pagination?.pageNumber === 4) {
          lastPageAsked = true;
          await held;
        }
        const headers = Object.fromEntries(
          Object.entries(req.headers).filter((e): e is [string, string] => typeof e[1] === 'string' && !['host', 'content-length', 'connection', 'accept-encoding'].includes(e[0])),
        );
        const upstream = await fetch(demo.url + req.path, { method: req.method, headers, body: req.body });
        res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
        res.end(await upstream.text());
      })();
    });
    try {
      let rowsBeforeRelease = 0;
      const run = cli(['users', '--all', '--size', '500', '-o', 'ndjson'], { OPENIM_BASE_URL: proxy.url, OPENIM_SECRET: DEMO.secret }, (stdout) => {
        if (rowsBeforeRelease > 0) return;
        rowsBeforeRelease = lines(stdout).length;
        release();
      });
      const r = await run;
      expect(r.code).toBe(0);
      // Rows were out while page 4 was held; all 2,000 came in the end, page 4 included.
      expect(rowsBeforeRelease).toBeGreaterThan(0);
      expect(rowsBeforeRelease).toBeLessThanOrEqual(1500);
      expect(lastPageAsked).toBe(true);
      const rows = lines(r.stdout).map((l) => JSON.parse(l) as { userID: string });
      expect(rows).toHaveLength(2000);
      expect(rows[1999]?.userID).toBe('user_002000');
    } finally {
      release();
      await proxy.close();
    }
  });

  it('works with --demo in every format (json is the default off a terminal)', async () => {
    const asJson = await cli(['blacklist', '--demo', '--still', '--user', DEMO.firstUserID]);
    expect(asJson.code).toBe(0);
    expect((JSON.parse(asJson.stdout) as unknown[]).length).toBe(DEMO.firstUser.blacks);
    const csv = await cli(['accounts', '--demo', '--still', '--keyword', DEMO.sharedNickname, '-o', 'csv']);
    expect(csv.stdout).toBe(
      'userID,nickName,appMangerLevel,faceURL\r\nnotify_system,System Notice,3,https://static.example.com/system/system.png\r\nnotify_legacy,System Notice,3,\r\n',
    );
    const table = await cli(['applications', '--demo', '--still', '--user', DEMO.firstUserID, '--size', '3', '-o', 'table'], { COLUMNS: '72' });
    expect(lines(table.stdout)).toHaveLength(4);
    expect(table.stdout).toMatch(/^TO +NICKNAME +RESULT/);
    for (const line of lines(table.stdout)) expect(line.length).toBeLessThanOrEqual(72);
    const conversations = await cli(['conversations', '--demo', '--still', '--user', DEMO.firstUserID, '--all', '-o', 'ndjson']);
    expect(lines(conversations.stdout)).toHaveLength(DEMO.firstUser.conversations);
  });

  it("FROM names the owner's own messages by the owner's ID, never `you`; CSV adds sender (ID and nickname) beside senderName", async () => {
    const args = ['conversations', '--demo', '--still', '--user', DEMO.firstUserID, '--size', '20'];
    const table = await cli([...args, '-o', 'table'], { COLUMNS: '160' });
    expect(table.code).toBe(0);
    const [header, ...rows] = lines(table.stdout);
    const from = header!.indexOf('FROM');
    const end = header!.indexOf('LATEST MESSAGE');
    const senders = rows.map((row) => row.slice(from, end).trim());
    expect(senders).not.toContain('you');
    const first = await cli(['users', '--demo', '--still', '--size', '1', '-o', 'ndjson']);
    const { nickname } = JSON.parse(first.stdout) as { nickname: string };
    // By ID, as the message search's FROM; the nickname is beside it in CSV's sender.
    expect(senders).toContain(DEMO.firstUserID);
    expect(senders).not.toContain(nickname);

    const csv = await cli([...args, '-o', 'csv']);
    const [head, ...records] = lines(csv.stdout).filter((l) => /^(conversationID|s[ign]_)/.test(l));
    // The ID, the columns' fields in the table's order, then the rest (the explorer's export writes the same: test/data/export.test.ts).
    expect(head?.trimEnd()).toBe(
      'conversationID,IsPinned,unreadCount,msgInfo.LatestMsgRecvTime,recvMsgOpt,msgInfo.sessionType,msgInfo.sendID,msgInfo.senderName,sender,msgInfo.recvID,msgInfo.groupID,msgInfo.contentType,summary,msgInfo.content',
    );
    const names = head!.split(',');
    const [sendID, senderName, sender] = ['msgInfo.sendID', 'msgInfo.senderName', 'sender'].map((n) => names.indexOf(n));
    expect(sender).toBe(senderName! + 1);
    // The owner's own single chat: the server's senderName is the peer's; sender is the owner.
    const own = records.find((r) => r.startsWith(`si_${DEMO.firstUserID}_`) && r.split(',')[sendID!] === DEMO.firstUserID)!.split(',');
    expect(own[senderName!]).not.toBe(DEMO.firstUserID);
    expect(own[sender!]).toBe(DEMO.firstUserID);
    // Another's message: their ID, the nickname they sent beside it.
    const theirs = records.find((r) => r.startsWith(`si_${DEMO.firstUserID}_`) && r.split(',')[sendID!] !== DEMO.firstUserID && r.split(',')[senderName!] !== '')!.split(',');
    expect(theirs[sender!]).toBe(`${theirs[sendID!]} (${theirs[senderName!]})`);
  });

  it('--ascii, or a locale that is not UTF-8, draws the table with ASCII marks', async () => {
    for (const [args, env] of [
      [['--ascii'], {}],
      [[], { LANG: 'C' }],
      [[], { LC_ALL: 'en_US.ISO-8859-1', LANG: 'en_US.UTF-8' }],
    ] as const) {
      // 20 columns: the nicknames must be cut, and the cut shows.
      const r = await cli(['users', '--demo', '--still', '--size', '5', '-o', 'table', ...args], { COLUMNS: '20', ...env });
      expect(r.stdout).toContain('~');
      expect(r.stdout).not.toContain('…');
    }
    const utf8 = await cli(['users', '--demo', '--still', '--size', '5', '-o', 'table'], { COLUMNS: '20' });
    expect(utf8.stdout).toContain('…');
  });
});

describe('exit codes', () => {
  it('0 on success, and --help answers at once', async () => {
    const r = await cli(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('openim-explorer conversations --user ID [--ids A,B]');
  });

  it('1 for an API error (a bad token), one line on stderr with errCode, errMsg, errDlt', async () => {
    const r = await cli(['users', '--base-url', demo.url], { OPENIM_TOKEN: 'bad-token' });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(lines(r.stderr)).toHaveLength(1);
    expect(r.stderr).toMatch(/getUsers: operationID=\d+ errCode=1503 errMsg="TokenMalformedError" errDlt="/);
    expect(r.stderr).not.toContain('bad-token');
  });

  it('2 for a usage error, in one line and a pointer to --help', async () => {
    for (const args of [['users', '--size', 'ten'], ['conversations', '--demo'], ['frobnicate'], ['users', '--output', 'xml']]) {
      const r = await cli(args);
      expect(r.code).toBe(2);
      expect(lines(r.stderr)[0]).toMatch(/^openim-explorer: /);
      expect(r.stderr).toContain('Run openim-explorer --help for usage.');
    }
  });

  it('2 with no server configured, naming where profiles live ($XDG_CONFIG_HOME when it is set)', async () => {
    const r = await cli(['users']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no server to connect to');
    expect(r.stderr).toContain('(profiles live in $XDG_CONFIG_HOME/openim-explorer/config.json)');
    const unset = await cli(['users'], { XDG_CONFIG_HOME: '' });
    expect(unset.stderr).toContain('(profiles live in ~/.config/openim-explorer/config.json)');
  });

  it('demo-server takes --latency and says so', async () => {
    const child = spawn(CLI_NODE, [CLI, 'demo-server', '--port', '0', '--still', '--users', '10', '--latency', '300'], {
      env: { PATH: process.env.PATH, HOME: tmp, LANG: 'C.UTF-8' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Once: a second SIGTERM while it closes is the operator insisting (the default action).
    let stopped = false;
    const done = collectExit(child, (stdout) => {
      if (stopped || !stdout.includes('\n')) return;
      stopped = true;
      child.kill('SIGTERM');
    });
    const r = await done;
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^openim demo server on http:\/\/127\.0\.0\.1:\d+ .*; still; answers 300 ms late\)\n$/);
  });

  it('2 for a flag demo-server would ignore; it takes --latency', async () => {
    for (const flag of [['--search', 'x'], ['--all'], ['-o', 'csv'], ['--demo'], ['--page-size', '5']]) {
      const r = await cli(['demo-server', '--port', '0', ...flag]);
      expect(r.code).toBe(2);
      expect(lines(r.stderr)[0]).toMatch(/^openim-explorer: --[a-z-]+ does not go with demo-server \(it takes --users, --latency, --server, --still, --discovery, --port, --host\)$/);
    }
  });

  it('3 when the server cannot be reached (a closed port)', async () => {
    const closed = await startDemoServer({ users: 1 });
    await closed.close();
    const r = await cli(['users', '--base-url', closed.url, '--token', 'x']);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^openim-explorer: getUsers: connection refused/);
  });
});

describe('profiles from the config file', () => {
  function configHome(config: unknown, mode: number): string {
    const home = mkdtempSync(join(tmp, 'xdg-'));
    mkdirSync(join(home, 'openim-explorer'));
    const path = join(home, 'openim-explorer', 'config.json');
    writeFileSync(path, JSON.stringify(config));
    chmodSync(path, mode);
    return home;
  }

  it('uses the default profile, and --profile picks another', async () => {
    const home = configHome(
      {
        defaultProfile: 'demo',
        profiles: {
          demo: { baseUrl: demo.url, secretEnv: 'DEMO_SECRET' },
          broken: { baseUrl: demo.url, token: 'nope' },
        },
      },
      0o600,
    );
    const ok = await cli(['users', '--size', '2'], { XDG_CONFIG_HOME: home, DEMO_SECRET: DEMO.secret });
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toHaveLength(2);
    const broken = await cli(['users', '--profile', 'broken'], { XDG_CONFIG_HOME: home });
    expect(broken.code).toBe(1);
    // A token typed for this run beats the profile's; one in the environment never goes to a profile's server.
    const fixed = await cli(['users', '--profile', 'broken', '--size', '1', '--token', demo.adminToken()], { XDG_CONFIG_HOME: home });
    expect(fixed.code).toBe(0);
    const fromEnv = await cli(['users', '--profile', 'broken', '--size', '1'], { XDG_CONFIG_HOME: home, OPENIM_TOKEN: demo.adminToken() });
    expect(fromEnv.code).toBe(1);
  });

  it('refuses a config file with a secret that others can read', async () => {
    const home = configHome({ profiles: { prod: { baseUrl: demo.url, secret: DEMO.secret } } }, 0o644);
    const r = await cli(['users', '--profile', 'prod'], { XDG_CONFIG_HOME: home });
    expect(r.code).toBe(2);
    const path = join(home, 'openim-explorer', 'config.json');
    expect(r.stderr).toContain(`${path} holds a secret and is readable by others (mode 0644); run chmod 600 ${path}`);
  });

  it('an error in the file names the profile and the field', async () => {
    const home = configHome({ profiles: { prod: { baseUrl: 'ftp://example.org' } } }, 0o600);
    const r = await cli(['users', '--profile', 'prod'], { XDG_CONFIG_HOME: home });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('config.json: profile "prod": baseUrl: must be an http(s) URL');
  });
});

describe('--log-file', () => {
  it('writes one 0600 line per request and never the token', async () => {
    const log = join(tmp, 'requests.log');
    const token = demo.adminToken();
    const ok = await cli(['users', '--base-url', demo.url, '--all', '--size', '500', '--log-file', log], { OPENIM_TOKEN: token });
    expect(ok.code).toBe(0);
    const flagged = await cli(['users', '--base-url', demo.url, '--token', token, '--log-file', log]);
    expect(flagged.code).toBe(0);
    const bad = await cli(['users', '--base-url', demo.url, '--log-file', log], { OPENIM_TOKEN: `${token}tampered` });
    expect(bad.code).toBe(1);
    const viaSecret = await cli(['users', '--base-url', demo.url, '--log-file', log], { OPENIM_SECRET: DEMO.secret });
    expect(viaSecret.code).toBe(0);

    const text = readFileSync(log, 'utf8');
    const entries = lines(text);
    // 4 pages, 1 page, 1 failed page, then a login and 1 page.
    expect(entries).toHaveLength(8);
    expect(entries.filter((l) => / getAdminToken /.test(l))).toHaveLength(1);
    for (const line of entries) {
      expect(line).toMatch(/^\S+Z (getUsers|getAdminToken) operationID=\d+ status=\d+ errCode=(\d+|-) ms=[\d.]+ bytes=\d+ outcome=[a-z-]+$/);
    }
    expect(text).not.toContain(token);
    for (const part of token.split('.')) expect(text).not.toContain(part);
    expect(text).not.toContain(DEMO.secret);
    expect(statSync(log).mode & 0o777).toBe(0o600);
  });
});
