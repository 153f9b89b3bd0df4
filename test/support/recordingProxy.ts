// A recording proxy of the tests' own, on loopback (node:http): it opens CONNECT tunnels and
// forwards absolute-form requests, as an ops box's proxy does, and records what it saw. Loopback
// never goes through a proxy, so the tests name their loopback servers PROXY_NAME through it: a
// name only this proxy knows, which it sends to 127.0.0.1.
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

/** The name the tests' loopback servers have through the proxy. */
export const PROXY_NAME = 'openim.test';
const route = (host: string): string => (host === PROXY_NAME ? '127.0.0.1' : host.replace(/^\[|\]$/g, ''));

export interface Proxy {
  url: string;
  host: string;
  /** The authority of every CONNECT. */
  connects: string[];
  /** Connections accepted, of any kind. */
  connections: () => number;
  absolute: { url: string; headers: IncomingMessage['headers'] }[];
  /** Every byte the client sent into tunnels. */
  tunnelled: () => string;
  close: () => Promise<void>;
}

/** mode: 'pass' forwards; 'refuse' answers CONNECT with 403; 'stall' never answers CONNECT. */
export function startProxy(mode: 'pass' | 'refuse' | 'stall' = 'pass'): Promise<Proxy> {
  const connects: string[] = [];
  const absolute: Proxy['absolute'] = [];
  const chunks: Buffer[] = [];
  const sockets = new Set<Socket>();
  let connections = 0;
  const server: Server = createServer((req, res) => {
    absolute.push({ url: req.url ?? '', headers: req.headers });
    const target = new URL(req.url ?? '');
    const upstream = request({ host: route(target.hostname), port: target.port, path: target.pathname + target.search, method: req.method, headers: req.headers }, (reply) => {
      res.writeHead(reply.statusCode ?? 502, reply.headers);
      reply.pipe(res);
    });
    req.pipe(upstream);
  });
  server.on('connection', (socket) => {
    connections += 1;
    sockets.add(socket);
  });
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    connects.push(req.url ?? '');
    if (mode === 'stall') return;
    if (mode === 'refuse') return void client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), route(host!), () => {
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
        connections: () => connections,
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
