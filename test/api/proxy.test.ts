// @module-tag cli
// Proxies as curl and Go honour them, on the built CLI: a loopback proxy (node:http) that handles
// CONNECT tunnels and absolute-form requests and records what it saw, in front of the embedded
// demo server (http) and a loopback https server (a certificate made here by openssl). https goes
// through a tunnel, so the proxy never sees the secret or the token; http goes in absolute form.
// Loopback never goes through a proxy, so the servers are named `openim.test` through it
// (test/support/recordingProxy.ts). NO_PROXY's address forms are tried
// against this machine's own addresses that are not loopback, when it has them.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';
import { PROXY_NAME, startProxy, type Proxy } from '../support/recordingProxy.js';
import { assertBuilt, runCli } from '../support/runCli.js';

assertBuilt();
const dir = mkdtempSync(join(tmpdir(), 'oie-proxy-'));
const SECRET = DEMO.secret;

/** The name the servers have through the proxy, which sends it to 127.0.0.1. */
const NAME = PROXY_NAME;

let demo: DemoServer;
let demo6: DemoServer;
let https: HttpsServer;
/** The servers by their name through the proxy. */
let httpUrl: string;
let httpsUrl: string;
/** The same servers by loopback address: never through a proxy. */
let httpsLoopback: string;
const CERT = join(dir, 'cert.pem');
beforeAll(async () => {
  demo = await startDemoServer({ users: 30 });
  demo6 = await startDemoServer({ users: 30, host: '::1' });
  httpUrl = demo.url.replace('127.0.0.1', NAME);
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'key.pem', '-out', 'cert.pem', '-subj', `/CN=${NAME}`, '-addext', `subjectAltName=DNS:${NAME},IP:127.0.0.1`, '-days', '2'], { cwd: dir, stdio: 'ignore' });
  // The demo's replies, over TLS: the https server passes each request on to it.
  https = createHttpsServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(CERT) }, (req, res) => {
    const upstream = request(`${demo.url}${req.url}`, { method: req.method, headers: req.headers }, (reply) => {
      res.writeHead(reply.statusCode ?? 502, reply.headers);
      reply.pipe(res);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => https.listen(0, '127.0.0.1', resolve));
  httpsLoopback = `https://127.0.0.1:${(https.address() as AddressInfo).port}`;
  httpsUrl = httpsLoopback.replace('127.0.0.1', NAME);
}, 60_000);
afterAll(async () => {
  https.close();
  await demo.close();
  await demo6.close();
});

const users = (url: string, env: NodeJS.ProcessEnv, more: string[] = []) =>
  runCli(['users', '--base-url', url, '--size', '5', '-o', 'ndjson', ...more], { OPENIM_SECRET: SECRET, ...env });

