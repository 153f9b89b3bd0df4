// --log-file: one line per request, appended, in a file only its owner can read. The line is built
// from the client's RequestEvent, which holds no token, no secret and no body: keep it that way.
import { closeSync, openSync, writeSync } from 'node:fs';
import type { RequestEvent } from '../api/http.js';
import { UsageError } from './args.js';

export interface RequestLog {
  onRequest(event: RequestEvent): void;
  /** A line that is not a request (a warning Node printed while the UI was up), after the time. */
  note(text: string): void;
  close(): void;
}

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
  ].join(' ');
}

/** Opens (creating 0600) the log for appending; a path that cannot be opened is a usage error. */
export function openRequestLog(path: string, now: () => Date = () => new Date()): RequestLog {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'a', 0o600);
  } catch (error) {
    throw new UsageError(`--log-file ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  const append = (line: string): void => {
    if (fd === undefined) return;
    try {
      // Synchronous: lines stay in order and none is lost when the process exits right after.
      writeSync(fd, line + '\n');
    } catch {
      // A full disk must not break the explorer or a script.
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
