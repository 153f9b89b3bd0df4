// Files the explorer's export (`e`) writes: created 0600 and never over an existing file; named
// after the list and the time, e.g. ./openim-users-20250131-100000.json.
import { closeSync, openSync, unlinkSync, writeSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { ListKind } from '../api/pages.js';

export interface ExportSink {
  /** Where the file is, as shown to the user (relative to the working directory when inside it). */
  path: string;
  write(text: string): void;
  /** Done: keep the file. */
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

/** Opens files in `dir`; a name that exists gets -2, -3... rather than being overwritten. */
export function exportFiles(dir: string, cwd: string = process.cwd()): OpenExport {
  return (fileName) => {
    const dot = fileName.lastIndexOf('.');
    const stem = dot > 0 ? fileName.slice(0, dot) : fileName;
    const ext = dot > 0 ? fileName.slice(dot) : '';
    for (let n = 1; ; n++) {
      const full = join(dir, n === 1 ? fileName : `${stem}-${n}${ext}`);
      let fd: number;
      try {
        fd = openSync(full, 'wx', 0o600);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST' && n < 100) continue;
        throw error;
      }
      const rel = relative(cwd, full);
      const shown = rel && !rel.startsWith('..') && !rel.startsWith('/') ? `./${rel}` : full;
      let open = true;
      return {
        path: shown,
        write(text) {
          if (open && text) writeSync(fd, text);
        },
        close() {
          if (open) closeSync(fd);
          open = false;
        },
        discard() {
          if (open) closeSync(fd);
          open = false;
          try {
            unlinkSync(full);
          } catch {
            // already gone
          }
        },
      };
    }
  };
}
