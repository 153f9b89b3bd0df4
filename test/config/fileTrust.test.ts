// @module-tag cli
// Files that decide where the credentials go are trusted as ssh trusts its config: the config
// file and a CA file are refused, whatever they hold, when another user owns them (root aside) or
// group or others can write them, in one line ending with the chmod or chown to run, exit 2, by
// the explorer and the scripting commands alike. Modes and owners are set in a temp folder; the
// tests run as root, so "another user" is a numeric uid, and the CLI is also run as that uid to
// see that root's files are trusted; `:profile` refuses a file opened to others since the start.
// A CA file whose base64 is corrupt fails at start in words.
// The config file's names: `__proto__`, `constructor` and unknown actions or lists are refused by
// the scripting commands as by the explorer.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, CLI, CLI_ENV, CLI_NODE, collectExit, runCli } from '../support/runCli.js';
import { DEMO, startDemoServer } from 'openim-demo-server';
import { assertTmux, startApp, type App } from '../support/tmux.js';

assertBuilt();
const OTHER_UID = 12345;
const ME = process.getuid?.() ?? 0;
/** Giving a file to another user takes root (these tests are written for it; elsewhere they are skipped). */
const ROOT = ME === 0;
/** What the chown in a message names: this user. */
const MY_NAME = userInfo().username;
const dir = mkdtempSync(join(tmpdir(), 'oie-trust-'));
// Another uid runs the CLI below: it must reach the files (the folder's mode is not judged).
chmodSync(dir, 0o755);
let n = 0;

/** A file in the temp folder with this content, mode and owner. */
function file(content: string, mode: number, uid = ME, name = `f-${++n}.json`): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  chmodSync(path, mode);
  if (uid !== ME) chownSync(path, uid, 0);
  return path;
}

/** A config file that names a variable holding a secret and a server: what a writer would plant. */
const PLANTED = JSON.stringify({ defaultProfile: 'lab', profiles: { lab: { baseUrl: 'http://127.0.0.1:1', tokenEnv: 'AWS_SECRET_ACCESS_KEY' } } });

/** The explorer (no command: refused before it looks for a terminal) and a scripting command. */
const BOTH: [string, string[]][] = [
  ['explorer', []],
  ['users', ['users']],
];

let app: App | undefined;
afterEach(() => {
  app?.kill();
  app = undefined;
});

/**
 * The scripting command's exit and stderr; the explorer's, in tmux (it reads a CA file after it
 * has found a terminal): the exit code and the screen, as stderr.
 */
async function run(command: string[], args: string[]): Promise<{ code: number | null; stderr: string }> {
  if (command.length > 0) return runCli([...command, ...args]);
  assertTmux();
  app = startApp({ cols: 400, args });
  const code = await app.exitCode();
  return { code, stderr: app.screen().split('\n').filter((l) => l.startsWith('openim-explorer:')).join('\n') };
}

/** The one line a refusal prints (the usage hint follows it). */
const refusalLine = (stderr: string): string => stderr.split('\n')[0] ?? '';

