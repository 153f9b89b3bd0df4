// Files the explorer's export (`e`) writes: created 0600 and never over an existing file; named
// after the list and the time, e.g. ./openim-users-20250131-100000.json; whole or absent.
import { closeSync, existsSync, fsyncSync, linkSync, unlinkSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import type { ListKind } from '../api/pages.js';
import { addExitHook } from '../terminal/exitHooks.js';
import { errnoCode, errnoWords, LocalFileError, openLocalFileForWrite, writeAllSync } from './localFile.js';

export interface ExportSink {
  /** Where the file is, as shown to the user (relative to the working directory when inside it). */
  path: string;
  write(text: string): void;
  /** Done: flush the file and give it its final name (throws LocalFileError when it cannot). */
  close(): void;
  /** Cancelled or failed: remove the partial file. */
  discard(): void;
}

export type OpenExport = (fileName: string) => ExportSink;

/** `openim-<list>[-<userID>]-<YYYYMMDD-HHMMSS>.<ext>`; the user ID reduced to safe characters. */
export function exportFileName(kind: ListKind, userID: string | undefined, ext: string, at: Date): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  const stamp =
    `${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}-` +
    `${pad(at.getHours())}${pad(at.getMinutes())}${pad(at.getSeconds())}`;
  const owner = userID ? `-${userID.replace(/[^A-Za-z0-9_.-]/g, '_').replace(/^\.+/, '_').slice(0, 40)}` : '';
  return `openim-${kind}${owner}-${stamp}.${ext}`;
}

/**
 * Opens exports in `dir`. The rows go to `.<name>.partial` (hidden, and saying what it is); `close`
 * flushes it to the disk (fsync) and links it to its final name (never over an existing file:
 * link() fails rather than replace; a taken name gets -2, -3...), then removes the partial name.
 * So a finished export appears whole or not at all: a crash or SIGKILL leaves at most the partial
 * name, and a cancel, an error, a signal or any exit removes it (an exit hook).
 */
export function exportFiles(dir: string, cwd: string = process.cwd()): OpenExport {
  const shown = (full: string): string => {
    const rel = relative(cwd, full);
    return rel && !rel.startsWith('..') && !rel.startsWith('/') ? `./${rel}` : full;
  };
  return (fileName) => {
    const dot = fileName.lastIndexOf('.');
    const stem = dot > 0 ? fileName.slice(0, dot) : fileName;
    const ext = dot > 0 ? fileName.slice(dot) : '';
    const candidate = (n: number): string => join(dir, n === 1 ? fileName : `${stem}-${n}${ext}`);
    const partialOf = (full: string): string => join(dirname(full), `.${basename(full)}.partial`);
    let n = 1;
    let fd: number | undefined;
    let partial = '';
    for (; ; n++) {
      // A name taken by a finished export, or by the partial file of a running (or killed) one.
      if (existsSync(candidate(n)) && n < 100) continue;
      partial = partialOf(candidate(n));
      try {
        fd = openLocalFileForWrite(partial, { what: 'the export file', append: false });
        break;
      } catch (error) {
        if (error instanceof LocalFileError && error.code === 'EEXIST' && n < 100) continue;
        throw error;
      }
    }
    let final = candidate(n);
    let open = true;
    const removePartial = (): void => {
      try {
        unlinkSync(partial);
      } catch {
        // already gone
      }
    };
    // Whatever ends the process, the partial file goes with it (signals, a crash, an exit).
    const unhook = addExitHook(() => {
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
      removePartial();
    });
    const end = (): void => {
      unhook();
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
      open = false;
    };
    return {
      get path() {
        return shown(final);
      },
      write(text) {
        if (!open || !text || fd === undefined) return;
        try {
          writeAllSync(fd, text);
        } catch (error) {
          const code = errnoCode(error);
          throw new LocalFileError(shown(final), `cannot write the export: ${errnoWords(code)}`, code);
        }
      },
      close() {
        if (!open || fd === undefined) return;
        try {
          fsyncSync(fd);
          for (; ; n++) {
            final = candidate(n);
            try {
              linkSync(partial, final);
              break;
            } catch (error) {
              if (errnoCode(error) !== 'EEXIST' || n >= 100) throw error;
            }
          }
        } catch (error) {
          end();
          removePartial();
          if (error instanceof LocalFileError) throw error;
          const code = errnoCode(error);
          throw new LocalFileError(shown(final), `cannot finish the export: ${errnoWords(code)}`, code);
        }
        end();
        removePartial();
      },
      discard() {
        if (!open) return;
        end();
        removePartial();
      },
    };
  };
}
