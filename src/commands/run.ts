// The scripting commands (`openim-explorer users --all --output ndjson`): the explorer's operations
// without the UI, printed as each page arrives. Imports nothing from Ink or React, so a cron job
// starts as fast as --help.
//
// Exit codes: 0 done; 1 the server answered with an error (errCode) or a reply that is not
// OpenIM's (HTTP error page, unreadable body); 2 usage or config error; 3 the server could not
// be reached (refused, reset, DNS, timeout); 74 the output (or the request log) could not be
// written (output.ts).
import { AbortedError, ApiError, firstLine, HttpError, NetworkError, ProtocolError, RedirectError } from '../api/errors.js';
import { authAdvice, authProblem } from '../api/authProblem.js';
import { demoOptions, type ExplorerOptions, type ListRequestOptions, type OutputFormat } from '../config/args.js';
import { openRequestLog, type RequestLog } from '../config/requestLog.js';
import { ignoreTlsOverride, TLS_OVERRIDE_IGNORED } from '../api/transport.js';
import { demoConnection } from '../config/connection.js';
import { sanitize } from '../terminal/sanitize.js';
import { jsonEncoder, type RowEncoder } from '../data/formats.js';
import { walkPages, type WalkedPage } from '../data/walk.js';
import type { AnyRow } from '../api/pages.js';
import { extrasFor } from '../lists/pageExtras.js';
import { listDef, listFetcher } from '../lists/registry.js';
import { lookupUser } from '../api/userLookup.js';
import { noSuchUserText, systemUserNote } from '../domain/userIdentity.js';
import { DEFAULT_PAGE_SIZE, isLastPage, lastPageByTotal, WALK_PAGE_SIZE } from '../domain/paging.js';
import { RunawayWalkError } from '../data/walkGuard.js';
import { watchPage } from './watch.js';
import { EXIT_API, EXIT_NETWORK, EXIT_OK, EXIT_OUTPUT, EXIT_USAGE } from './exitCodes.js';
import { ScriptOutput } from './output.js';
import { scriptClient } from './scriptClient.js';
import type { LocalFileError } from '../data/localFile.js';
import { cacheFolder } from '../data/cacheFolder.js';


export interface ScriptStreams {
  stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  stderr: NodeJS.WritableStream;
  /** For COLUMNS, the width of a table when stdout is not a terminal. */
  env?: NodeJS.ProcessEnv;
  /** Ends a `--watch` (besides SIGINT and SIGTERM); for tests in-process. */
  stop?: AbortSignal;
}

/** The terminal's width; else COLUMNS (pipes have no width); else 80. */
export function tableWidth(streams: ScriptStreams): number {
  if (streams.stdout.columns) return streams.stdout.columns;
  const fromEnv = Number(streams.env?.COLUMNS);
  return Number.isInteger(fromEnv) && fromEnv >= 20 && fromEnv <= 1000 ? fromEnv : 80;
}


export function defaultOutput(stdoutIsTTY: boolean): OutputFormat {
  return stdoutIsTTY ? 'table' : 'json';
}

/** The exit code and the one line on stderr for a failure. */
export function describeScriptFailure(error: unknown): { code: number; line: string } | undefined {
  const op = (e: { origin: { operation: string; operationID: string } }): string =>
    `${e.origin.operation}: operationID=${e.origin.operationID || '-'}`;
  if (error instanceof ApiError) {
    const problem = authProblem(error);
    const hint = problem ? ` (${authAdvice(problem, undefined)})` : '';
    const limited = error.isRateLimited ? ` the server is rate-limiting${waitWords(error.retryAfterMs)}:` : '';
    return {
      code: EXIT_API,
      line:
        `${op(error)}${limited} errCode=${error.errCode} errMsg=${quote(error.errMsg)} errDlt=${quote(error.errDlt)}` + hint,
    };
  }
  if (error instanceof NetworkError) return { code: EXIT_NETWORK, line: `${sanitize(error.message)} operationID=${error.origin.operationID || '-'}` };
  if (error instanceof RedirectError) return { code: EXIT_API, line: `${op(error)} ${sanitize(error.bodyFirstLine)}` };
  if (error instanceof HttpError) {
    if (error.isRateLimited) {
      return { code: EXIT_API, line: `${op(error)} the server is rate-limiting${waitWords(error.retryAfterMs)}: HTTP 429 ${quote(error.bodyFirstLine)}` };
    }
    return { code: EXIT_API, line: `${op(error)} HTTP ${error.status}: not an OpenIM reply: ${quote(error.bodyFirstLine)}` };
  }
  if (error instanceof RunawayWalkError) return { code: EXIT_API, line: `--all ${error.message}` };
  if (error instanceof ProtocolError) return { code: EXIT_API, line: `${op(error)} unreadable reply: ${sanitize(error.problem)}` };
  return undefined;
}