describe.each(BOTH)('%s: the config file', (_name, command) => {
  it.each([
    ['0666', 'group and others'],
    ['0664', 'group'],
    ['0620', 'group'],
    ['0602', 'others'],
  ])('mode %s: refused whatever it holds, with the chmod to run, exit 2', async (octal, who) => {
    const path = file(PLANTED, parseInt(octal, 8));
    const r = await runCli([...command, '--config', path], { AWS_SECRET_ACCESS_KEY: 'aws-secret' });
    expect(r.code).toBe(2);
    expect(refusalLine(r.stderr)).toBe(
      `openim-explorer: ${path}: the config file is writable by ${who} (mode ${octal}); refusing it as ssh would: check it, then chmod go-w ${path}`,
    );
    expect(r.stdout).toBe('');
  });

  it.skipIf(!ROOT)("another user's file (0600): refused with the chown to run, exit 2", async () => {
    const path = file(PLANTED, 0o600, OTHER_UID);
    const r = await runCli([...command, '--config', path], { AWS_SECRET_ACCESS_KEY: 'aws-secret' });
    expect(r.code).toBe(2);
    expect(refusalLine(r.stderr)).toBe(
      `openim-explorer: ${path}: the config file belongs to another user (uid ${OTHER_UID}); refusing it as ssh would: check it, then chown ${MY_NAME} ${path}`,
    );
  });

  it('at the default place, with --demo (which ignores an unreadable one): refused all the same', async () => {
    const home = mkdtempSync(join(dir, 'xdg-'));
    mkdirSync(join(home, 'openim-explorer'));
    const path = file('{"profiles":{}}', 0o666, ME, `xdg-${n}.json`);
    execFileSync('mv', [path, join(home, 'openim-explorer', 'config.json')]);
    const r = await runCli([...command, '--demo'], { XDG_CONFIG_HOME: home });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`chmod go-w ${join(home, 'openim-explorer', 'config.json')}`);
  });

  it('a file of ours at 0644 in a folder others can write: used (the folders are not walked, see docs/security.md)', async () => {
    const open = mkdtempSync(join(dir, 'open-'));
    chmodSync(open, 0o777);
    const path = join(open, 'config.json');
    writeFileSync(path, '{"profiles":{},"theme":"light"}', { mode: 0o644 });
    const r = await runCli([...command, '--demo', '--config', path]);
    expect(r.stderr).not.toContain('refusing it');
    expect(r.code).toBe(command.length > 0 ? 0 : 1);
  });
});

describe(':profile in the explorer', () => {
  it('a config file made writable by others since the start: the switch is refused on the status line, the old server stays', async () => {
    assertTmux();
    const demo = await startDemoServer({ users: 20 });
    try {
      const path = file(
        JSON.stringify({ profiles: { a: { baseUrl: demo.url, secretEnv: 'OIE_SECRET' }, b: { baseUrl: 'http://127.0.0.1:1', secretEnv: 'OIE_SECRET' } } }),
        0o600,
      );
      app = startApp({ cols: 200, args: ['--config', path, '--profile', 'a', '--still'], env: { OIE_SECRET: DEMO.secret } });
      await app.waitFor((s) => s.includes(DEMO.firstUserID) && /page 1 of/.test(s));
      chmodSync(path, 0o664);
      app.type(':profile b');
      app.send('Enter');
      const screen = await app.waitFor('the config file is writable by group (mode 0664)');
      expect(screen).toContain(`chmod go-w ${path}`);
      expect(screen.split('\n')[0]).toContain('profile a');
    } finally {
      await demo.close();
    }
  }, 30_000);
});

describe.skipIf(!ROOT)('run as another user (uid 12345)', () => {
  function asOther(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
    return collectExit(
      spawn(CLI_NODE, [CLI, ...args], { env: { ...CLI_ENV }, uid: OTHER_UID, gid: OTHER_UID, stdio: ['ignore', 'pipe', 'pipe'] }),
    );
  }

  it("root's file (0644) is trusted, the user's own too; a third user's is refused with the chown naming the uid", async () => {
    const rootOwned = file('{"profiles":{}}', 0o644, 0);
    expect(await asOther(['users', '--demo', '--config', rootOwned])).toMatchObject({ code: 0, stderr: '' });
    const own = file('{"profiles":{}}', 0o600, OTHER_UID);
    expect(await asOther(['users', '--demo', '--config', own])).toMatchObject({ code: 0, stderr: '' });
    const third = file('{"profiles":{}}', 0o644, 23456);
    const r = await asOther(['users', '--demo', '--config', third]);
    expect(r.code).toBe(2);
    // No name in the passwd file for this uid: chown takes the number.
    expect(refusalLine(r.stderr)).toContain(`the config file belongs to another user (uid 23456); refusing it as ssh would: check it, then chown ${OTHER_UID} ${third}`);
  });
});

