// The doctor as an operator meets it, on the built CLI: in tmux at 80x24 and 120x40, `:doctor
// user ID` and `:doctor group ID` show the signature the demo planted there (doctor-plants.ts) and
// nothing on the clean user; a scan of every user shows its progress and Esc stops it keeping what
// it found; and `doctor -o json` finds every planted signature.
import { beforeAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../../src/lists/doctorChecks.js';
import { demoApps } from '../support/demoApp.js';
import { runCli } from '../support/runCli.js';
import type { App } from '../support/tmux.js';

const TEST_MS = 60_000;
const startDemo = demoApps();

/** The groups the demo planted on (doctor-plants.ts): the first three user_000008's joined list shows that are not dismissed. */
let groups: string[] = [];
beforeAll(async () => {
  const out = await runCli(['joined-groups', '--demo', '--still', '--user', 'user_000008', '--all', '-o', 'json']);
  groups = (JSON.parse(out.stdout) as { groupID: string; status: number }[]).filter((g) => g.status !== 2).slice(0, 3).map((g) => g.groupID);
  expect(groups).toHaveLength(3);
}, TEST_MS);

const doctor = async (a: App, text: string): Promise<void> => {
  a.send(':');
  await a.waitFor('(Tab completes)');
  a.type(`doctor ${text}`);
  a.send('Enter');
};

describe.each([
  [80, 24],
  [120, 40],
])('at %ix%i', (cols, rows) => {
  it(':doctor user shows the planted signature with what was seen; the clean user shows none', async () => {
    const a = await startDemo({ cols, rows });
    await doctor(a, 'user user_000004');
    const screen = await a.waitFor(/latest message below/);
    expect(screen).toMatch(/CHECK +WHO/);
    expect(screen).toMatch(/user_000004/);
    expect(screen).not.toContain('Error');
    await doctor(a, 'user user_000003');
    await a.waitFor(/no findings: user user_000003 shows none of the \d+ signatures/);
  }, TEST_MS);

  it(':doctor group shows an owner who is not a member, a count off, a mute ended', async () => {
    const a = await startDemo({ cols, rows });
    const expected = [/owner not a member/, /memberCount vs member/, /mute ended/];
    for (const [i, group] of groups.entries()) {
      await doctor(a, `group ${group}`);
      await a.waitFor((s) => expected[i]!.test(s) && s.includes(group));
    }
  }, TEST_MS);

  it('a scan of every user shows its progress, and Esc stops it keeping what it found', async () => {
    const a = await startDemo({ cols, rows });
    await doctor(a, 'all');
    await a.waitFor(/[\d,]+ of 5,000 users · [\d,]+ findings?/);
    // Findings found before the stop stay on screen: wait until some are counted.
    await a.waitFor((s) => /([1-9][\d,]*) of 5,000 users · ([1-9][\d,]*) findings?/.test(s));
    a.send('Escape');
    const stopped = await a.waitFor(/stopped: [\d,]+ of 5,000 users · [1-9][\d,]* findings?/);
    expect(stopped).toMatch(/CHECK +WHO/);
    expect(stopped).toMatch(/user_0000\d\d/);
  }, TEST_MS);
});

describe('doctor -o json', () => {
  it('finds every planted signature, each with its route, and nothing on the clean user', async () => {
    const run = async (...args: string[]) => {
      const out = await runCli(['doctor', '--demo', '--still', ...args, '--all', '-o', 'json']);
      expect(out.code, out.stderr).toBe(0);
      return JSON.parse(out.stdout) as { check: string; route: string }[];
    };
    const found = new Set<string>();
    for (const user of ['user_000001', 'user_000004', 'user_000005']) for (const f of await run('--user', user)) found.add(f.check);
    for (const group of groups) for (const f of await run('--group', group)) found.add(f.check);
    expect([...found].sort()).toEqual(CHECKS.map((c) => c.id).sort());
    expect(await run('--user', 'user_000003')).toEqual([]);
  }, TEST_MS * 2);

  it('says what is missing in words, exit 2', async () => {
    const out = await runCli(['doctor', '--demo']);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('doctor needs --user ID, --group ID, --users N or --all');
  }, TEST_MS);
});
