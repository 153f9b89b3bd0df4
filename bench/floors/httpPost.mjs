// The floors' node:http client (httpLoop.mjs, inkPaging.mjs): a POST of a JSON body over one
// keep-alive connection, gzip asked for as the CLI asks, the reply's `data` parsed. No deadline,
// no checks: the least a client can do for the same request.
import { Agent, request } from 'node:http';
import { gunzipSync } from 'node:zlib';

/** `post(path, body, token?)` against `baseUrl`, and `close()` for its connection. */
export function httpPoster(baseUrl) {
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
  return { post, close: () => agent.destroy() };
}
