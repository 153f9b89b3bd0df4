// @module-tag cli
// The built CLI (dist/cli.cjs) refusing what it cannot use at start-up, as a usage error (exit 2)
// with one line that gives nothing away: a URL's password, a file's content, its escape bytes.
// Both the scripting commands and the explorer (no command) stop before connecting or drawing.
import { spawn } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { collectExit } from '../support/runCli.js';

const CLI = join(import.meta.dirname, '..', '..', 'dist', 'cli.cjs');
const tmp = mkdtempSync(join(tmpdir(), 'oie-startup-'));
const PASSWORD = 'S3cr3tPw';

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

function cli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Result> {
  const base: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: tmp, XDG_CONFIG_HOME: join(tmp, 'empty-config'), LANG: 'C.UTF-8' };
  return collectExit(spawn(process.execPath, [CLI, ...args], { env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'] }));
}

function config(content: string): string {
  const path = join(tmp, `config-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(path, content, { mode: 0o600 });
  return path;
}

/** The explorer (no command) and a scripting command, with the same arguments. */
const BOTH: [string, string[]][] = [
  ['explorer', []],
  ['users', ['users']],
];

beforeAll(() => {
  if (!existsSync(CLI)) throw new Error('dist/cli.cjs is missing: run npm run build first');
});

describe.each(BOTH)('%s: a base URL with a password', (_name, command) => {
  it('from --base-url: exit 2, the host named, the password nowhere', async () => {
    const r = await cli([...command, '--base-url', `http://admin:${PASSWORD}@127.0.0.1:9`]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--base-url must not hold a user name or password (host 127.0.0.1:9)');
    expect(r.stderr + r.stdout).not.toContain(PASSWORD);
  });

  it('from OPENIM_BASE_URL', async () => {
    const r = await cli(command, { OPENIM_BASE_URL: `http://admin:${PASSWORD}@127.0.0.1:9`, OPENIM_SECRET: 'x' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('OPENIM_BASE_URL must not hold a user name or password (host 127.0.0.1:9)');
    expect(r.stderr + r.stdout).not.toContain(PASSWORD);
  });

  it("from a profile's baseUrl", async () => {
    const path = config(JSON.stringify({ defaultProfile: 'p', profiles: { p: { baseUrl: `http://admin:${PASSWORD}@127.0.0.1:9`, tokenEnv: 'T' } } }));
    const r = await cli([...command, '--config', path], { T: 'token' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('profile "p": baseUrl: must not hold a user name or password (host 127.0.0.1:9)');
    expect(r.stderr + r.stdout).not.toContain(PASSWORD);
  });
});

describe.each(BOTH)('%s: profile names', (_name, command) => {
  it.each(['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf'])('--profile %s: exit 2, the profiles listed', async (name) => {
    const path = config(JSON.stringify({ profiles: { lab: { baseUrl: 'http://127.0.0.1:9' }, prod: { baseUrl: 'http://127.0.0.1:9' } } }));
    const r = await cli([...command, '--config', path, '--profile', name]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`no profile named ${JSON.stringify(name)} (profiles: lab, prod)`);
    expect(r.stderr).not.toMatch(/TypeError|Cannot read/);
  });
});

describe.each(BOTH)('%s: config files that are not config files', (_name, command) => {
  it('a FIFO: refused at once (it waited for a writer forever)', async () => {
    const fifo = join(tmp, `fifo-${command.length}`);
    execFileSync('mkfifo', [fifo]);
    const r = await cli([...command, '--config', fifo]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('must be a regular file, this is a FIFO');
  });

  it('/dev/zero: refused without reading (it grew to gigabytes)', async () => {
    const r = await cli([...command, '--config', '/dev/zero']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('must be a regular file, this is a device');
  });

  it('a link to a file that is not JSON: its content is not printed', async () => {
    const secret = config(`root:$6$Salt$${PASSWORD}Hash:19700:0:99999:7:::\n`);
    const link = join(tmp, `shadow-${command.length}.json`);
    symlinkSync(secret, link);
    const r = await cli([...command, '--config', link]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('not valid JSON at line 1, column 1');
    expect(r.stderr).not.toMatch(new RegExp(`root|\\$6\\$|${PASSWORD}`));
  });

  it('escape sequences in the file do not reach stderr as bytes', async () => {
    const path = config(JSON.stringify({ profiles: {}, '\u001b]0;owned\u0007\u001b[2J\u009b31mkey': 1 }));
    const r = await cli([...command, '--config', path]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown field');
    expect(r.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
  });
});
