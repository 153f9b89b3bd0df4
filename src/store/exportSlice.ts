// Exporting the list on screen, every page of it, to a file (`e` JSON, `E` CSV), with progress in
// the status line. The walking and encoding are the data layer's, shared with the scripting commands.
import type { StateCreator } from 'zustand/vanilla';
import { AbortedError } from '../api/errors.js';
import { listFetcher } from '../lists/registry.js';
import { WALK_PAGE_SIZE } from '../domain/paging.js';
import { exportFileName, type ExportSink } from '../data/exportFile.js';
import { dataEncoder } from '../data/encoders.js';
import { walkPages } from '../data/walk.js';
import type { SliceServices } from './services.js';
import type { AppState } from './types.js';
import type { AppActions, ExportActions } from './actions.js';


export const exportSlice =
  (services: SliceServices): StateCreator<AppState & AppActions, [], [], Pick<AppState, 'exporting'> & ExportActions> =>
  (set, get) => {
    const { flash, deps } = services;
    let running: AbortController | undefined;

    const run = async (sink: ExportSink, format: 'json' | 'csv', controller: AbortController): Promise<void> => {
      const list = services.current();
      if (!list) return;
      const encoder = dataEncoder(list.kind, format);
      const fetch = listFetcher(deps.client, {
        kind: list.kind,
        ...(list.userID !== undefined ? { userID: list.userID } : {}),
        query: list.query,
      });
      let rows = 0;
      try {
        sink.write(encoder.begin());
        const onRateLimitWait = ({ waitMs }: { waitMs: number }): void =>
          flash(`the server is rate-limiting; the export waits ${Math.max(1, Math.ceil(waitMs / 1000))} s`, 'info');
        const walk = walkPages(fetch, { startPage: 1, size: WALK_PAGE_SIZE, all: true, signal: controller.signal, onRateLimitWait });
        for await (const { page, result } of walk) {
          if (controller.signal.aborted) throw new AbortedError();
          sink.write(encoder.rows(result.rows));
          rows += result.rows.length;
          const progress = get().exporting;
          if (progress) set({ exporting: { ...progress, pages: page, rows } });
        }
        sink.write(encoder.end());
        sink.close();
        flash(`wrote ${sink.path} (${rows} rows)`, 'info');
      } catch (error) {
        sink.discard();
        if (controller.signal.aborted) flash('export cancelled; nothing written', 'info');
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
        if (get().exporting) return flash('an export is already running (Esc, then y, cancels it)', 'info');
        if (!deps.openExport) return flash('exporting is not available here', 'error');
        let sink: ExportSink;
        try {
          sink = deps.openExport(exportFileName(list.kind, list.userID, format, new Date()));
        } catch (error) {
          return flash(`cannot create the export file: ${error instanceof Error ? error.message : String(error)}`, 'error');
        }
        const controller = new AbortController();
        running = controller;
        set({ exporting: { kind: list.kind, format, path: sink.path, pages: 0, rows: 0 } });
        void run(sink, format, controller);
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
