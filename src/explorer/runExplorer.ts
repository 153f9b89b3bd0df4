// Sets up the terminal, the connection and the store, renders the app, and puts the terminal
// back on every way out. `:profile NAME` builds a new connection and store and re-renders the
// app around them (a fresh mount: no list, cursor or request of the old server survives).
//
// React and Ink (mount.tsx) load while the store starts (the login, the first page) and the demo's
// worker boots: compiling them is the longest step of the start. The first frame waits briefly
// for the first page (firstAnswer.ts), so that it is drawn once, with the rows.
import { OpenIMClient, DEFAULT_CLIENT_CONFIG } from '../api/client.js';
import type { ConnectionInfo } from '../components/Header.js';
import { UsageError, type ExplorerOptions } from '../config/args.js';
import type { EmbeddedDemo } from 'openim-demo-server/embedded';
import { profileNamesIn } from '../config/profileNames.js';
import { defaultConfigPath, resolveProfile } from '../config/profiles.js';
import { recentUsersFile, recentUsersPath, recentUsersServer } from '../config/recentUsers.js';
import { openRequestLog } from '../config/requestLog.js';
import { clientConnection, connectionExtras, demoConnection } from '../config/connection.js';
import { ignoreTlsOverride, TLS_OVERRIDE_IGNORED } from '../api/transport.js';
import { exportFiles } from '../data/exportFile.js';
import { CLUSTER_GET_DEFAULTS } from '../api/clusterGet.js';
import { sampleCluster } from '../data/clusterSampler.js';
import type { ClusterSample } from '../domain/clusterRates.js';
import { cacheFolder } from '../data/cacheFolder.js';
import { fittedPageSizes } from '../layout/frame.js';
import { createAppStore } from '../store/store.js';
import { colorEnabled } from '../terminal/color.js';
import { terminfoColors } from '../terminal/terminfo.js';
import { readTerminfoFile } from '../data/terminfoFile.js';
import { sanitize } from '../terminal/sanitize.js';
import { copyNote, copyToClipboard, tmuxSetClipboard } from '../terminal/osc52.js';
import { filterInput } from '../terminal/inputFilter.js';
import { installRestoreHandlers, restoreTerminal, takeTerminal } from '../terminal/screen.js';
import { installJobControl, routeWarnings } from '../terminal/signals.js';
import { tuneHeapForExplorer } from './heap.js';
import { NO_BOOT, type Boot } from '../config/boot.js';
import type { Connected, Mounted } from './mount.js';
import { firstAnswer } from './firstAnswer.js';
import { columnChoiceOf } from '../lists/columnChoice.js';
import { USER_NAME_SEARCH } from '../keys/bindings.js';
import { COMMAND_LINE } from '../keys/commands.js';
import { KEYMAP_VOCABULARY } from '../keys/effective.js';
import { DEFAULT_SESSION, type Session } from '../keys/session.js';

/** How long the first frame waits for the first page (firstAnswer.ts), counted from the login. */
const FIRST_FRAME_WAIT_MS = 250;

/**
 * `options` is what the app starts with (profile applied); `parsed` is the command line before
 * any profile, the base for `:profile NAME`; `demoServer` is the embedded server of `--demo`, started
 * by the caller, which also closes it; `boot` is what the start hands down (cli.ts, config/boot.ts).
 */