describe('proxies', () => {
  it('https goes through a CONNECT tunnel: the proxy sees host and port only, never the secret or token; the log names the proxy', async () => {
    const proxy = await startProxy();
    const log = join(dir, 'https.log');
    const r = await users(httpsUrl, { https_proxy: proxy.url }, ['--ca-file', CERT, '--log-file', log]);
    await proxy.close();
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout.trim().split('\n')).toHaveLength(5);
    expect(proxy.connects[0]).toBe(httpsUrl.replace('https://', ''));
    expect(proxy.absolute).toEqual([]);
    expect(proxy.tunnelled()).not.toContain(SECRET);
    expect(proxy.tunnelled()).not.toContain('get_admin_token');
    expect(readFileSync(log, 'utf8')).toMatch(new RegExp(` getUsers .* outcome=ok proxy=${proxy.host}\\n`));
  });

  it('http goes to the proxy in absolute form, as curl sends it (HTTP_PROXY upper case)', async () => {
    const proxy = await startProxy();
    const r = await users(httpUrl, { HTTP_PROXY: proxy.url });
    await proxy.close();
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(proxy.absolute.map((a) => a.url)).toEqual([`${httpUrl}/auth/get_admin_token`, `${httpUrl}/user/get_users`]);
    expect(proxy.absolute[1]?.headers.host).toBe(httpUrl.replace('http://', ''));
  });

  it.each([
    ['the name', () => NAME],
    ['*', () => '*'],
    ['a list separated by commas and spaces', () => 'example.com, .test 10.0.0.1'],
    ['the name with its port', () => `${NAME}:${new URL(httpUrl).port}`],
  ])('NO_PROXY with %s goes direct (the name is then looked up, and is not found)', async (_, noProxy) => {
    const proxy = await startProxy();
    const r = await users(httpUrl, { HTTP_PROXY: proxy.url, NO_PROXY: noProxy() }, ['--timeout', '5']);
    await proxy.close();
    expect(r.code).toBe(3);
    expect(r.stderr).not.toContain('proxy');
    expect(proxy.connections()).toBe(0);
  });

  it('NO_PROXY naming another port, another domain or another range still uses the proxy', async () => {
    const proxy = await startProxy();
    const r = await users(httpUrl, { http_proxy: proxy.url, no_proxy: `${NAME}:1,.example.com,10.0.0.0/8,::1` });
    await proxy.close();
    expect(r.code).toBe(0);
    expect(proxy.absolute).toHaveLength(2);
  });

  it('NODE_TLS_REJECT_UNAUTHORIZED=0 does not turn verification off inside a tunnel: said once, in words', async () => {
    const proxy = await startProxy();
    const r = await users(httpsUrl, { HTTPS_PROXY: proxy.url, NODE_TLS_REJECT_UNAUTHORIZED: '0' });
    await proxy.close();
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('self-signed and not trusted');
    expect(r.stderr).toContain('[DEPTH_ZERO_SELF_SIGNED_CERT]');
    expect(r.stderr).toContain('openim-explorer: note: NODE_TLS_REJECT_UNAUTHORIZED=0 is ignored: certificates are verified');
    expect(proxy.connects).toHaveLength(1);
    expect(proxy.tunnelled()).not.toContain(SECRET);
  });

  it('a proxy that refuses the tunnel is named, in words', async () => {
    const proxy = await startProxy('refuse');
    const r = await users(httpsUrl, { HTTPS_PROXY: proxy.url }, ['--ca-file', CERT]);
    await proxy.close();
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(`the proxy refused the tunnel to ${httpsUrl.replace('https://', '')} (HTTP 403); proxy ${proxy.host}`);
  });

  it('the deadline holds through a proxy that never answers CONNECT', async () => {
    const proxy = await startProxy('stall');
    const r = await users(httpsUrl, { HTTPS_PROXY: proxy.url }, ['--ca-file', CERT, '--timeout', '1']);
    await proxy.close();
    expect(r.hung).toBe(false);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('no answer before the timeout');
  });

  it('a proxy variable that is not an http:// proxy is a usage error', async () => {
    const r = await users(httpsUrl, { HTTPS_PROXY: 'socks5://127.0.0.1:1080' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('HTTPS_PROXY must be an http:// proxy (socks5:// proxies are not supported)');
  });

  it.each([
    ['HTTP_PROXY', 'http://ops:pa%zzss@proxy.internal:3128', 'HTTP_PROXY has a user or password whose percent-encoding is broken: write % as %25'],
    ['http_proxy', 'http://ops:pa%E0%A4%A@proxy.internal:3128', 'http_proxy has a user or password whose percent-encoding is broken'],
    ['HTTPS_PROXY', 'http://[::1', 'HTTPS_PROXY is not a URL: write it as http://host:port'],
    ['https_proxy', 'http://proxy internal:3128', 'https_proxy is not a proxy URL: it holds a space or a control character'],
    ['HTTP_PROXY', 'http://proxy.internal:3128/\nx', 'HTTP_PROXY is not a proxy URL: it holds a space or a control character'],
    ['HTTP_PROXY', 'http://:3128', 'HTTP_PROXY is not a URL'],
  ])('%s=%j is a usage error at start naming the variable, never quoting it, even for a loopback server', async (name, value, words) => {
    const r = await users(demo.url, { [name]: value });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(words);
    expect(r.stderr).not.toMatch(/ops|pa%|proxy\.internal|URI malformed|network failure/);
  });
});

describe('loopback never goes through a proxy (as Go and kubectl): an SSH tunnel on 127.0.0.1 stays on this machine', () => {
  const all = (proxy: Proxy): NodeJS.ProcessEnv => ({ HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url, http_proxy: proxy.url, https_proxy: proxy.url });

  it.each([
    ['http://127.0.0.1', () => demo.url, []],
    ['http://[::1]', () => demo6.url, []],
    ['http://localhost', () => demo.url.replace('127.0.0.1', 'localhost'), []],
    ['https://127.0.0.1', () => httpsLoopback, ['--ca-file', CERT]],
  ] as const)('%s: the proxy sees no connection', async (_, url, more) => {
    const proxy = await startProxy();
    const r = await users(url(), all(proxy), [...more]);
    await proxy.close();
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout.trim().split('\n')).toHaveLength(5);
    expect(proxy.connections()).toBe(0);
  });
});

