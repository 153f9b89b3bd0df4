// @module-tag cli
// A connection comes from one place, on the built CLI (the scripting commands and the explorer,
// which resolves it before it looks for a terminal): recording loopback servers stand for the
// servers named by the environment, a flag and a profile, and show what reached each. A refusal is
// exit 2, one line naming both places, before any connection is opened, with no secret in it.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';
import { assertBuilt, runCli } from '../support/runCli.js';
import { startTestServer, type TestServer } from '../support/recordingServer.js';

assertBuilt();
const tmp = mkdtempSync(join(tmpdir(), 'oie-connection-'));
const LAB_SECRET = 'lab-S3cr3t-9q';
const ENV_SECRET = 'env-S3cr3t-7w';
/** A control byte anywhere: what stderr must never carry. */
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

let other: TestServer;
let labServer: TestServer;
let demo: DemoServer;
let n = 0;

beforeAll(async () => {
  // Answer 500 to anything: no test here should get as far as sending.
  const refuse = (_req: unknown, res: import('node:http').ServerResponse): void => {
    res.writeHead(500).end();
  };
  [other, labServer, demo] = await Promise.all([startTestServer(refuse), startTestServer(refuse), startDemoServer({ users: 30 })]);
});
afterAll(async () => {
  await Promise.all([other.close(), labServer.close(), demo.close()]);
});

function config(profiles: Record<string, unknown>, extra: Record<string, unknown> = {}): string {
  const path = join(tmp, `config-${++n}.json`);
  writeFileSync(path, JSON.stringify({ profiles, ...extra }), { mode: 0o600 });
  return path;
}

/** Nothing reached either recording server. */
function untouched(): void {
  expect(other.connections).toBe(0);
  expect(labServer.connections).toBe(0);
}

const BOTH: [string, string[]][] = [
  ['explorer', []],
  ['users', ['users']],
];

describe.each(BOTH)('%s: a profile asked for, and another server in the environment or a flag', (_name, command) => {
  it('OPENIM_BASE_URL and --profile lab: exit 2, both named, neither server reached, no secret', async () => {
    const path = config({ lab: { baseUrl: labServer.url, secretEnv: 'LAB_SECRET' } });
    const r = await runCli([...command, '--config', path, '--profile', 'lab'], { OPENIM_BASE_URL: other.url, LAB_SECRET });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`profile "lab" (--profile) is ${labServer.url}, but OPENIM_BASE_URL is ${other.url}`);
    expect(r.stderr.split('\n')[0]).toContain('unset OPENIM_BASE_URL to use the profile');
    expect(r.stderr + r.stdout).not.toContain(LAB_SECRET);
    untouched();
  });

  it('OPENIM_PROFILE and --base-url, with the profile holding the secret itself: the same', async () => {
    const path = config({ lab: { baseUrl: labServer.url, secret: LAB_SECRET } });
    const r = await runCli([...command, '--config', path, '--base-url', `${other.url}/`], { OPENIM_PROFILE: 'lab' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`profile "lab" (OPENIM_PROFILE) is ${labServer.url}, but --base-url is ${other.url}`);
    expect(r.stderr + r.stdout).not.toContain(LAB_SECRET);
    untouched();
  });

  it("the file's defaultProfile and OPENIM_BASE_URL with no credentials of its own: the profile's never follow", async () => {
    const path = config({ lab: { baseUrl: labServer.url, secret: LAB_SECRET } }, { defaultProfile: 'lab' });
    const r = await runCli([...command, '--config', path], { OPENIM_BASE_URL: other.url });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`profile "lab" (the defaultProfile) is ${labServer.url}, but OPENIM_BASE_URL is ${other.url}`);
    expect(r.stderr + r.stdout).not.toContain(LAB_SECRET);
    untouched();
  });

  it("--base-url naming another server than OPENIM_BASE_URL: OPENIM_SECRET stays with the environment's", async () => {
    const r = await runCli([...command, '--base-url', labServer.url], { OPENIM_BASE_URL: other.url, OPENIM_SECRET: ENV_SECRET });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`OPENIM_SECRET goes only to OPENIM_BASE_URL ${other.url}, not to --base-url ${labServer.url}`);
    expect(r.stderr + r.stdout).not.toContain(ENV_SECRET);
    untouched();
  });
});

describe('what keeps working', () => {
  it('--base-url with OPENIM_SECRET in the environment (and no OPENIM_BASE_URL), as before', async () => {
    const r = await runCli(['users', '--base-url', demo.url, '--size', '3', '-o', 'json'], { OPENIM_SECRET: DEMO.secret });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveLength(3);
  });

  it("the environment's server with its own credentials, though OPENIM_PROFILE names a profile elsewhere", async () => {
    const path = config({ lab: { baseUrl: labServer.url, secret: LAB_SECRET } });
    const r = await runCli(['users', '--config', path, '--size', '2', '-o', 'json'], { OPENIM_PROFILE: 'lab', OPENIM_BASE_URL: demo.url, OPENIM_SECRET: DEMO.secret });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveLength(2);
    untouched();
  });
});

describe.each(BOTH)('%s: a base URL with a control character', (_name, command) => {
  // The bytes of the issue: ESC [201~ ends a bracketed paste, ^U clears the line, the newline runs it.
  const hostile = (base: string): string => `${base}/a\u001b[201~\u0015id>/tmp/PWNED\nb`;
  const refusedWith = (stderr: string, where: string): void => {
    expect(stderr).toContain(`${where}must not hold control characters (a tab, newline, escape, DEL or C1 code)`);
    expect(stderr).not.toMatch(CONTROL);
    expect(stderr).not.toContain('PWNED');
  };

  it('from --base-url', async () => {
    const r = await runCli([...command, '--base-url', hostile(other.url)], { OPENIM_SECRET: ENV_SECRET });
    expect(r.code).toBe(2);
    refusedWith(r.stderr, '--base-url ');
    untouched();
  });

  it.each([
    ['ESC and a newline', (base: string) => hostile(base)],
    ['DEL after a quote', (base: string) => `${base}/x'\u007f;id>/tmp/PWNED;#`],
    ['a tab', (base: string) => `${base}/\tPWNED`],
    ['a C1 CSI', (base: string) => `${base}/\u009b2JPWNED`],
  ])('from OPENIM_BASE_URL: %s', async (_what, url) => {
    const r = await runCli(command, { OPENIM_BASE_URL: url(other.url), OPENIM_SECRET: ENV_SECRET });
    expect(r.code).toBe(2);
    refusedWith(r.stderr, 'OPENIM_BASE_URL ');
    untouched();
  });

  it("from a profile's baseUrl", async () => {
    const path = config({ lab: { baseUrl: hostile(labServer.url), secret: LAB_SECRET } });
    const r = await runCli([...command, '--config', path, '--profile', 'lab']);
    expect(r.code).toBe(2);
    refusedWith(r.stderr, 'profile "lab": baseUrl: ');
    expect(r.stderr).not.toContain(LAB_SECRET);
    untouched();
  });
});