function waitWords(retryAfterMs: number | undefined): string {
  return retryAfterMs === undefined ? '' : ` (it asked to wait ${Math.max(1, Math.ceil(retryAfterMs / 1000))} s)`;
}

function quote(text: string): string {
  return JSON.stringify(sanitize(firstLine(text)));
}

/** Runs a scripting command; resolves to the exit code. */
export async function runListCommand(options: ExplorerOptions, streams: ScriptStreams): Promise<number> {
  const request = options.request;
  if (!request) throw new Error('runListCommand needs a scripting command');
  const say = (line: string): void => {
    streams.stderr.write(`openim-explorer: ${line}\n`);
  };
  // A flag the list cannot use (`--type nope`): said in words, nothing sent.
  const flagsProblem = listDef(request.kind).query.flagsProblem?.(request.flags);
  if (flagsProblem !== undefined) {
    say(sanitize(flagsProblem));
    return EXIT_USAGE;
  }

  let connection = options.connection;
  let closeDemo: (() => Promise<void>) | undefined;
  let log: RequestLog | undefined;
  let unlisten: (() => void) | undefined;
  // The reader went away or the output cannot be written: stop the request in flight too.
  const controller = new AbortController();
  const out = new ScriptOutput(streams.stdout, () => controller.abort());
  let logFailure: LocalFileError | undefined;
  /** The exit code once the work ended: lost output or a lost log line is never a success. */
  const finished = (): number => {
    if (out.readerLeft) return EXIT_OK;
    if (out.failure) {
      say(out.describe());
      return EXIT_OUTPUT;
    }
    if (logFailure) {
      say(`--log-file ${logFailure.message}; stopped`);
      return EXIT_OUTPUT;
    }
    return EXIT_OK;
  };
  try {
    log =
      options.logFile !== undefined
        ? openRequestLog(options.logFile, undefined, (error) => {
            logFailure = error;
            controller.abort();
          })
        : undefined;
    // The bin ran without the cache: the log says why (a folder others could have written).
    const cache = log ? cacheFolder(streams.env ?? process.env).problem : undefined;
    if (cache !== undefined) log?.note(cache);
    if (options.demo) {
      const { startEmbeddedDemo } = await import('openim-demo-server/embedded');
      // No early worker: the bin runs a scripting command as ES modules, never in the program (boot/bin.ts).
      const demo = await startEmbeddedDemo(demoOptions(options));
      connection = demoConnection(demo);
      closeDemo = () => demo.close();
    }
    if (connection === undefined) throw new Error('no server');
    // Verification stays on (transport.ts): said once, instead of Node's warning that it is off.
    if (ignoreTlsOverride(streams.env ?? process.env) && /^https:/i.test(connection.baseUrl)) {
      say(`note: ${TLS_OVERRIDE_IGNORED}`);
      log?.note(TLS_OVERRIDE_IGNORED);
    }

    const client = scriptClient(options, connection, streams.env ?? process.env, log);
    const format = request.output ?? defaultOutput(streams.stdout.isTTY === true);
    const size = request.size ?? (request.all ? WALK_PAGE_SIZE : (options.pageSize ?? DEFAULT_PAGE_SIZE));
    // A user that does not exist is not a user with empty lists.
    let ownerName: string | undefined;
    if (request.userID !== undefined) {
      const found = await lookupUser(client, request.userID, controller.signal);
      if (found.kind === 'none') {
        say(sanitize(noSuchUserText(request.userID, found)));
        return EXIT_API;
      }
      const note = systemUserNote(request.userID, found);
      if (note) say(`note: ${sanitize(note)}`);
      // FROM names the owner's own messages by nickname, as the explorer's user screen does.
      if (found.kind === 'user') ownerName = found.user.nickname || undefined;
    }
    // A table and CSV load the display-width code (Intl.Segmenter, Unicode tables) and the
    // content decoders; JSON needs neither: each format loads only its own module.
    const chosen = format === 'table' ? (await import('../lists/columnChoice.js')).columnChoiceOf(options.preferences?.columns)[request.kind] : undefined;
    const encoder: RowEncoder =
      format === 'table'
        ? (await import('../data/table.js')).tableEncoder(
            request.kind,
            tableWidth(streams),
            { ownerID: request.userID, ...(ownerName !== undefined ? { ownerName } : {}), now: new Date() },
            chosen,
          )
        : format === 'csv'
          ? (await import('../data/csv.js')).csvEncoder(request.kind, request.userID)
          : jsonEncoder(format);
    const fetch = listFetcher(client, {
      kind: request.kind,
      ...(request.userID !== undefined ? { userID: request.userID } : {}),
      query: listDef(request.kind).query.fromFlags(request.flags),
      // A table whose columns show a page extra (users' `online` when chosen, the groups' OWNER and
      // the conversations' read state by default) asks for it beside each page (a chosen column's key is its field: domain/columns.ts).
      ...(format === 'table' ? { extras: extrasFor(listDef(request.kind), chosen) } : {}),
    });

    if (options.watchMs !== undefined) {
      // Ctrl-C is how a watch normally ends: stop cleanly, exit 0.
      unlisten = stopOnSignals(controller, streams.stop);
      await watchPage({
        kind: request.kind,
        intervalMs: Math.max(options.watchMs, listDef(request.kind).liveEveryMs ?? 0),
        fetch: (signal) => fetch(request.page, size, signal),
        write: async (text) => {
          await out.write(text);
          await out.flush();
        },
        notice: (text) => say(sanitize(text)),
        waiting: (status) =>
          say(`${describeScriptFailure(status.error)?.line ?? 'refresh failed'}; next try in ${Math.round((status.at - Date.now()) / 1000)} s`),
        stop: controller.signal,
      });
      return finished();
    }

    const onRateLimitWait = ({ page, waitMs }: { page: number; waitMs: number }): void =>
      say(`the server is rate-limiting; waiting ${Math.max(1, Math.ceil(waitMs / 1000))} s (Retry-After) before page ${page}`);
    const pages = walkPages(fetch, { startPage: request.page, size, all: request.all, signal: controller.signal, onRateLimitWait });
    await printPages(pages, { request, size, encoder, out, say });
    await out.flush();
    return finished();
  } catch (error) {
    // The reader stopped reading (`| head`): what it wanted, it has.
    if (out.failure || logFailure) return finished();
    if (error instanceof AbortedError) return EXIT_API;
    const failure = describeScriptFailure(error);
    if (!failure) throw error;
    say(failure.line);
    return failure.code;
  } finally {
    unlisten?.();
    log?.close();
    await closeDemo?.();
  }
}

