// NO_PROXY as curl and Go read it: CIDR ranges (curl 7.86 and later: an IP address in a range
// goes direct; a host name never matches a range, nothing is looked up; an entry that is not a
// range of its address family matches nothing), IPv6 addresses bare or bracketed, and loopback
// direct whatever NO_PROXY says.
import { describe, expect, it } from 'vitest';
import { proxyFor, proxySettingsFromEnv } from '../../src/api/proxy.js';

const PROXY = 'http://proxy.internal:3128';
const via = (target: string, noProxy: string): string | undefined =>
  proxyFor(new URL(target), proxySettingsFromEnv({ HTTP_PROXY: PROXY, HTTPS_PROXY: PROXY, NO_PROXY: noProxy }))?.host;

describe('NO_PROXY ranges', () => {
  it.each([
    ['http://10.20.30.40:10002', '10.0.0.0/8'],
    ['https://192.168.7.9', '192.168.7.0/24'],
    ['http://192.168.7.9', 'example.com, 192.168.7.9/32'],
    ['http://10.1.2.3', '10.1.2.99/8'], // host bits in the network are ignored, as curl does
    ['http://[fd00::5]:10002', 'fd00::/8'],
    ['http://[fd00::5]', '[fd00::]/16'],
    ['http://1.2.3.4', '0.0.0.0/0'],
  ])('%s goes direct with NO_PROXY=%s', (target, noProxy) => {
    expect(via(target, noProxy)).toBeUndefined();
  });

  it.each([
    ['http://10.20.30.40', '192.168.0.0/16'],
    ['http://192.168.8.1', '192.168.7.0/24'],
    ['http://openim.internal', '10.0.0.0/8'], // a name is not looked up
    ['http://10.0.0.1', 'fd00::/8'], // another family
    ['http://[fd00::5]', '10.0.0.0/8'],
    ['http://10.0.0.1', '10.0.0.0/33'], // not a range: matches nothing
    ['http://10.0.0.1', 'not-an-ip/8'],
  ])('%s still goes through the proxy with NO_PROXY=%s', (target, noProxy) => {
    expect(via(target, noProxy)).toBe('proxy.internal:3128');
  });
});

// IPv6 addresses as curl documents them (bare: `::1`, `fd00::10`) and as Go and bracketed URLs
// write them (`[::1]`, `[fd00::10]:10002`), compared as addresses, never as text.
describe('NO_PROXY addresses', () => {
  it.each([
    ['http://[fd00::10]:10002', 'fd00::10'],
    ['http://[fd00::10]:10002', '[fd00::10]'],
    ['http://[fd00::10]:10002', '[fd00::10]:10002'],
    ['http://[fd00::10]:10002', 'fd00:0:0::10'], // the same address written otherwise
    ['https://[fd00::10]', '[fd00::10]:443'],
    ['http://10.1.2.3:8080', '10.1.2.3:8080'],
    ['http://openim.internal', '*.internal'],
  ])('%s goes direct with NO_PROXY=%s', (target, noProxy) => {
    expect(via(target, noProxy)).toBeUndefined();
  });

  it.each([
    ['http://[fd00::10]:10002', '[fd00::10]:1'], // another port
    ['http://[fd00::10]:10002', 'fd00::11'],
    ['http://[fd00::10]:10002', 'fd00::'],
    ['http://10.1.2.3:8080', '10.1.2.3:80'],
    ['http://[::ffff:a01:203]', '::1'],
  ])('%s still goes through the proxy with NO_PROXY=%s', (target, noProxy) => {
    expect(via(target, noProxy)).toBe('proxy.internal:3128');
  });
});

// Go's rule (so kubectl's): loopback never goes through a proxy, whatever NO_PROXY says. Decided
// on the address: a name that only starts like one is a name.
describe('loopback', () => {
  it.each(['http://127.0.0.1:10002', 'http://127.200.3.4', 'https://[::1]:10002', 'http://localhost:10002', 'https://LOCALHOST', 'http://[::ffff:127.0.0.1]'])(
    '%s goes direct with an empty NO_PROXY',
    (target) => {
      expect(via(target, '')).toBeUndefined();
    },
  );

  it.each(['http://127.example.com', 'http://localhost.example.com', 'http://128.0.0.1', 'http://[::2]'])('%s is not loopback: through the proxy', (target) => {
    expect(via(target, '')).toBe('proxy.internal:3128');
  });
});
