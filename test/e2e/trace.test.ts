// The delivery trace as an operator meets it in tmux at 80x24 and 120x40, on the built CLI with
// `--demo`: each planted case (docs/demo-server.md) traced with `:trace` shows its verdict on the
// first line, `t` on a conversation row traces its latest message, a group message's `t` asks on
// the command line whose delivery, and `E` writes the evidence folder where the app runs.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { TRACE_CASES, tracePlants, type TraceCase } from 'openim-demo-server';
import { DEFAULT_DEMO_USERS } from '../../src/config/args.js';
import { demoApps } from '../support/demoApp.js';
import { startApp, type App } from '../support/tmux.js';

const TEST_MS = 40_000;
const startDemo = demoApps();
const plants = tracePlants(DEFAULT_DEMO_USERS);
const dirs: string[] = [];
const ascii: App[] = [];
afterEach(() => {
  for (const app of ascii.splice(0)) app.kill();
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The verdict line of each case, as the trace's first line shows it (words, in any colour or none). */
const VERDICT: Record<TraceCase, RegExp> = {
  read: /^ok: delivered and read/m,
  notRead: /^warn: delivered, not read/m,
  hole: /^FAIL: not in user_000001's sequence: seq [\d,]+ is in a hole/m,
  muted: /^FAIL: user_000001 muted this conversation: no push/m,
  blacklisted: /^FAIL: user_000001 blocked the sender/m,
  dismissedGroup: /^FAIL: the group is dismissed/m,
};

describe.each([
  [80, 24],
  [120, 40],
])('at %ix%i', (cols, rows) => {
  it.each(TRACE_CASES.map((c) => [c]))('the %s case shows its verdict first', async (name) => {
    const p = plants[name]!;
    const a = await startDemo({ cols, rows });
    a.send(':');
    await a.waitFor('(Tab completes)');
    a.type(`trace --conversation ${p.conversationID} --seq ${p.seq} --to ${p.receiverID}`);
    a.send('Enter');
    const screen = await a.waitFor(VERDICT[name]);
    const lines = screen.split('\n');
    const title = lines.findIndex((l) => l.startsWith('Delivery trace'));
    expect(lines[title + 1]).toMatch(VERDICT[name]);
    expect(screen).toContain(`of ${p.conversationID}`);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(cols);
    expect(screen).not.toMatch(/Error:|at .*\.js:\d+/);
    a.send('Escape');
    await a.waitFor((s) => !s.includes('Delivery trace'));
  }, TEST_MS);
});

describe('at 80x24', () => {
  it('with --ascii and NO_COLOR the trace is plain ASCII words, its verdict first', async () => {
    const p = plants.hole!;
    const a = startApp({ cols: 80, rows: 24, args: ['--demo', '--still', '--ascii'], env: { NO_COLOR: '1' } });
    ascii.push(a);
    await a.waitFor((s) => /page 1 of [\d,]+ \| [\d,]+ total/.test(s));
    a.send(':');
    await a.waitFor('(Tab completes)');
    a.type(`trace --conversation ${p.conversationID} --seq ${p.seq} --to ${p.receiverID}`);
    a.send('Enter');
    const screen = await a.waitFor(VERDICT.hole);
    const trace = screen.split('\n').slice(screen.split('\n').findIndex((l) => l.startsWith('Delivery trace')));
    for (const line of trace) expect(line).toMatch(/^[\x20-\x7e]*$/);
  }, TEST_MS);

  it('G scrolls the trace to its last line at the bottom, g back to the verdict', async () => {
    const p = plants.dismissedGroup!;
    const a = await startDemo({ cols: 80, rows: 24 });
    a.send(':');
    await a.waitFor('(Tab completes)');
    a.type(`trace --conversation ${p.conversationID} --seq ${p.seq} --to ${p.receiverID}`);
    a.send('Enter');
    await a.waitFor(VERDICT.dismissedGroup);
    a.send('G');
    const end = await a.waitFor(/receiver in the group: member/);
    expect(end).not.toMatch(VERDICT.dismissedGroup);
    a.send('g');
    await a.waitFor(VERDICT.dismissedGroup);
  }, TEST_MS);

  it('t on a conversation row traces its latest message; E writes the evidence folder', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'oie-trace-e2e-'));
    dirs.push(cwd);
    const a = await startDemo({ cols: 80, rows: 24, cwd });
    a.send('Enter');
    await a.waitFor(/LATEST MESSAGE/);
    a.send('t');
    await a.waitFor(/^(ok|warn|FAIL|\?): /m);
    a.send('E');
    await a.waitFor(/evidence written: \.\/openim-trace-/);
    const [folder] = readdirSync(cwd).filter((f) => f.startsWith('openim-trace-'));
    expect(readdirSync(join(cwd, folder!)).sort()).toEqual(['SHA256SUMS', 'curl.sh', 'replies', 'trace.json']);
  }, TEST_MS);

  it("t on a group message asks on the command line whose delivery to trace", async () => {
    const p = plants.dismissedGroup!;
    const a = await startDemo({ cols: 80, rows: 24 });
    a.send(':');
    await a.waitFor('(Tab completes)');
    a.type(`messages`);
    a.send('Enter');
    await a.waitFor(/FROM|SENDER/);
    // The search's first rows hold a group message within a page or two: find one and press t.
    a.send('s');
    await a.waitFor(/search messages|from:/i);
    a.type(`to:${p.conversationID.slice(3)}`);
    a.send('Enter');
    await a.waitFor(p.conversationID.slice(3));
    a.send('t');
    await a.waitFor(`trace --conversation ${p.conversationID} --seq `);
  }, TEST_MS);
});
