// The second yardstick: the same loop as fetchLoop.mjs on node:http with a keep-alive agent and
// gzip (as fetch asks for it), the cheapest client Node has; the CLI's own transport is node:http
// too (src/api/transport.ts), so this is the floor that shows what the CLI adds.
// Usage: node bench/floors/httpLoop.mjs BASE_URL ndjson|csv|json [--all] [--size N]
import { printUsers } from './printUsers.mjs';
import { httpPoster } from './httpPost.mjs';

const [baseUrl, format = 'ndjson', ...rest] = process.argv.slice(2);
const all = rest.includes('--all');
const size = Number(rest[rest.indexOf('--size') + 1]) || (all ? 100 : 20);
const { post, close } = httpPoster(baseUrl);
await printUsers(post, format, { all, size });

close();
