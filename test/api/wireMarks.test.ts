// `! plain http` is decided on the address the connection went to, never on a name's text: the
// decision alone, with the peer address a reply would give (the header's rendering of it is in
// test/hardening/header.test.tsx, and the built CLI's in test/e2e/networkMarks.test.ts).
import { describe, expect, it } from 'vitest';
import { isLoopbackAddress } from '../../src/api/loopback.js';
import { plainHttpTo, WireWatch } from '../../src/api/wireMarks.js';

const plain = (url: string, peer?: string, proxied = false): boolean => plainHttpTo(new URL(url), proxied, peer);

describe('plain http', () => {
  it.each([
    ['http://127.example.com:10002', undefined],
    ['http://127.example.com:10002', '192.0.2.7'],
    ['http://127.0.0.1.nip.example:10002', '203.0.113.9'],
    ['http://localhost:10002', '192.0.2.7'], // a hosts file that sends localhost elsewhere
    ['http://openim.internal', undefined], // not connected yet: a name is not trusted
    ['http://10.0.0.5:10002', undefined],
    ['http://[fd00::10]:10002', 'fd00::10'],
  ])('%s (connected to %s): marked', (url, peer) => {
    expect(plain(url, peer)).toBe(true);
  });

  it.each([
    ['http://127.0.0.1:10002', undefined],
    ['http://127.1.2.3', undefined],
    ['http://[::1]:10002', undefined],
    ['http://localhost:10002', undefined],
    ['http://localhost:10002', '::1'],
    ['http://openim.internal', '127.0.0.1'], // a name that turned out to be this machine
    ['http://127.example.com', '::ffff:127.0.0.1'],
    ['https://10.0.0.5', '10.0.0.5'],
    ['https://127.example.com', undefined],
  ])('%s (connected to %s): not marked', (url, peer) => {
    expect(plain(url, peer)).toBe(false);
  });

  it('through a proxy, plain http is marked whatever the peer (the proxy, maybe on loopback)', () => {
    expect(plain('http://openim.internal', '127.0.0.1', true)).toBe(true);
    expect(plain('https://openim.internal', '127.0.0.1', true)).toBe(false);
  });
});

describe('loopback addresses', () => {
  it.each(['127.0.0.1', '127.255.255.254', '::1', '[::1]', '::ffff:127.0.0.1', '0:0:0:0:0:0:0:1'])('%s is loopback', (address) => {
    expect(isLoopbackAddress(address)).toBe(true);
  });
  it.each(['128.0.0.1', '126.255.255.255', '::2', '::', '0.0.0.0', 'localhost', '127.example.com', '127.0.0.1.example', ''])('%s is not', (address) => {
    expect(isLoopbackAddress(address)).toBe(false);
  });
});

describe('WireWatch', () => {
  it('follows the peer of each reply: the mark comes and goes as the address changes, once a change', () => {
    const watch = new WireWatch('http://explorer.example:10002');
    let told = 0;
    watch.subscribe(() => told++);
    const seen = ['127.0.0.1', '127.0.0.1', '10.0.0.7', '10.0.0.7', '::1'].map((peer) => {
      watch.saw(peer);
      return watch.current().plainHttp;
    });
    expect(seen).toEqual([false, false, true, true, false]);
    expect(told).toBe(3);
  });
});
