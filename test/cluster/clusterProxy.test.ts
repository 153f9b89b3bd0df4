// The metrics GETs follow the proxy rules like every request (api/proxy.ts): a target that is not
// this machine goes through HTTP_PROXY in absolute form, with no token, secret or operationID in
// what the proxy sees; the discovery on a loopback API goes direct.
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runClusterCommand } from '../../src/commands/cluster.js';
import { PROXY_NAME, startProxy, type Proxy } from '../support/recordingProxy.js';
import { startTestServer, type TestServer } from '../support/recordingServer.js';
import { scriptOptions } from '../support/scriptOptions.js';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.cHJveHktdG9rZW4.c2ln';
let proxy: Proxy;
let metrics: TestServer;
let api: TestServer;

beforeAll(async () => {
  proxy = await startProxy('pass');
  metrics = await startTestServer((_req, res) => res.writeHead(200).end('online_user_num 3\n'));
  const port = new URL(metrics.url).port;
  api = await startTestServer((req, res) =>
    res.writeHead(200).end(JSON.stringify(req.path.endsWith('/msg_gateway') ? [{ targets: [`${PROXY_NAME}:${port}`], labels: { namespace: 'default' } }] : [])),
  );
});
afterAll(async () => {
  await Promise.all([proxy.close(), metrics.close(), api.close()]);
});

describe('the cluster through a proxy', () => {
  it('reads a target elsewhere through HTTP_PROXY, with nothing of ours in the request', async () => {
    const env = { OPENIM_BASE_URL: api.url, OPENIM_TOKEN: TOKEN, HTTP_PROXY: proxy.url };
    const options = scriptOptions(['cluster', '-o', 'json'], env);
    const stdout = new PassThrough();
    const out: string[] = [];
    stdout.on('data', (c: Buffer) => out.push(c.toString()));
    const code = await runClusterCommand(options, { stdout, stderr: new PassThrough(), env });
    expect(code).toBe(0);
    const report = JSON.parse(out.join('')) as { figures: { figure: string; value: number | null }[] };
    expect(report.figures.find((f) => f.figure === 'online')!.value).toBe(3);
    expect(proxy.absolute.map((r) => r.url)).toEqual([`http://${PROXY_NAME}:${new URL(metrics.url).port}/metrics`]);
    const seen = JSON.stringify(proxy.absolute);
    expect(seen).not.toContain(TOKEN);
    expect(seen).not.toMatch(/operationid|"token"/i);
    // Loopback goes direct: the API's eleven routes never reached the proxy.
    expect(api.requests).toHaveLength(11);
  });
});
