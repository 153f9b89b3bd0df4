// NO_PROXY's CIDR ranges, as curl reads them (7.86 and later): an IP address in a range goes
// direct; a host name never matches a range (nothing is looked up), and an entry that is not a
// range of its address family matches nothing.
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
