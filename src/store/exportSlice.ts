// Exporting the list on screen, every page of it, to a file (`e` JSON, `E` CSV), with progress in
// the status line. First a prompt with the file's name to edit; a list over EXPORT_ASK_ROWS asks
// again, with the size the first page foretells, before the walk goes on. The walking and
// encoding are the data layer's, shared with the scripting commands.
import type { StateCreator } from 'zustand/vanilla';
import { AbortedError } from '../api/errors.js';
import { listFetcher } from '../lists/registry.js';
import { WALK_PAGE_SIZE } from '../domain/paging.js';
import { exportFileName, type ExportSink } from '../data/exportFile.js';
import { dataEncoder } from '../data/encoders.js';
import { walkPages } from '../data/walk.js';
import type { SliceServices } from './services.js';
import type { AppState, ExportProgress } from './types.js';
import type { AppActions, ExportActions } from './actions.js';

/** @internal Exported for the tests' large demo. Above this many rows an export asks before it goes on: 100,000 users are about 20 MB of CSV. */
export const EXPORT_ASK_ROWS = 100_000;

/** @internal Exported for its unit test. The size of the whole file, from the first page's bytes per row. */
export function estimatedBytes(firstChunk: string, firstRows: number, total: number): number {
  if (firstRows <= 0) return 0;
  return Math.round((Buffer.byteLength(firstChunk, 'utf8') / firstRows) * total);
}

export const exportSlice =
  (services: SliceServices): StateCreator<AppState & AppActions, [], [], Pick<AppState, 'exporting'> & ExportActions> =>
  (set, get) => {
    const { flash, deps } = services;
    let running: AbortController | undefined;
    /** The format of the export whose file name is being typed. */
    let naming: 'json' | 'csv' | undefined;
    /** Resolves the size question (true: go on). */
    let answer: ((goOn: boolean) => void) | undefined;

    const patch = (change: Partial<ExportProgress>): void => {
      const progress = get().exporting;
      if (progress) set({ exporting: { ...progress, ...change } });
    };

    /** Asks about a large export; false when the operator drops it (or it is cancelled meanwhile). */
    const askToGoOn = (controller: AbortController): Promise<boolean> =>
      new Promise((resolve) => {
        const done = (goOn: boolean): void => {
          answer = undefined;
          controller.signal.removeEventListener('abort', onAbort);
          if (get().prompt?.kind === 'exportConfirm') set({ prompt: null });
          resolve(goOn);
        };
        const onAbort = (): void => done(false);
        controller.signal.addEventListener('abort', onAbort, { once: true });
        answer = done;
        get().openPrompt('exportConfirm');
      });

    const run = async (sink: ExportSink, format: 'json' | 'csv', controller: AbortController): Promise<void> => {
      const list = services.current();
      if (!list) return;
      const encoder = dataEncoder(list.kind, format, list.userID);
      const fetch = listFetcher(deps.client, {
        kind: list.kind,
        ...(list.userID !== undefined ? { userID: list.userID } : {}),
        query: list.query,
      });
      let rows = 0;
      let dropped = false;
      try {
        sink.write(encoder.begin());
        const onRateLimitWait = ({ waitMs }: { waitMs: number }): void =>
          flash(`the server is rate-limiting; the export waits ${Math.max(1, Math.ceil(waitMs / 1000))} s`, 'info');
        const walk = walkPages(fetch, { startPage: 1, size: WALK_PAGE_SIZE, all: true, signal: controller.signal, onRateLimitWait });
        for await (const { page, result } of walk) {
          if (controller.signal.aborted) throw new AbortedError();
          const chunk = encoder.rows(result.rows);
          const total = result.totalExact ? result.total : undefined;
          if (page === 1 && result.total > EXPORT_ASK_ROWS) {
            patch({ ...(total !== undefined ? { total } : {}), ask: { rows: result.total, bytes: estimatedBytes(chunk, result.rows.length, result.total) } });
            const goOn = await askToGoOn(controller);
            patch({ ask: undefined });
            if (!goOn) {
              dropped = !controller.signal.aborted;
              throw new AbortedError();
            }
          }
          sink.write(chunk);
          rows += result.rows.length;
          patch({ pages: page, rows, ...(total !== undefined ? { total } : {}) });
        }
        sink.write(encoder.end());
        sink.close();
        flash(`wrote ${sink.path} (${rows} rows)`, 'info');
      } catch (error) {
        sink.discard();
        if (dropped) flash('export dropped; nothing written', 'info');
        else if (controller.signal.aborted) flash('export cancelled; nothing written', 'info');
        else flash(`export failed: ${error instanceof Error ? error.message : String(error)}`, 'error');
      } finally {
        if (running === controller) running = undefined;
        set({ exporting: null });
      }
    };

    return {
      exporting: null,

      exportView(format) {
        const list = services.current();
        if (!list) return;
        if (get().exporting) {
          const [back, yes] = [deps.keyName?.('back'), deps.keyName?.('answerYes')];
          return flash(`an export is already running${back && yes ? ` (${back}, then ${yes}, cancels it)` : ''}`, 'info');
        }
        if (!deps.openExport) return flash('exporting is not available here', 'error');
        naming = format;
        get().openPrompt('export', `./${exportFileName(list.kind, list.userID, format, new Date())}`);
      },
      startExport(path) {
        const format = naming;
        const list = services.current();
        if (!format || !list || !deps.openExport) return undefined;
        if (get().exporting) return 'an export is already running';
        let sink: ExportSink;
        try {
          sink = deps.openExport(path);
        } catch (error) {
          return `cannot create the export file: ${error instanceof Error ? error.message : String(error)}`;
        }
        naming = undefined;
        const controller = new AbortController();
        running = controller;
        set({ exporting: { kind: list.kind, format, path: sink.path, pages: 0, rows: 0 } });
        void run(sink, format, controller);
        return undefined;
      },
      answerExport(goOn) {
        answer?.(goOn);
      },
      cancelExport() {
        running?.abort();
      },
      askQuitDuringExport() {
        const progress = get().exporting;
        if (progress) set({ exporting: { ...progress, quitAsked: true, cancelAsked: false } });
      },
      askCancelExport() {
        const progress = get().exporting;
        if (progress) set({ exporting: { ...progress, cancelAsked: true, quitAsked: false } });
      },
      keepExporting() {
        const progress = get().exporting;
        if (progress) set({ exporting: { ...progress, quitAsked: false, cancelAsked: false } });
      },
    };
  };
