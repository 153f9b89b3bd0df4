import { describe, expect, it } from 'vitest';
import { LISTS } from '../../src/lists/registry.js';
import { parseCliArgs, UsageError } from '../../src/config/args.js';

describe('parseCliArgs', () => {
  it('keeps what the flags and the environment say of the connection apart (connection.ts decides)', () => {
    const env = { OPENIM_BASE_URL: 'http://env:10002', OPENIM_TOKEN: 'envtoken', OPENIM_SECRET: ' envsecret ' };
    const o = parseCliArgs(['--base-url', 'http://flag:10002/', '--token', 'flagtoken'], env);
    expect(o.given.flags).toEqual({ baseUrl: 'http://flag:10002', token: 'flagtoken' });
    expect(o.given.environment).toEqual({ baseUrl: 'http://env:10002', token: 'envtoken', secret: 'envsecret' });
    expect(o.connection).toBeUndefined();
    expect(o.command).toBe('explore');
  });

  it('normalises a base URL once: the host lower-cased, a default port and trailing slashes dropped, the path encoded', () => {
    const o = parseCliArgs(['--base-url', 'HTTP://IM.Example.ORG:80/api v1//'], { OPENIM_BASE_URL: 'https://[::1]:443/', OPENIM_ADMIN_USER_ID: 'root' });
    expect(o.given.flags.baseUrl).toBe('http://im.example.org/api%20v1');
    expect(o.given.environment).toEqual({ baseUrl: 'https://[::1]', adminUserID: 'root' });
    expect(o.timeoutMs).toBe(10_000);
  });

  it.each([
    [['--bogus'], /^unknown option --bogus$/],
    [['--base-url', 'not a url'], /not a URL/],
    [['--base-url', 'ftp://x'], /http:\/\/ or https:\/\//],
    [['--timeout', 'soon'], /--timeout/],
    [['--page-size', '0'], /--page-size/],
    [['--page-size', '1001'], /--page-size/],
    [['--page-size', '2.5'], /whole number/],
    [['--users', '1.5'], /whole number/],
    [['--watch', '0.5'], /--watch must be a number from 1 to 3600/],
    [['users', '--watch', '5', '--all'], /does not go with --all/],
    [['users', '--watch', '5', '-o', 'json'], /--output json does not go with it/],
    [['frobnicate'], /unknown command/],
  ])('rejects %j with a usage error', (argv, message) => {
    expect(() => parseCliArgs(argv, {})).toThrow(UsageError);
    expect(() => parseCliArgs(argv, {})).toThrow(message);
  });

  it('--watch and --still: seconds to ms, the demo living unless still, its pace from OIE_DEMO_PACE_MS', () => {
    expect(parseCliArgs(['--demo', '--watch', '1.5'], {})).toMatchObject({ watchMs: 1500, demoStill: false });
    expect(parseCliArgs(['--demo'], {}).watchMs).toBeUndefined();
    expect(parseCliArgs(['--demo', '--still'], {}).demoStill).toBe(true);
    expect(parseCliArgs(['--demo'], { OIE_DEMO_PACE_MS: '250' }).demoPaceMs).toBe(250);
    expect(() => parseCliArgs(['--demo'], { OIE_DEMO_PACE_MS: 'fast' })).toThrow(/OIE_DEMO_PACE_MS/);
    const watch = parseCliArgs(['conversations', '--user', 'u1', '--watch', '5', '-o', 'ndjson'], {});
    expect(watch).toMatchObject({ command: 'list', watchMs: 5000 });
  });

  it('--server: the release unless main is asked for, on --demo, the scripting commands and demo-server; anything else in words', () => {
    expect(parseCliArgs(['--demo'], {}).demoServer).toBe('release');
    expect(parseCliArgs(['--demo', '--server', 'main'], {}).demoServer).toBe('main');
    expect(parseCliArgs(['users', '--demo', '--server', 'release'], {}).demoServer).toBe('release');
    expect(parseCliArgs(['demo-server', '--server', 'main'], {}).demoServer).toBe('main');
    expect(() => parseCliArgs(['--demo', '--server', 'v3.8'], {})).toThrow(UsageError);
    expect(() => parseCliArgs(['demo-server', '--server', 'v3.8'], {})).toThrow('--server must be release or main (the newest release, or main, unreleased), got "v3.8"');
  });

  it('rejects a bad URL from the environment and names the variable, where a server is reached', () => {
    expect(() => parseCliArgs([], { OPENIM_BASE_URL: 'localhost:10002x' })).toThrow(/OPENIM_BASE_URL/);
    expect(() => parseCliArgs(['users'], { OPENIM_BASE_URL: 'http://x/\u001b' })).toThrow(/OPENIM_BASE_URL/);
    // Not where none is: a shell's start-up line still gets its completion script.
    expect(parseCliArgs(['completion', 'bash'], { OPENIM_BASE_URL: 'http://x/\u001b' }).command).toBe('completion');
    expect(parseCliArgs(['demo-server'], { OPENIM_BASE_URL: 'localhost:10002x' }).command).toBe('demo-server');
  });

  it('recognises the demo server command and its port', () => {
    const o = parseCliArgs(['demo-server', '--port', '12345', '--users', '1000000'], {});
    expect(o.command).toBe('demo-server');
    expect(o.port).toBe(12345);
    expect(o.demoUsers).toBe(1_000_000);
  });

  it('gives help and version precedence over everything else', () => {
    expect(parseCliArgs(['--demo', '--help'], {}).command).toBe('help');
    expect(parseCliArgs(['-v'], {}).command).toBe('version');
    expect(parseCliArgs(['completion', '--help'], {}).command).toBe('help');
  });

  it('reads `completion SHELL` and the hidden profile lister the scripts call', () => {
    expect(parseCliArgs(['completion', 'zsh'], {})).toMatchObject({ command: 'completion', shell: 'zsh' });
    expect(parseCliArgs(['__complete-profiles', '--config', '/x.json'], {})).toMatchObject({ command: 'complete-profiles', configPath: '/x.json' });
    expect(() => parseCliArgs(['completion'], {})).toThrow(/completion needs one of bash, zsh, fish/);
    expect(() => parseCliArgs(['completion', 'bash', 'zsh'], {})).toThrow(/completion needs one of/);
    expect(() => parseCliArgs(['__complete-profiles', 'x'], {})).toThrow(/unknown command/);
  });
});

describe('parseCliArgs: scripting commands', () => {
  it('reads a list command with its options', () => {
    const o = parseCliArgs(['conversations', '--user', 'u1', '--ids', 'a, b,,c', '--page', '3', '--size', '50', '--all', '-o', 'ndjson'], {});
    expect(o.command).toBe('list');
    expect(o.request).toEqual({
      list: 'conversations',
      kind: 'conversations',
      userID: 'u1',
      flags: { ids: 'a, b,,c' },
      page: 3,
      size: 50,
      all: true,
      output: 'ndjson',
    });
    // The list's query reads its flags (lists/conversations.ts).
    expect(LISTS.conversations.query.fromFlags(o.request!.flags)).toEqual({ conversationIDs: ['a', 'b', 'c'] });
  });

  it('leaves the size and output to be decided later when not given', () => {
    const o = parseCliArgs(['accounts', '--keyword', 'System Notice'], {});
    expect(o.request).toMatchObject({ list: 'accounts', flags: { keyword: 'System Notice' }, page: 1, all: false });
    expect(o.request?.size).toBeUndefined();
    expect(o.request?.output).toBeUndefined();
  });

  it.each([
    [['conversations'], /needs --user/],
    [['blacklist', '--user', ' '], /needs --user/],
    [['users', '--user', 'x'], /--user goes with/],
    // A drill-down list's command says, in words, every flag naming the row it opens from.
    [['history', '--user', 'u'], /^history needs --user ID and --conversation CID$/],
    [['history', '--conversation', 'si_a_b'], /^history needs --user ID and --conversation CID$/],
    [['users', '--conversation', 'x'], /--conversation goes with history/],
    [['users', '--keyword', 'x'], /--keyword goes with accounts/],
    [['blacklist', '--user', 'u', '--ids', 'a'], /--ids goes with conversations/],
    [['users', '--output', 'xml'], /--output must be one of json, ndjson, csv, table/],
    [['users', '--size', '0'], /--size/],
    [['users', '--page', '0'], /--page/],
    [['users', 'extra'], /unknown command/],
    [['--all'], /--all goes with a scripting command/],
  ])('rejects %j with a usage error', (argv, message) => {
    expect(() => parseCliArgs(argv, {})).toThrow(UsageError);
    expect(() => parseCliArgs(argv, {})).toThrow(message);
  });

  it('records which settings a profile may not override because a flag gave them', () => {
    const o = parseCliArgs(['--token', 't', '--timeout', '3', '--watch', '2'], { OPENIM_BASE_URL: 'http://e:1', OPENIM_SECRET: '' });
    expect([...o.flags].sort()).toEqual(['timeoutMs', 'watchMs']);
    expect(o.given.environment).toEqual({ baseUrl: 'http://e:1' });
  });

  it('takes the profile from --profile, else OPENIM_PROFILE, and says which; --config and --ascii', () => {
    expect(parseCliArgs(['--profile', 'a'], { OPENIM_PROFILE: 'b' })).toMatchObject({ profile: 'a', profileFrom: '--profile' });
    expect(parseCliArgs([], { OPENIM_PROFILE: 'b' })).toMatchObject({ profile: 'b', profileFrom: 'OPENIM_PROFILE' });
    const o = parseCliArgs(['--config', '/x/c.json', '--ascii'], {});
    expect(o.configPath).toBe('/x/c.json');
    expect(o.ascii).toBe(true);
  });
});

/** The words of the UsageError that parsing `argv` with `env` throws ('' when it throws none). */
function usageMessage(argv: readonly string[], env: NodeJS.ProcessEnv): string {
  try {
    parseCliArgs([...argv], env);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  return '';
}

describe('a base URL with a user name or password', () => {
  it.each([
    [['--base-url', 'http://admin:S3cr3tPw@10.0.0.5:10002'], {}, '--base-url'],
    [[], { OPENIM_BASE_URL: 'https://admin:S3cr3tPw@im.example.org/api' }, 'OPENIM_BASE_URL'],
  ])('is a usage error naming the host only: %j %j', (argv, env, source) => {
    const message = usageMessage(argv, env);
    expect(message).toMatch(new RegExp(`^${source} must not hold a user name or password \\(host (10\\.0\\.0\\.5:10002|im\\.example\\.org)\\)`));
    expect(message).not.toMatch(/S3cr3tPw|admin/);
  });

  it('leaves the password out of the message when the URL does not even parse', () => {
    expect(() => parseCliArgs(['--base-url', 'http://admin:S3cr3tPw@host:port:bad'], {})).toThrow(/not a URL/);
    expect(() => parseCliArgs(['--base-url', 'http://admin:S3cr3tPw@host:port:bad'], {})).not.toThrow(/S3cr3tPw/);
  });
});

describe('a base URL with a control character', () => {
  // `new URL` drops tabs and newlines and encodes ESC and DEL: the URL must be refused as given.
  const HOSTILE = [
    ['ESC and a bracketed-paste end', 'http://127.0.0.1:18001/a\u001b[201~\u0015id>/tmp/PWNED\nb'],
    ['a tab', 'http://127.0.0.1:18001/a\tPWNED'],
    ['a trailing newline', 'http://127.0.0.1:18001/PWNED\n'],
    ['DEL', "http://127.0.0.1:18001/x'\u007f;PWNED"],
    ['a C1 CSI', 'http://127.0.0.1:18001/\u009b31mPWNED'],
    ['NUL', 'http://127.0.0.1:18001/\u0000PWNED'],
  ] as const;

  it.each(HOSTILE)('%s: refused from --base-url and from OPENIM_BASE_URL, named, never echoed', (_what, url) => {
    for (const [argv, env, source] of [
      [['--base-url', url], {}, '--base-url'],
      [[], { OPENIM_BASE_URL: url }, 'OPENIM_BASE_URL'],
    ] as const) {
      const message = usageMessage(argv, env);
      expect(message).toBe(`${source} must not hold control characters (a tab, newline, escape, DEL or C1 code): give the URL again as plain text`);
      expect(message).not.toContain('PWNED');
    }
  });
});
