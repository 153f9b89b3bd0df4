// The walk's second yardstick: the same loop as fetchLoop.mjs on node:http with a keep-alive
// agent and gzip (as fetch asks for it), the cheapest client Node has.
// Usage: node bench/floors/httpLoop.mjs BASE_URL ndjson|csv|json
import { Agent, request } from 'node:http';
import { gunzipSync } from 'node:zlib';

const [baseUrl, format = 'ndjson'] = process.argv.slice(2);
const size = 100;
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
const FIELDS = ['userID', 'nickname', 'faceURL', 'createTime', 'appMangerLevel', 'globalRecvMsgOpt', 'ex'];
const cell = (v) => {
  const s = v === undefined || v === null ? '' : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const encode = {
  ndjson: (rows) => rows.map((r) => JSON.stringify(r) + '\n').join(''),
  csv: (rows) => rows.map((r) => FIELDS.map((f) => cell(r[f])).join(',') + '\r\n').join(''),
  json: (rows, first) => rows.map((r, i) => (first && i === 0 ? '\n  ' : ',\n  ') + JSON.stringify(r)).join(''),
}[format];
const write = (text) => (process.stdout.write(text) ? undefined : new Promise((r) => process.stdout.once('drain', r)));

const { token } = await post('/auth/get_admin_token', { secret: 'openIM123', userID: 'imAdmin' });
if (format === 'csv') await write(FIELDS.join(',') + '\r\n');
if (format === 'json') await write('[');
let seen = 0;
for (let page = 1; ; page++) {
  const data = await post('/user/get_users', { pagination: { pageNumber: page, showNumber: size } }, token);
  await write(encode(data.users ?? [], page === 1));
  seen += (data.users ?? []).length;
  if ((data.users ?? []).length < size || seen >= data.total) break;
}
if (format === 'json') await write('\n]\n');
agent.destroy();
