// The floor of figure 6's memory row: an Ink app paging as the explorer does and nothing else.
// Each `n` fetches the next 50 users from the demo over node:http (keep-alive, gzip), and draws
// 44 of them as one text of 198-column lines (the table's body is one text too) under a title and
// above a status line `page N of M`, which the bench waits for. Bundled by bench/memory.ts with the
// CLI's build options and Ink's patches (its bounded caches), and the explorer's heap flags set
// once the first page is drawn (src/explorer/heap.ts), so that what differs is the app.
// Usage: node inkPaging.mjs BASE_URL HEAP_FLAGS
import { createElement as h, useEffect, useState } from 'react';
import { render, Box, Text, useInput } from 'ink';
import { setFlagsFromString } from 'node:v8';
import { httpPoster } from './httpPost.mjs';

const [baseUrl, heapFlags] = process.argv.slice(2);
const { post } = httpPoster(baseUrl);
const { token } = await post('/auth/get_admin_token', { secret: 'openIM123', userID: 'imAdmin' });

const WIDTH = (process.stdout.columns || 200) - 2;
// Wide enough for the demo's names (CJK two columns, combining accents none): no line wraps.
const columns = (ch) => {
  const code = ch.codePointAt(0);
  return code >= 0x300 && code < 0x370 ? 0 : code >= 0x1100 ? 2 : 1;
};
const line = (u) => {
  let out = '';
  let used = 0;
  for (const ch of `${u.userID}  ${u.nickname}  ${u.createTime}  ${u.faceURL}`) {
    if (used + columns(ch) > WIDTH) break;
    out += ch;
    used += columns(ch);
  }
  return out + ' '.repeat(WIDTH - used);
};

let tuned = false;
function App() {
  const [page, setPage] = useState(1);
  const [shown, setShown] = useState(null);
  useEffect(() => {
    let current = true;
    post('/user/get_users', { pagination: { pageNumber: page, showNumber: 50 } }, token).then((data) => current && setShown({ page, data }));
    return () => {
      current = false;
    };
  }, [page]);
  useEffect(() => {
    if (shown && !tuned && heapFlags) {
      tuned = true;
      setFlagsFromString(heapFlags);
    }
  }, [shown]);
  useInput((input) => {
    if (input === 'n') setPage((p) => p + 1);
  });
  const body = shown ? shown.data.users.slice(0, 44).map(line).join('\n') : '';
  const status = shown ? `page ${shown.page.toLocaleString('en-US')} of ${Math.ceil(shown.data.total / 50).toLocaleString('en-US')}` : 'loading';
  return h(Box, { flexDirection: 'column' }, h(Text, null, 'users'), h(Text, null, body), h(Text, null, status));
}
render(h(App), { exitOnCtrlC: false, patchConsole: false, maxFps: 120, incrementalRendering: true });
