// `trace` in scripting against the demo over loopback: each planted case's verdict, the `-o json`
// shape (one object per check with its verdict, facts and routes), `-o table`'s verdict line
// first, the lookup by server message ID, and the usage errors said before anything is sent.
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTraceCommand } from '../../src/commands/trace.js';
import { parseCliArgs, UsageError } from '../../src/config/args.js';
import { TRACE_CHECKS } from '../../src/data/trace/checks.js';
import { DEMO, startDemoServer, TRACE_CASES, tracePlants, type DemoServer, type TraceCase } from 'openim-demo-server';
import { scriptOptions } from '../support/scriptOptions.js';

const USERS = 1000;
const plants = tracePlants(USERS);
let demo: DemoServer;
let main: DemoServer;
beforeAll(async () => {
  [demo, main] = await Promise.all([startDemoServer({ users: USERS }), startDemoServer({ users: USERS, server: 'main' })]);
});
afterAll(() => Promise.all([demo.close(), main.close()]));

async function trace(argv: string[], tty?: { columns: number }, on: () => DemoServer = () => demo): Promise<{ code: number; stdout: string; stderr: string }> {
  const options = scriptOptions(['trace', ...argv], { OPENIM_BASE_URL: on().url, OPENIM_SECRET: DEMO.secret });
  const stdout = Object.assign(new PassThrough(), tty ? { isTTY: true, columns: tty.columns } : {});
  const stderr = new PassThrough();
  const out: string[] = [];
  const err: string[] = [];
  stdout.on('data', (c: Buffer) => out.push(c.toString()));
  stderr.on('data', (c: Buffer) => err.push(c.toString()));
  const code = await runTraceCommand(options, { stdout, stderr });
  return { code, stdout: out.join(''), stderr: err.join('') };
}
const argsOf = (name: TraceCase) => {
  const p = plants[name]!;
  return ['--conversation', p.conversationID, '--seq', String(p.seq), '--to', p.receiverID];
};

interface TraceJson {
  target: { conversationID: string; seq: number; receiverID: string; senderID?: string };
  verdict: string;
  words: string;
  checks: Array<{ check: string; name: string; verdict: string; words: string; facts: Record<string, unknown>; routes: string[] }>;
}

/** The verdict line each planted case must show. */
const EXPECTED: Record<TraceCase, RegExp> = {
  read: /^delivered and read$/,
  notRead: /^delivered, not read$/,
  hole: /^not in user_000001's sequence: seq [\d,]+ is in a hole/,
  muted: /^user_000001 muted this conversation: no push$/,
  blacklisted: /^user_000001 blocked the sender/,
  dismissedGroup: /^the group is dismissed/,
};

describe('trace -o json', () => {
  it.each(TRACE_CASES.map((c) => [c]))('%s: the planted verdict, one object per check', async (name) => {
    const run = await trace([...argsOf(name), '-o', 'json']);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout) as TraceJson;
    expect(json.words).toMatch(EXPECTED[name]);
    expect(json.target).toMatchObject({ conversationID: plants[name]!.conversationID, seq: plants[name]!.seq, receiverID: 'user_000001' });
    const names = Object.keys(TRACE_CHECKS);
    for (const c of json.checks) {
      expect(names).toContain(c.check);
      expect(['pass', 'warn', 'fail', 'info', 'unknown']).toContain(c.verdict);
      expect(typeof c.words).toBe('string');
      expect(typeof c.facts).toBe('object');
      expect(c.routes.length).toBeGreaterThan(0);
      for (const route of c.routes) expect(route).toMatch(/^\/[a-z_]+\/[a-z_]+$/);
    }
    const group = plants[name]!.conversationID.startsWith('sg_');
    expect(json.checks.some((c) => c.check === 'groupStatus')).toBe(group);
    expect(json.checks.filter((c) => c.verdict === 'unknown')).toEqual([]);
    // The session tokens the demo serves never leave the reply's parse.
    expect(run.stdout).not.toMatch(/eyJhbGciOi|ZmFrZS1zaWduYXR1cmU/);
  });

  it('finds a message by its server ID (narrowed to its sender)', async () => {
    const first = JSON.parse((await trace([...argsOf('blacklisted'), '-o', 'json'])).stdout) as TraceJson;
    const stored = first.checks.find((c) => c.check === 'stored')!.facts;
    // The day as typed (local); the search sends the UTC day holding its noon, the message's at UTC.
    const at = new Date(Number(stored.sendTime));
    const day = `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
    const run = await trace(['--server-msg-id', String(stored.serverMsgID), '--from', plants.blacklisted!.senderID, '--to', 'user_000001', '--day', day, '-o', 'json']);
    expect(run.stderr).toBe('');
    const json = JSON.parse(run.stdout) as TraceJson;
    expect(json.target).toMatchObject({ conversationID: plants.blacklisted!.conversationID, seq: plants.blacklisted!.seq, receiverID: 'user_000001' });
    expect(json.words).toMatch(EXPECTED.blacklisted);
  });

  it('says in words when no message has that server ID', async () => {
    const run = await trace(['--server-msg-id', 'nope', '--from', 'user_000002', '-o', 'json']);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^openim-explorer: no message with server ID nope in the first [\d,]+ messages from user_000002/);
  });
});

describe('trace -o json against main', () => {
  it.each(TRACE_CASES.map((c) => [c]))('%s: the same verdict, nothing unknown (the admin passes main\'s checks)', async (name) => {
    const run = await trace([...argsOf(name), '-o', 'json'], undefined, () => main);
    const json = JSON.parse(run.stdout) as TraceJson;
    expect(json.words).toMatch(EXPECTED[name]);
    expect(json.checks.filter((c) => c.verdict === 'unknown')).toEqual([]);
  });
});

describe('trace -o table', () => {
  it('puts the verdict line first, then what was traced, then a line per check within the width', async () => {
    const run = await trace([...argsOf('muted'), '-o', 'table'], { columns: 80 });
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('FAIL: user_000001 muted this conversation: no push');
    expect(lines[1]).toContain(`seq ${plants.muted!.seq.toLocaleString('en-US')} of ${plants.muted!.conversationID}`);
    expect(lines.some((l) => /^FAIL conversation receive option: user_000001 muted this/.test(l))).toBe(true);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
  });
});

describe('trace flags', () => {
  const usage = (argv: string[]) => () => parseCliArgs(['trace', ...argv], {});
  it.each([
    [['--conversation', 'si_a_b', '--seq', '3'], /trace needs --conversation CID --seq N --to ID/],
    [['--conversation', 'si_a_b', '--seq', '0', '--to', 'a'], /--seq must be a whole number from 1/],
    [['--conversation', 'si_a_b', '--seq', '3', '--to', 'a', '-o', 'csv'], /trace --output must be json or table \(one object, not rows\)/],
    [['--server-msg-id', 'x', '--seq', '3'], /not both/],
    [['--conversation', 'si_a_b', '--seq', '3', '--to', 'a', '--all'], /--all does not go with trace/],
  ])('%j is refused in words', (argv, words) => {
    expect(usage(argv)).toThrow(UsageError);
    expect(usage(argv)).toThrow(words);
  });
});
