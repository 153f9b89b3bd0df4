// What both floors of the scripting walk share (fetchLoop.mjs, httpLoop.mjs): the rows encoded as
// the CLI prints them, at the least cost, and the walk over the pages. Each floor brings its own
// `post` (the HTTP client is what they differ in).
const FIELDS = ['userID', 'nickname', 'faceURL', 'createTime', 'appMangerLevel', 'globalRecvMsgOpt', 'ex'];
const cell = (v) => {
  const s = v === undefined || v === null ? '' : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
// What the CLI must escape in the JSON it prints and JSON.stringify leaves raw (DEL, C1, U+2028/9,
// the bidi controls: src/api/inertText.ts, UNSAFE_IN_JSON, the standards' "no raw control byte
// leaves the app"). The demo's names hold some (user_000029's U+202E), so without this the floors
// printed bytes the CLI may not and did less than it must: with it, the JSON and NDJSON floors
// print the CLI's bytes exactly. One pass over a page's text, as the CLI does.
const UNSAFE_IN_JSON = /[\u007f-\u009f\u061c\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const escape = (text) => text.replace(UNSAFE_IN_JSON, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
const ENCODERS = {
  ndjson: (rows) => escape(rows.map((r) => JSON.stringify(r) + '\n').join('')),
  csv: (rows) => rows.map((r) => FIELDS.map((f) => cell(r[f])).join(',') + '\r\n').join(''),
  json: (rows, first) => escape(rows.map((r, i) => (first && i === 0 ? '\n  ' : ',\n  ') + JSON.stringify(r)).join('')),
};
const write = (text) => (process.stdout.write(text) ? undefined : new Promise((r) => process.stdout.once('drain', r)));

/** Logs in with `post`, then prints the users page by page: all of them, or the first page. */
export async function printUsers(post, format, { all, size }) {
  const encode = ENCODERS[format];
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
}
