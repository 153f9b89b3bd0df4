import { describe, expect, it } from 'vitest';
import { parseCliArgs, UsageError } from '../../src/config/args.js';

describe('parseCliArgs', () => {
  it('takes the base URL and secrets from flags before the environment', () => {
    const env = { OPENIM_BASE_URL: 'http://env:10002', OPENIM_TOKEN: 'envtoken', OPENIM_SECRET: 'envsecret' };
    const o = parseCliArgs(['--base-url', 'http://flag:10002/', '--token', 'flagtoken'], env);
    expect(o.baseUrl).toBe('http://flag:10002');
    expect(o.token).toBe('flagtoken');
    expect(o.secret).toBe('envsecret');
    expect(o.adminUserID).toBe('imAdmin');
    expect(o.command).toBe('explore');
  });

  it('falls back to the environment', () => {
    const o = parseCliArgs([], { OPENIM_BASE_URL: 'https://im.example.org', OPENIM_ADMIN_USER_ID: 'root' });
    expect(o.baseUrl).toBe('https://im.example.org');
    expect(o.adminUserID).toBe('root');
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

  it('rejects a bad URL from the environment and names the variable', () => {
    expect(() => parseCliArgs([], { OPENIM_BASE_URL: 'localhost:10002x' })).toThrow(/OPENIM_BASE_URL/);
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
      userID: 'u1',
      keyword: '',
      conversationIDs: ['a', 'b', 'c'],
      search: '',
      regex: false,
      page: 3,
      size: 50,
      all: true,
      output: 'ndjson',
    });
  });

  it('leaves the size and output to be decided later when not given', () => {
    const o = parseCliArgs(['accounts', '--keyword', 'System Notice'], {});
    expect(o.request).toMatchObject({ list: 'accounts', keyword: 'System Notice', page: 1, all: false });
    expect(o.request?.size).toBeUndefined();
    expect(o.request?.output).toBeUndefined();
  });

  it.each([
    [['conversations'], /needs --user/],
    [['blacklist', '--user', ' '], /needs --user/],
    [['users', '--user', 'x'], /--user goes with/],
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

  it('records which fields came from flags and which from the environment', () => {
    const o = parseCliArgs(['--token', 't', '--timeout', '3'], { OPENIM_BASE_URL: 'http://e:1', OPENIM_SECRET: '' });
    expect([...o.explicit].sort()).toEqual(['baseUrl', 'timeoutMs', 'token']);
    expect([...o.flags].sort()).toEqual(['timeoutMs', 'token']);
  });

  it('takes the profile from --profile, else OPENIM_PROFILE, and --config and --ascii', () => {
    expect(parseCliArgs(['--profile', 'a'], { OPENIM_PROFILE: 'b' }).profile).toBe('a');
    expect(parseCliArgs([], { OPENIM_PROFILE: 'b' }).profile).toBe('b');
    const o = parseCliArgs(['--config', '/x/c.json', '--ascii'], {});
    expect(o.configPath).toBe('/x/c.json');
    expect(o.ascii).toBe(true);
  });
});

describe('a base URL with a user name or password', () => {
  it.each([
    [['--base-url', 'http://admin:S3cr3tPw@10.0.0.5:10002'], {}, '--base-url'],
    [[], { OPENIM_BASE_URL: 'https://admin:S3cr3tPw@im.example.org/api' }, 'OPENIM_BASE_URL'],
  ])('is a usage error naming the host only: %j %j', (argv, env, source) => {
    let message = '';
    try {
      parseCliArgs(argv, env);
    } catch (error) {
      expect(error).toBeInstanceOf(UsageError);
      message = (error as Error).message;
    }
    expect(message).toMatch(new RegExp(`^${source} must not hold a user name or password \\(host (10\\.0\\.0\\.5:10002|im\\.example\\.org)\\)`));
    expect(message).not.toMatch(/S3cr3tPw|admin/);
  });

  it('leaves the password out of the message when the URL does not even parse', () => {
    expect(() => parseCliArgs(['--base-url', 'http://admin:S3cr3tPw@host:port:bad'], {})).toThrow(/not a URL/);
    expect(() => parseCliArgs(['--base-url', 'http://admin:S3cr3tPw@host:port:bad'], {})).not.toThrow(/S3cr3tPw/);
  });
});
