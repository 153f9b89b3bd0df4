// Files the explorer's export (`e`) writes: created 0600 and never over an existing file; named
// after the list and the time, e.g. ./openim-users-20250131-100000.json (the operator may edit the
// name before it starts); whole or absent.
import { closeSync, fsyncSync, linkSync, lstatSync, statSync, unlinkSync, type Stats } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import type { ListKind } from '../lists/names.js';
import { addExitHook } from '../terminal/exitHooks.js';
import { errnoCode, errnoWords } from './errno.js';
import { LocalFileError, openLocalFileForWrite, writeAllSync } from './localFile.js';

export interface ExportSink {
  /** Where the file is, as shown to the user (relative to the working directory when inside it). */
  path: string;
  write(text: string): void;
  /** Done: flush the file and give it its final name (throws LocalFileError when it cannot). */
  close(): void;
  /** Cancelled or failed: remove the partial file. */
  discard(): void;
}

/** Opens the export file at `path` as typed (relative to the working directory, `~/` the home folder). */
export type OpenExport = (path: string) => ExportSink;

/** `openim-<list>[-<userID>]-<YYYYMMDD-HHMMSS>.<ext>`; the user ID reduced to safe characters. */
export function exportFileName(kind: ListKind, userID: string | undefined, ext: string, at: Date): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  const stamp =
    `${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}-` +
    `${pad(at.getHours())}${pad(at.getMinutes())}${pad(at.getSeconds())}`;
  const owner = userID ? `-${userID.replace(/[^A-Za-z0-9_.-]/g, '_').replace(/^\.+/, '_').slice(0, 40)}` : '';
  return `openim-${kind}${owner}-${stamp}.${ext}`;
}

function lstatOf(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

/** `~` and `~/…` as a shell reads them (the home folder); any other path as it is. */
function expandHome(path: string, home: () => string): string {
  if (path === '~') return home();
  return path.startsWith('~/') ? join(home(), path.slice(2)) : path;
}

/**
 * Opens exports at a path resolved in `dir`. The rows go to `.<name>.partial` beside it (hidden,
 * and saying what it is); `close` flushes it to the disk (fsync) and links it to its final name
 * (never over an existing file: link() fails rather than replace; a name taken meanwhile gets -2,
 * -3...), then removes the partial name. So a finished export appears whole or not at all: a
 * crash or SIGKILL leaves at most the partial name, and a cancel, an error, a signal or any exit
 * removes it (an exit hook). A name already taken, a missing folder or a link are refused in
 * words before anything is written: the operator typed the name and can fix it.
 */
export function exportFiles(dir: string, cwd: string = process.cwd(), home: () => string = homedir): OpenExport {
  const shown = (full: string): string => {
    const rel = relative(cwd, full);
    return rel && !rel.startsWith('..') && !rel.startsWith('/') ? `./${rel}` : full;
  };
  return (path) => {
    const first = resolve(dir, expandHome(path, home));
    const folder = dirname(first);
    const fileName = basename(first);
    const dot = fileName.lastIndexOf('.');
    const stem = dot > 0 ? fileName.slice(0, dot) : fileName;
    const ext = dot > 0 ? fileName.slice(dot) : '';
    const candidate = (n: number): string => join(folder, n === 1 ? fileName : `${stem}-${n}${ext}`);
    const partialOf = (full: string): string => join(dirname(full), `.${basename(full)}.partial`);
    let folderStats: Stats;
    try {
      folderStats = statSync(folder);
    } catch (error) {
      const code = errnoCode(error);
      throw new LocalFileError(shown(folder), code === 'ENOENT' ? 'no such folder (the export makes no folders)' : `the folder cannot be used: ${errnoWords(code)}`);
    }
    if (!folderStats.isDirectory()) throw new LocalFileError(shown(folder), 'is not a folder');
    const taken = lstatOf(first);
    if (taken) {
      const what = taken.isDirectory() ? 'is a folder: add a file name' : taken.isSymbolicLink() ? 'is a symbolic link (never followed)' : 'already exists: choose another name';
      throw new LocalFileError(shown(first), what);
    }
    let n = 1;
    const partial = partialOf(first);
    let fd: number | undefined;
    try {
      fd = openLocalFileForWrite(partial, { what: 'the export file', append: false });
    } catch (error) {
      // Another export (running, or killed) writes to this name: its partial file exists.
      if (error instanceof LocalFileError && error.code === 'EEXIST') {
        throw new LocalFileError(shown(first), `another export is writing to this name (${basename(partial)} exists)`);
      }
      throw error;
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
