// Which hosts are this machine: never sent through a proxy (as Go's net/http, and so kubectl, do)
// and never marked `! plain http` (wireMarks.ts). Decided on addresses, never on a name's text:
// `127.example.com` is a name like any other.
import { BlockList, isIP } from 'node:net';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');
// ::ffff:127.0.0.1 is 127.0.0.1 written as IPv6 (a URL normalises it to [::ffff:7f00:1]).
LOOPBACK.addSubnet('::ffff:127.0.0.0', 104, 'ipv6');

/** Whether `address` (an IP address, brackets allowed) is a loopback address; a name never is. */
export function isLoopbackAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 0) return false;
  return LOOPBACK.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

/** Whether a URL's host names this machine: `localhost` or a loopback address. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname.toLowerCase() === 'localhost' || isLoopbackAddress(hostname);
}