/** This machine's first address of `family` that is not loopback or link-local, if it has one. */
function ownAddress(family: 'IPv4' | 'IPv6'): string | undefined {
  const all = Object.values(networkInterfaces()).flatMap((list) => list ?? []);
  return all.find((a) => a.family === family && !a.internal && !a.address.startsWith('fe80:'))?.address;
}
const OWN4 = ownAddress('IPv4');
const OWN6 = ownAddress('IPv6');

describe.skipIf(OWN4 === undefined || OWN6 === undefined)(`NO_PROXY address forms, against this machine's own addresses (${OWN4 ?? 'no IPv4'}, ${OWN6 ?? 'no IPv6'})`, () => {
  let own4: DemoServer;
  let own6: DemoServer;
  beforeAll(async () => {
    own4 = await startDemoServer({ users: 30, host: OWN4! });
    own6 = await startDemoServer({ users: 30, host: OWN6! });
  });
  afterAll(async () => {
    await own4.close();
    await own6.close();
  });
  const port6 = (): string => new URL(own6.url).port;
  /** The /8 holding the address: fd00::/8 for fd00::2. */
  const first6 = (): string => `${(parseInt(OWN6!.split(':')[0]!, 16) & 0xff00).toString(16)}::/8`;

  it.each([
    ['the IPv6 address bare (curl\'s form)', () => OWN6!],
    ['the IPv6 address bracketed', () => `[${OWN6!}]`],
    ['the IPv6 address bracketed with its port', () => `[${OWN6!}]:${port6()}`],
    ['a range holding it (fd00::/8 for fd00::2)', first6],
    ['a range, bracketed', () => `[${first6().replace('/8', '')}]/8`],
  ])('%s: direct', async (_, noProxy) => {
    const proxy = await startProxy();
    const r = await users(own6.url, { HTTP_PROXY: proxy.url, NO_PROXY: `example.com,${noProxy()}` });
    await proxy.close();
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(proxy.connections()).toBe(0);
  });

  it('another IPv6 address or another port: through the proxy', async () => {
    const proxy = await startProxy();
    const r = await users(own6.url, { HTTP_PROXY: proxy.url, NO_PROXY: `::1,[${OWN6!}]:1,fd00::dead` });
    await proxy.close();
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(proxy.absolute.map((a) => a.url)).toEqual([`${own6.url}/auth/get_admin_token`, `${own6.url}/user/get_users`]);
  });

  it('the IPv4 address, with its port or not: direct; without NO_PROXY: through the proxy', async () => {
    const proxy = await startProxy();
    const direct = await users(own4.url, { HTTP_PROXY: proxy.url, NO_PROXY: OWN4! });
    const withPort = await users(own4.url, { HTTP_PROXY: proxy.url, NO_PROXY: `${OWN4!}:${new URL(own4.url).port}` });
    expect(proxy.connections()).toBe(0);
    const proxied = await users(own4.url, { HTTP_PROXY: proxy.url });
    await proxy.close();
    for (const r of [direct, withPort, proxied]) expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(proxy.absolute).toHaveLength(2);
  });
});
