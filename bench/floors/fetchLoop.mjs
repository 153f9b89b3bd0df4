// Floor of the scripting walk and of one scripting page: the least a Node script can do to get the
// same rows from the same server with fetch (the admin login, then POST /user/get_users page by
// page, `await response.json()`) and print them in the same format. No deadline, no retries, no
// validation, no sanitising: what the CLI adds to this is what the bench's ratio shows.
// Usage: node bench/floors/fetchLoop.mjs BASE_URL ndjson|csv|json [--all] [--size N]
/* global fetch */
const [baseUrl, format = 'ndjson', ...rest] = process.argv.slice(2);
const all = rest.includes('--all');
const size = Number(rest[rest.indexOf('--size') + 1]) || (all ? 100 : 20);
let op = 0;
const post = async (path, body, token) => {
  const headers = { 'content-type': 'application/json', operationID: `floor${++op}` };
  if (token) headers.token = token;
  const response = await fetch(baseUrl + path, { method: 'POST', headers, body: JSON.stringify(body) });
  return (await response.json()).data;
};
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
  if (!all || (data.users ?? []).length < size || seen >= data.total) break;
}
if (format === 'json') await write('\n]\n');
