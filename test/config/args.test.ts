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
    [['--bogus'], /bogus/],
    [['--base-url', 'not a url'], /not a URL/],
    [['--base-url', 'ftp://x'], /http:\/\/ or https:\/\//],
    [['--timeout', 'soon'], /--timeout/],
    [['--page-size', '30'], /10, 20, 50, 100/],
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
