// The doctor's floor: the requests `doctor --users N` makes (src/lists/doctorScan.ts), on the
// floors' node:http client, with the same bound of 8 requests in flight, the replies parsed and
// nothing checked: per page of 100 users get_users and get_users_status; per user the
// conversations list, the read state, the owner conversations and the joined groups at once, then
// one pull of each conversation's newest 20 seqs above its min seq. Prints the number of requests.
// Usage: node bench/floors/doctorLoop.mjs BASE_URL USERS
import { Agent, request } from 'node:http';
import { gunzipSync } from 'node:zlib';

const [baseUrl, usersArg] = process.argv.slice(2);
const count = Number(usersArg);
const agent = new Agent({ keepAlive: true, maxSockets: 8 });
let op = 0;
let token = '';
let free = 8;
const waiting = [];
const slot = async (task) => {
  if (free === 0) await new Promise((resolve) => waiting.push(resolve));
  else free--;
  try {
    return await task();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else free++;
  }
};
const post = (path, body) =>
  slot(
    () =>
      new Promise((resolve, reject) => {
        const headers = { 'content-type': 'application/json', 'accept-encoding': 'gzip', operationID: `floor${++op}`, token };
        const req = request(baseUrl + path, { method: 'POST', headers, agent }, (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            const raw = Buffer.concat(chunks);
            resolve(JSON.parse((res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8')).data);
          });
          res.on('error', reject);
        });
        req.on('error', reject);
        req.end(JSON.stringify(body));
      }),
  );

token = (await post('/auth/get_admin_token', { secret: 'openIM123', userID: 'imAdmin' })).token;
const page = (userID) => ({ userID, pagination: { pageNumber: 1, showNumber: 500 } });
async function user(userID) {
  const [, seqs, owned] = await Promise.all([
    post('/conversation/get_sorted_conversation_list', page(userID)),
    post('/msg/get_conversations_has_read_and_max_seq', { userID }),
    post('/conversation/get_owner_conversation', page(userID)),
    post('/group/get_joined_group_list', { fromUserID: userID, pagination: page(userID).pagination }),
  ]);
  const minSeqs = new Map((owned.conversations ?? []).map((c) => [c.conversationID, c.minSeq]));
  const ranges = Object.entries(seqs.seqs ?? {})
    .filter(([id, s]) => s.maxSeq > 0 && !id.startsWith('n_'))
    .slice(0, 500)
    .map(([id, s]) => ({ conversationID: id, begin: Math.max(1, minSeqs.get(id) ?? 0, s.maxSeq - 19), end: s.maxSeq }))
    .filter((r) => r.begin <= r.end)
    .map((r) => ({ ...r, num: r.end - r.begin + 1 }));
  if (ranges.length > 0) await post('/msg/pull_msg_by_seq', { userID, seqRanges: ranges, order: 0 });
}
for (let pageNumber = 1; (pageNumber - 1) * 100 < count; pageNumber++) {
  const users = await post('/user/get_users', { pagination: { pageNumber, showNumber: 100 } });
  const ids = (users.users ?? []).slice(0, count - (pageNumber - 1) * 100).map((u) => u.userID);
  if (ids.length === 0) break;
  await post('/user/get_users_status', { userIDs: ids });
  await Promise.all(ids.map(user));
}
process.stdout.write(`${op} requests\n`);
agent.destroy();
