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
    [['frobnicate'], /unknown command/],
  ])('rejects %j with a usage error', (argv, message) => {
    expect(() => parseCliArgs(argv, {})).toThrow(UsageError);
    expect(() => parseCliArgs(argv, {})).toThrow(message);
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
