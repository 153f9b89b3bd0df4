// The second yardstick: the same loop as fetchLoop.mjs on node:http with a keep-alive agent and
// gzip (as fetch asks for it), the cheapest client Node has; the CLI's own transport is node:http
// too (src/api/transport.ts), so this is the floor that shows what the CLI adds.
// Usage: node bench/floors/httpLoop.mjs BASE_URL ndjson|csv|json [--all] [--size N]
import { printUsers } from './printUsers.mjs';
import { Agent, request } from 'node:http';
import { gunzipSync } from 'node:zlib';

const [baseUrl, format = 'ndjson', ...rest] = process.argv.slice(2);
const all = rest.includes('--all');
const size = Number(rest[rest.indexOf('--size') + 1]) || (all ? 100 : 20);
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
let op = 0;
const post = (path, body, token) =>
  new Promise((resolve, reject) => {
    const headers = { 'content-type': 'application/json', 'accept-encoding': 'gzip', operationID: `floor${++op}` };
    if (token) headers.token = token;
    const req = request(baseUrl + path, { method: 'POST', headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const text = (res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
        resolve(JSON.parse(text).data);
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
await printUsers(post, format, { all, size });

agent.destroy();
