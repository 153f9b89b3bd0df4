// --log-file: one line per request, appended, in a file only its owner can read. The line is built
// from the client's RequestEvent, which holds no token, no secret and no body: keep it that way.
import { closeSync } from 'node:fs';
import type { RequestEvent } from '../api/http.js';
import { errnoCode, errnoWords } from '../data/errno.js';
import { LocalFileError, openLocalFileForWrite, writeAllSync } from '../data/localFile.js';
import { UsageError } from './usageError.js';

export interface RequestLog {
  onRequest(event: RequestEvent): void;
  /** A line that is not a request (a warning Node printed while the UI was up), after the time. */
  note(text: string): void;
  close(): void;
}

/** What happens when a line cannot be written (a full disk): the log stops, and says so once. */
export type LogFailure = (error: LocalFileError) => void;

/**
 * `2025-01-31T10:00:00.000Z getUsers operationID=1738317600000000001 status=200 errCode=0 ms=12.5 bytes=1834 outcome=ok`
 * (errCode `-` when the reply had no envelope). Fields are space-separated key=value, for grep and awk.
 */
export function formatLogLine(event: RequestEvent, at: Date): string {
  return [
    at.toISOString(),
    safe(event.operation),
    `operationID=${safe(event.operationID)}`,
    `status=${event.status}`,
    `errCode=${event.errCode ?? '-'}`,
    `ms=${event.durationMs}`,
    `bytes=${event.bytes}`,
    `outcome=${event.outcome}`,
    ...(event.proxy !== undefined ? [`proxy=${safe(event.proxy)}`] : []),
  ].join(' ');
}

/**
 * Opens (creating 0600) the log for appending; a path that cannot be opened, or names a link, a
 * FIFO, a device, another user's file or one open to group or others, is a usage error in words.
 */
export function openRequestLog(path: string, now: () => Date = () => new Date(), onFailure?: LogFailure): RequestLog {
  let fd: number | undefined;
  try {
    fd = openLocalFileForWrite(path, { what: 'the log file', append: true });
  } catch (error) {
    throw new UsageError(`--log-file ${error instanceof Error ? error.message : String(error)}`);
  }
  const append = (line: string): void => {
    if (fd === undefined) return;
    try {
      // Synchronous: lines stay in order and none is lost when the process exits right after.
      writeAllSync(fd, line + '\n');
    } catch (error) {
      // A log with holes looks whole: stop it and say so (a script stops; the explorer shows it).
      closeSync(fd);
      fd = undefined;
      const code = errnoCode(error);
      onFailure?.(new LocalFileError(path, `cannot write to the log file: ${errnoWords(code)}`, code));
    }
  };
  return {
    onRequest(event) {
      append(formatLogLine(event, now()));
    },
    note(text) {
      // One line whatever the text holds: no control character reaches the file.
      append(`${now().toISOString()} ${text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ')}`);
    },
    close() {
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
    },
  };
}

/** Our own values (operation names, numeric IDs), but a log line must stay one line whatever happens. */
function safe(value: string): string {
  return value.replace(/[^\x21-\x7e]/g, '?');
}