export async function runExplorer(
  options: ExplorerOptions,
  parsed: ExplorerOptions = options,
  demoServer?: Promise<EmbeddedDemo>,
  boot: Pick<Boot, 'settled'> = NO_BOOT,
  session: Session = DEFAULT_SESSION,
): Promise<number> {
  let start = options;
  // Before any connection: Node's warning that certificates are not verified would be false
  // (transport.ts verifies them) and would land behind the alternate screen.
  const tlsOverride = ignoreTlsOverride(process.env);
  // Loading starts before the first await: while the demo's worker boots on another core, this
  // thread compiles React and Ink (without a demo no await comes before the first requests).
  const mounting = import('./mount.js');
  if (demoServer) {
    start = { ...options, connection: demoConnection(await demoServer), profile: undefined };
  }
  // A log that cannot be written any more stops, and the status line says so (never in silence).
  const log =
    options.logFile !== undefined
      ? openRequestLog(options.logFile, undefined, (error) => connected.store.getState().flashInfo(`the request log stopped: ${sanitize(error.message)}`))
      : undefined;

  const stdout = process.stdout;
  const color = colorEnabled(process.env, {
    noColor: options.noColor,
    stdoutIsTTY: stdout.isTTY === true,
    terminfoColors: (term) => terminfoColors(term, process.env, readTerminfoFile),
  });
  const recent = recentUsersFile(recentUsersPath(process.env));
  const exportTo = exportFiles(process.cwd());
  let instance: Mounted | undefined;
  let connected: Connected;
  /** `--watch` or the profile's `watch`: the live view starts on. */
  let watching = options.watchMs !== undefined;

  const open = (o: ExplorerOptions, demo: boolean, generation: number): Connected => {
    const connection = o.connection;
    if (!connection) throw new UsageError('no server to connect to');
    const extras = connectionExtras(o, demo, process.env);
    const client = new OpenIMClient({
      ...DEFAULT_CLIENT_CONFIG,
      ...clientConnection(connection),
      timeoutMs: o.timeoutMs,
      maxBodyBytes: o.maxBodyBytes,
      ...extras,
      ...(log ? { onRequest: log.onRequest } : {}),
    });
    // The cluster screen's GETs: no token (api/clusterGet.ts), their own deadline, ended on quit.
    const clusterClosed = new AbortController();
    const clusterSample = (signal: AbortSignal): Promise<ClusterSample> =>
      sampleCluster({
        baseUrl: connection.baseUrl,
        given: o.metrics ?? [],
        now: () => Date.now(),
        get: {
          ...CLUSTER_GET_DEFAULTS,
          timeoutMs: Math.min(o.timeoutMs, CLUSTER_GET_DEFAULTS.timeoutMs),
          connect: extras,
          signal: AbortSignal.any([signal, clusterClosed.signal]),
          ...(log ? { onGet: (e) => log.note(`GET ${e.url} ${e.status} ${e.ms} ms ${e.outcome}`) } : {}),
        },
      });
    const url = new URL(connection.baseUrl);
    const info: ConnectionInfo = {
      host: url.host,
      identity: client.identity,
      wire: client.wire,
      demo,
      ...(o.profile !== undefined ? { profile: o.profile } : {}),
      // The profile's marker (not the demo's: it has no profile).
      ...(!demo && o.preferences?.label !== undefined ? { label: o.preferences.label } : {}),
      ...(!demo && o.preferences?.labelColor !== undefined ? { labelColor: o.preferences.labelColor } : {}),
    };
    const store = createAppStore({
      client,
      pageSize: o.pageSize ?? fittedPageSizes({ columns: stdout.columns ?? 80, rows: stdout.rows ?? 24 }).list,
      pageSizeFixed: o.pageSize !== undefined,
      copyNote: () => copyNote(process.env, tmuxSetClipboard(process.env)),
      copy: (text) => copyToClipboard(stdout, text),
      recent: recent.forServer(recentUsersServer(connection, demo)),
      openExport: exportTo,
      ...(o.watchMs !== undefined ? { liveIntervalMs: o.watchMs } : {}),
      clusterSample,
      quit: () => {
        // Requests in flight, a login no list can cancel included, must not keep the process up.
        client.close();
        clusterClosed.abort();
        if (connected.store === store) instance?.unmount();
      },
      switchProfile: (name) => switchTo(name),
      columns: columnChoiceOf(o.preferences?.columns),
      commandLine: COMMAND_LINE,
      searchKey: () => (USER_NAME_SEARCH ? session.keys.keyFor(USER_NAME_SEARCH.action, USER_NAME_SEARCH.scope) : undefined),
      keyName: (action) => session.keys.keyFor(action),
      profileNames: () => profileNamesIn(parsed.configPath ?? defaultConfigPath(process.env)),
    });
    return { store, info, generation };
  };

  /** Returns an error text for the status line, or undefined once the new server is on screen. */
  const switchTo = (name: string): string | undefined => {
    let next: ExplorerOptions;
    try {
      next = resolveProfile({ ...parsed, demo: false }, process.env, KEYMAP_VOCABULARY, name);
    } catch (error) {
      if (!(error instanceof UsageError)) return `cannot switch: ${String(error)}`;
      // The status line is short: the file's path is the least useful part of the message.
      const path = parsed.configPath ?? defaultConfigPath(process.env);
      return error.message.startsWith(`${path}: `) ? error.message.slice(path.length + 2) : error.message;
    }
    const old = connected;
    try {
      connected = open(next, false, old.generation + 1);
    } catch (error) {
      // The profile's CA file cannot be read: the old server stays.
      return error instanceof UsageError ? error.message : `cannot switch: ${String(error)}`;
    }
    // The live view stays on across the switch if it was on, at the new profile's interval.
    watching = old.store.getState().live.on || next.watchMs !== undefined;
    // Requests and an export of the old server still running are cancelled with it (its quit
    // no longer unmounts anything: it is not the one connected any more).
    old.store.getState().quit();
    instance?.show(connected);
    begin(connected);
    connected.store.getState().flashInfo(`profile ${name}: ${connected.info.host}`);
    return undefined;
  };

  /** The first requests of a connection, and its live view when it is to be on. */
  const begin = (s: Connected): void => {
    s.store.getState().start();
    // When the token expires (the header), and a refused one said in words at once.
    s.store.getState().checkToken();
    if (watching) s.store.getState().toggleLive();
  };

  connected = open(start, options.demo, 0);
  begin(connected);
  if (recent.problem) {
    connected.store.getState().flashInfo(`note: ${sanitize(recent.problem)}; ignored it`);
    log?.note(`recent users: ${recent.problem}`);
  }
  // The bin ran without the code cache: the log says why (a folder others could have written).
  const cache = log ? cacheFolder(process.env).problem : undefined;
  if (cache !== undefined) log?.note(cache);
  if (tlsOverride && /^https:/i.test(start.connection?.baseUrl ?? '')) {
    connected.store.getState().flashInfo(TLS_OVERRIDE_IGNORED);
    log?.note(TLS_OVERRIDE_IGNORED);
  }
  const [{ mount }] = await Promise.all([mounting, firstAnswer(connected.store, FIRST_FRAME_WAIT_MS)]);

  const restore = (): void => restoreTerminal(stdout);
  const uninstall = installRestoreHandlers(restore, process, { input: process.stdin });
  const unrouteWarnings = routeWarnings(log ? (line) => log.note(line) : undefined);
  // Ink (patched: scripts/patches/terminal-events.mjs) clears and draws the whole frame on 'resize'.
  const repaint = (): void => {
    stdout.emit('resize');
  };
  const jobs = installJobControl({
    leave: restore,
    back: () => {
      takeTerminal(stdout, process.stdin, true);
      repaint();
    },
  });
  takeTerminal(stdout);
  // After the keys read with them: a Ctrl-Z typed after `e` starts the export, then suspends.
  const unfilter = filterInput(process.stdin, {
    focus: (focused) => connected.store.getState().setFocus(focused),
    repaint: () => setImmediate(repaint),
    suspend: () => setImmediate(jobs.suspend),
  });
  try {
    instance = mount(connected, { color, ...(options.preferences?.theme === 'light' ? { light: true } : {}) }, session);
    // Once the first answer is on screen (heap.ts: set earlier, it slowed the start by a tenth; set
    // later, the young generation has grown under the first keys and stays grown). It is often in
    // the store before the mount (firstAnswer.ts), and then nothing changes until a key. Just
    // before: V8's code cache, holding what the first frame compiled (Ink draws it within the
    // mount), for the next start (boot/bin.ts); V8 refuses a cache taken under other flags than its own.
    const settle = (): void => {
      setImmediate(() => {
        tuneHeapForExplorer(boot.settled('explorer'));
      });
    };
    if (connected.store.getState().connection !== 'connecting') settle();
    else {
      const unsubscribe = connected.store.subscribe((s) => {
        if (s.connection === 'connecting') return;
        unsubscribe();
        settle();
      });
    }
    await instance.exited;
  } finally {
    restore();
    unfilter();
    jobs.uninstall();
    uninstall();
    unrouteWarnings();
    log?.close();
  }
  return 0;
}
