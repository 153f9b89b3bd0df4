// Floor of the scripting walk and of one scripting page: the least a Node script can do to get the
// same rows from the same server with fetch (the admin login, then POST /user/get_users page by
// page, `await response.json()`) and print them in the same format. No deadline, no retries, no
// validation, no sanitising: what the CLI adds to this is what the bench's ratio shows.
// Usage: node bench/floors/fetchLoop.mjs BASE_URL ndjson|csv|json [--all] [--size N]
/* global fetch */
import { printUsers } from './printUsers.mjs';

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
await printUsers(post, format, { all, size });

