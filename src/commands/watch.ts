// `--watch SECONDS` of the scripting commands, for piping into alerting: the page is fetched again
// on the interval by the live view's rules (data/liveRefresh.ts: one request at a time, the next
// one an interval after the previous ended, back-off on network errors and 5xx, Retry-After on
// 429), and only what changed is printed, one NDJSON event a line:
//   {"event":"new","row":{…}}  {"event":"changed","row":{…}}  {"event":"gone","row":{…}}
// The first fetch is the state it starts from, one {"event":"initial","row":…} line a row (an
// alert on `new` does not fire for it), so that the reader knows where it stands. It runs until `stop` aborts (SIGINT,
// SIGTERM, the reader closed the pipe) or an error that waiting will not cure.
import type { AnyRow } from '../api/pages.js';
import type { ListKind } from '../lists/names.js';
import type { Page } from '../api/schemas.js';
import { jsonText } from '../data/formats.js';
import { LiveRefresher, type ClassifyRefreshError, type RefreshTimers, type WaitingStatus } from '../data/liveRefresh.js';
import { classifyRefreshError } from '../data/refreshErrors.js';
import { diffRows, type RowDiff } from '../domain/rowDiff.js';
import { listDef } from '../lists/registry.js';

export interface WatchOptions {
  kind: ListKind;
  intervalMs: number;
  /** One fetch of the watched page. */
  fetch(signal: AbortSignal): Promise<Page<AnyRow>>;
  /** Writes to stdout; rejects once the reader has gone. */
  write(text: string): Promise<void>;
  /** A server notice (e.g. no conversations, an empty first page), said once. */
  notice(text: string): void;
  /** The watch waits out a failure (back-off, rate limit) until `status.at`. */
  waiting(status: WaitingStatus & { state: 'backing-off' | 'rate-limited' }): void;
  stop: AbortSignal;
  timers?: RefreshTimers;
  classify?: ClassifyRefreshError;
}

export type WatchEvent = 'initial' | 'new' | 'changed' | 'gone';

/** The NDJSON lines of the state a watch starts from. */
export function initialEvents(rows: readonly AnyRow[]): string {
  return rows.map((row) => `${jsonText({ event: 'initial', row })}\n`).join('');
}

/** The NDJSON lines of a diff. */
export function watchEvents(diff: Pick<RowDiff, 'added' | 'changed' | 'gone'>): string {
  const line = (event: WatchEvent, row: AnyRow): string => `${jsonText({ event, row })}\n`;
  return [
    ...diff.added.map((row) => line('new', row)),
    ...diff.changed.map((row) => line('changed', row)),
    ...diff.gone.map((row) => line('gone', row)),
  ].join('');
}

/** Resolves when stopped; rejects with the error that ended the watch (the server's, or a closed pipe). */
export function watchPage(options: WatchOptions): Promise<void> {
  let previous: readonly AnyRow[] | undefined;
  let noticed = false;
  return new Promise<void>((resolve, reject) => {
    const refresher = new LiveRefresher({
      intervalMs: options.intervalMs,
      classify: options.classify ?? classifyRefreshError,
      ...(options.timers ? { timers: options.timers } : {}),
      async refresh(signal) {
        const page = await options.fetch(signal);
        if (page.notice && !noticed) options.notice(page.notice);
        noticed ||= page.notice !== undefined;
        if (previous !== undefined) {
          const events = watchEvents(diffRows(listDef(options.kind).identity, previous, page.rows));
          if (events) await options.write(events);
        } else if (page.rows.length > 0) {
          await options.write(initialEvents(page.rows));
        } else if (!page.notice) {
          options.notice('the watched page has no rows yet; what arrives will be printed as it comes');
        }
        previous = page.rows;
      },
      onStatus(status) {
        if (status.state === 'stopped') finish(status.error);
        else if (status.state === 'backing-off' || status.state === 'rate-limited') options.waiting(status);
      },
    });
    const onStop = (): void => finish();
    function finish(error?: unknown): void {
      options.stop.removeEventListener('abort', onStop);
      refresher.stop();
      if (error === undefined) resolve();
      else reject(error instanceof Error ? error : new Error(String(error)));
    }
    if (options.stop.aborted) return resolve();
    options.stop.addEventListener('abort', onStop, { once: true });
    refresher.start();
  });
}