describe('the CA file', () => {
  let pem: string;
  beforeAll(() => {
    const ssl = mkdtempSync(join(tmpdir(), 'oie-trust-ca-'));
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-subj', '/CN=oie trust CA', '-days', '2'], {
      cwd: ssl,
      stdio: 'ignore',
    });
    pem = readFileSync(join(ssl, 'ca.pem'), 'utf8');
  }, 30_000);
  const HTTPS = ['--base-url', 'https://127.0.0.1:1'];

  it.each(BOTH)('%s: --ca-file writable by others: refused with the chmod, exit 2', { timeout: 30_000 }, async (_name, command) => {
    const ca = file(pem, 0o666, ME, `ca-${++n}.pem`);
    const r = await run(command, [...HTTPS, '--ca-file', ca]);
    expect(r.code).toBe(2);
    expect(refusalLine(r.stderr)).toBe(
      `openim-explorer: --ca-file ${ca}: the CA file is writable by group and others (mode 0666); refusing it as ssh would: check it, then chmod go-w ${ca}`,
    );
  });

  it.skipIf(!ROOT).each(BOTH)("%s: a profile's caFile owned by another user: refused with the chown, exit 2", { timeout: 30_000 }, async (_name, command) => {
    const ca = file(pem, 0o644, OTHER_UID, `ca-${++n}.pem`);
    const config = file(JSON.stringify({ profiles: { lab: { baseUrl: 'https://127.0.0.1:1', caFile: ca } } }), 0o600);
    const r = await run(command, ['--config', config, '--profile', 'lab']);
    expect(r.code).toBe(2);
    expect(refusalLine(r.stderr)).toContain(`the CA file belongs to another user (uid ${OTHER_UID}); refusing it as ssh would: check it, then chown ${MY_NAME} ${ca}`);
  });

  it.each(BOTH)('%s: a certificate whose base64 is corrupt fails at start in words (it failed later as "unknown CA")', { timeout: 30_000 }, async (_name, command) => {
    const lines = pem.split('\n');
    lines[3] = `${lines[3]!.slice(0, 10)}!!!!${lines[3]!.slice(14)}`;
    const ca = file(lines.join('\n'), 0o644, ME, `ca-${++n}.pem`);
    const r = await run(command, [...HTTPS, '--ca-file', ca]);
    expect(r.code).toBe(2);
    expect(refusalLine(r.stderr)).toBe(`openim-explorer: --ca-file ${ca}: the certificate is damaged: its base64 is corrupt; copy the CA's certificate again`);
  });

  it('the second certificate of a bundle corrupt: named', async () => {
    const lines = pem.split('\n');
    lines[3] = `${lines[3]!.slice(0, 10)}!!!!${lines[3]!.slice(14)}`;
    const ca = file(pem + lines.join('\n'), 0o644, ME, `ca-${++n}.pem`);
    const r = await runCli(['users', ...HTTPS, '--ca-file', ca]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('certificate 2 of 2 is damaged: its base64 is corrupt');
  });

  it('a good private CA file (0644, ours) is used: the start goes on to the network', async () => {
    const ca = file(pem, 0o644, ME, `ca-${++n}.pem`);
    const r = await runCli(['users', ...HTTPS, '--ca-file', ca, '--timeout', '5']);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('connection refused');
  });
});

describe.each(BOTH)("%s: the config file's names", (_name, command) => {
  // JSON text: in an object literal, `__proto__:` sets the prototype and no key.
  it.each([
    ['"keys":{"__proto__":["x"]}', 'keys: "__proto__" is not an action (every object has this name)'],
    ['"keys":{"constructor":["x"]}', 'keys: "constructor" is not an action (every object has this name)'],
    ['"keys":{"bogus":["x"]}', 'keys: unknown action "bogus"'],
    ['"keys":{"nextPage":["F13"]}', 'keys: nextPage: unknown key "F13"'],
    ['"columns":{"__proto__":["userID"]}', 'columns: "__proto__" is not a list (every object has this name)'],
    ['"columns":{"toString":["userID"]}', 'columns: "toString" is not a list (every object has this name)'],
    ['"columns":{"users":["__proto__"]}', 'columns: users: unknown field "__proto__"'],
    ['"columns":{"accounts":["nope"]}', 'columns: accounts: unknown field "nope"'],
    ['"__proto__":{"theme":"light"}', '"__proto__" is not a field (every object has this name)'],
  ])('%s: refused in words, exit 2 (scripting skipped keys, and took __proto__)', async (part, words) => {
    const path = file(`{"profiles":{},${part}}`, 0o600);
    const r = await runCli([...command, '--demo', '--config', path]);
    expect(r.code).toBe(2);
    expect(refusalLine(r.stderr)).toContain(`${path}: ${words}`);
  });
});
