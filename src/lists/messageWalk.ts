// The message search, newest first where the server allows it. search_msg pages in storage order
// (message document, then slot), never by time, and takes no time range: one UTC day at most
// (`sendTime`, contract §11). So a search with no day, on the screen, walks days back from today,
// one `sendTime` per request, and shows the newest UTC day that has a match; its next pages are that
// day's. The walk is bounded (DAY_WALK_MAX requests), says how far it got, and the operator's Esc
// stops it; a walk that finds nothing, or is stopped, falls back to the whole search in storage
// order and says so. Scripting (no progress to report to) never walks: its order is the server's.
import type { OpenIMClient } from '../api/client.js';
import type { PageOperation, PageProgress } from '../api/pages.js';
import type { Page } from '../api/schemas.js';
import { formatCount } from '../content/format.js';

/** Days asked at most by one walk (today included): a month back. */
export const DAY_WALK_MAX = 31;
const DAY_MS = 86_400_000;

/** The page order of the whole search, said plainly: page 1 holds the oldest matches. */
export const STORAGE_ORDER = 'pages oldest first (storage order): the newest are on the last page';

interface SearchBody {
  sendTime?: string;
  pagination: { pageNumber: number; showNumber: number };
}

/** What the last walk of a search found, per connection: its next pages page within that day ('' none: storage order). */
const lastDays = new WeakMap<OpenIMClient, { key: string; day: string }>();

const utcDay = (ms: number): string => new Date(Math.floor(ms / DAY_MS) * DAY_MS).toISOString().slice(0, 10);

/** The search wrapped: a no-day search on the screen walks days back from `now`'s UTC day. */
export function newestFirst<Row>(search: PageOperation<Row>, now: () => number = Date.now): PageOperation<Row> {
  return {
    ...search,
    async send(client, body, signal, progress) {
      const b = body as SearchBody;
      const storageOrder = async (why?: string): Promise<Page<Row>> => {
        const page = await search.send(client, body, signal);
        return { ...page, notice: [page.notice, why, STORAGE_ORDER].filter(Boolean).join('; ') };
      };
      if (!progress || b.sendTime) return storageOrder();
      const key = JSON.stringify({ ...b, pagination: b.pagination.showNumber });
      const today = utcDay(now());
      if (b.pagination.pageNumber > 1) {
        const last = lastDays.get(client);
        if (last?.key !== key || last.day === '') return storageOrder();
        return dayPage(client, search, b, last.day, today, signal);
      }
      return walk(client, search, b, key, now(), signal, progress, storageOrder);
    },
  };
}

/** Page `pageNumber` of one UTC day, said as the newest day found. */
async function dayPage<Row>(client: OpenIMClient, search: PageOperation<Row>, b: SearchBody, day: string, today: string, signal: AbortSignal | undefined, asked = 1): Promise<Page<Row>> {
  const dayBody = { ...b, sendTime: day };
  const page = await search.send(client, dayBody, signal);
  const walked = asked > 1 ? `, ${formatCount(asked)} days asked` : '';
  return { ...page, notice: `newest first: matches of ${day} (UTC), walked back from ${today}${walked}`, sent: { path: search.path, body: dayBody } };
}

async function walk<Row>(
  client: OpenIMClient,
  search: PageOperation<Row>,
  b: SearchBody,
  key: string,
  nowMs: number,
  signal: AbortSignal | undefined,
  progress: PageProgress,
  storageOrder: (why?: string) => Promise<Page<Row>>,
): Promise<Page<Row>> {
  const today = utcDay(nowMs);
  for (let back = 0; back < DAY_WALK_MAX; back++) {
    const day = utcDay(nowMs - back * DAY_MS);
    if (progress.stop.aborted) return stopped(client, key, day, storageOrder);
    // Short enough for 80 columns with the status line's `· Esc stops`.
    progress.report(`newest first: UTC days back from ${today}: ${day}, ${back + 1} of ${DAY_WALK_MAX}`);
    let page: Page<Row>;
    try {
      page = await dayPage(client, search, b, day, today, AbortSignal.any([signal, progress.stop].filter((s) => s !== undefined)), back + 1);
    } catch (error) {
      if (progress.stop.aborted && !signal?.aborted) return stopped(client, key, day, storageOrder);
      throw error;
    }
    if (page.rows.length > 0) {
      lastDays.set(client, { key, day });
      return page;
    }
  }
  lastDays.set(client, { key, day: '' });
  return storageOrder(`no match in ${DAY_WALK_MAX} UTC days back from ${today} (the bound)`);
}

async function stopped<Row>(client: OpenIMClient, key: string, day: string, storageOrder: (why?: string) => Promise<Page<Row>>): Promise<Page<Row>> {
  lastDays.set(client, { key, day: '' });
  return { ...(await storageOrder(`stopped walking days back at ${day}`)), stopped: true };
}