/**
 * Prints the walk's pages as they come, and the encoder's end. A function of its own: the page
 * loop is what gets hot, and the optimizing compiler compiles the whole function a hot loop is in
 * (on-stack replacement), here this small one rather than all of runListCommand.
 */
async function printPages(
  pages: AsyncIterable<WalkedPage<AnyRow>>,
  { request, size, encoder, out, say }: { request: ListRequestOptions; size: number; encoder: RowEncoder; out: ScriptOutput; say: (line: string) => void },
): Promise<void> {
  // Nothing reaches stdout before the first page: a failure at once leaves it empty.
  let begun = false;
  let first = true;
  let said: string | undefined;
  // A count the server does not promise (the message search's chatLogsNum, a lower bound) is
  // said once as the list words it, after the rows: by then it is never below the rows printed,
  // and whole when the walk reached the last page. stdout keeps the rows alone.
  const countNote = listDef(request.kind).countNote;
  let printed = 0;
  let last: WalkedPage<AnyRow> | undefined;
  for await (const walked of pages) {
    const { result } = walked;
    // Once, not once a page: every page of a history carries the same read state.
    // A notice of several lines (a single chat's read seqs, each side's) is said line by line.
    if (result.notice && result.notice !== said) for (const line of result.notice.split('\n')) say(sanitize(line));
    said = result.notice;
    // `--page 999999`: stdout stays `[]`, and stderr says where the list ends.
    if (first && result.rows.length === 0 && request.page > 1 && result.total > 0) say(pastTheEnd(request.page, size, result.total, result.totalExact));
    first = false;
    printed += result.rows.length;
    last = walked;
    await out.write((begun ? '' : encoder.begin()) + encoder.rows(result.rows));
    begun = true;
  }
  if (countNote && last) {
    const atLeast = (request.page - 1) * size + printed;
    const ended = isLastPage(last.result, last.page, size);
    say(countNote(last.result.total, { lastPageKnown: ended, atLeast, ...(ended ? { whole: atLeast } : {}) }));
  }
  await out.write((begun ? '' : encoder.begin()) + encoder.end());
}

/** Aborts `controller` on SIGINT, SIGTERM or `stop`; returns the undo. */
function stopOnSignals(controller: AbortController, stop: AbortSignal | undefined): () => void {
  const abort = (): void => controller.abort();
  process.once('SIGINT', abort);
  process.once('SIGTERM', abort);
  stop?.addEventListener('abort', abort, { once: true });
  return () => {
    process.off('SIGINT', abort);
    process.off('SIGTERM', abort);
    stop?.removeEventListener('abort', abort);
  };
}

/** The note for a first page past the end of the list. */
export function pastTheEnd(page: number, size: number, total: number, exact: boolean): string {
  const pages = lastPageByTotal({ total, size });
  const count = `${exact ? '' : 'about '}${pages} page${pages === 1 ? '' : 's'} of ${size} (${exact ? '' : 'about '}${total} rows)`;
  return `page ${page} is past the end: there ${pages === 1 ? 'is' : 'are'} ${count}`;
}
