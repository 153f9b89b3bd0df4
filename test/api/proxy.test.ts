// Proxies as curl honours them, on the built CLI: a loopback proxy (node:http) that handles
// CONNECT tunnels and absolute-form requests and records what it saw, in front of the embedded
// demo server (http) and a loopback https server (a certificate made here by openssl). https goes
// through a tunnel, so the proxy never sees the secret or the token; http goes in absolute form.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';
import { assertBuilt, runCli } from '../support/runCli.js';

assertBuilt();
const dir = mkdtempSync(join(tmpdir(), 'oie-proxy-'));
const SECRET = DEMO.secret;

interface Proxy {
  url: string;
  host: string;
  connects: string[];
  absolute: { url: string; headers: IncomingMessage['headers'] }[];
  /** Every byte the client sent into tunnels. */
  tunnelled: () => string;
  close: () => Promise<void>;
}

/** mode: 'pass' forwards; 'refuse' answers CONNECT with 403; 'stall' never answers CONNECT. */
function startProxy(mode: 'pass' | 'refuse' | 'stall' = 'pass'): Promise<Proxy> {
  const connects: string[] = [];
  const absolute: Proxy['absolute'] = [];
  const chunks: Buffer[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    absolute.push({ url: req.url ?? '', headers: req.headers });
    const target = new URL(req.url ?? '');
    const upstream = request({ host: target.hostname, port: target.port, path: target.pathname + target.search, method: req.method, headers: req.headers }, (reply) => {
      res.writeHead(reply.statusCode ?? 502, reply.headers);
      reply.pipe(res);
    });
    req.pipe(upstream);
  });
  server.on('connection', (socket) => sockets.add(socket));
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    connects.push(req.url ?? '');
    if (mode === 'stall') return;
    if (mode === 'refuse') return void client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host!, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      client.on('data', (c: Buffer) => chunks.push(c));
      client.pipe(upstream);
      upstream.pipe(client);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
      resolve({
        url: `http://${host}`,
        host,
        connects,
        absolute,
        tunnelled: () => Buffer.concat(chunks).toString('latin1'),
        close: () =>
          new Promise<void>((done) => {
            for (const s of sockets) s.destroy();
            server.close(() => done());
          }),
      });
    }),
  );
}

let demo: DemoServer;
let https: HttpsServer;
let httpsUrl: string;
const CERT = join(dir, 'cert.pem');
beforeAll(async () => {
  demo = await startDemoServer({ users: 30 });
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'key.pem', '-out', 'cert.pem', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-days', '2'], { cwd: dir, stdio: 'ignore' });
  // The demo's replies, over TLS: the https server passes each request on to it.
  https = createHttpsServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(CERT) }, (req, res) => {
    const upstream = request(`${demo.url}${req.url}`, { method: req.method, headers: req.headers }, (reply) => {
      res.writeHead(reply.statusCode ?? 502, reply.headers);
      reply.pipe(res);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => https.listen(0, '127.0.0.1', resolve));
  httpsUrl = `https://127.0.0.1:${(https.address() as AddressInfo).port}`;
}, 60_000);
afterAll(async () => {
  https.close();
  await demo.close();
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
    const r = await users(demo.url, { HTTP_PROXY: proxy.url });
    await proxy.close();
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(proxy.absolute.map((a) => a.url)).toEqual([`${demo.url}/auth/get_admin_token`, `${demo.url}/user/get_users`]);
    expect(proxy.absolute[1]?.headers.host).toBe(demo.url.replace('http://', ''));
  });

  it.each([
    ['the host', '127.0.0.1'],
    ['*', '*'],
    ['a list separated by commas and spaces', 'example.com, .internal 127.0.0.1'],
    ['a CIDR range holding the host', '10.0.0.0/8,127.0.0.0/8'],
  ])('NO_PROXY with %s goes direct', async (_, noProxy) => {
    const proxy = await startProxy();
    const r = await users(demo.url, { HTTP_PROXY: proxy.url, NO_PROXY: noProxy });
    await proxy.close();
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(proxy.absolute).toEqual([]);
  });

  it('NO_PROXY naming another port, another domain or another range still uses the proxy', async () => {
    const proxy = await startProxy();
    const r = await users(demo.url, { http_proxy: proxy.url, no_proxy: '127.0.0.1:1,.example.com,10.0.0.0/8' });
    await proxy.close();
    expect(r.code).toBe(0);
    expect(proxy.absolute).toHaveLength(2);
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
    expect(r.stderr).toContain('https_proxy must be an http:// proxy (socks5:// proxies are not supported)');
  });
});
