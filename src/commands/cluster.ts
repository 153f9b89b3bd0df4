// `openim-explorer cluster`: one sample of the cluster (the discovery routes, every instance's
// /metrics, every figure's value) as JSON, NDJSON or a table; `--watch SECONDS` prints one NDJSON
// line of rates per sample until stopped. No token is needed or sent: the discovery GETs are
// open on both generations (contract §12.14) and the metrics pages are the processes' own.
import { CLUSTER_GET_DEFAULTS, type ClusterGetConfig } from '../api/clusterGet.js';
import { ignoreTlsOverride } from '../api/transport.js';
import type { ExplorerOptions } from '../config/args.js';
import { connectionExtras, demoConnection } from '../config/connection.js';
import { openRequestLog, type RequestLog } from '../config/requestLog.js';
import { clusterLines, clusterReport } from '../data/clusterLines.js';
import { ClusterWatcher, sampleCluster, type SamplerConfig } from '../data/clusterSampler.js';
import { jsonText } from '../data/formats.js';
import { realTimers, type RefreshTimers } from '../data/liveRefresh.js';
import { addSample, type ClusterSample, type FigureSeries } from '../domain/clusterRates.js';
import { glyphs } from '../terminal/glyphs.js';
import { sanitize } from '../terminal/sanitize.js';
import { EXIT_API, EXIT_NETWORK, EXIT_OK, EXIT_OUTPUT } from './exitCodes.js';
import { ScriptOutput } from './output.js';
import type { StartDemo } from './scriptClient.js';
import { tableWidth, type ScriptStreams } from './run.js';

export interface ClusterStreams extends ScriptStreams {
  /** The watch's clock and timers; tests give fake ones. */
  timers?: RefreshTimers;
}

/** The NDJSON line of a watch's sample: when, and each figure's value and rate. */
function watchLine(sample: ClusterSample, series: readonly FigureSeries[]): string {
  const report = clusterReport(sample, series);
  return jsonText({ event: 'sample', at: report.at, up: sample.instances.filter((i) => i.up).length, instances: sample.instances.length, figures: report.figures }) + '\n';
}

export async function runClusterCommand(options: ExplorerOptions, streams: ClusterStreams, startDemo?: StartDemo): Promise<number> {
  const say = (line: string): void => {
    streams.stderr.write(`openim-explorer: ${line}\n`);
  };
  const controller = new AbortController();
  const out = new ScriptOutput(streams.stdout, () => controller.abort());
  let closeDemo: (() => Promise<void>) | undefined;
  let log: RequestLog | undefined;
  const stopOn = (): void => controller.abort();
  try {
    log = options.logFile !== undefined ? openRequestLog(options.logFile, undefined, () => controller.abort()) : undefined;
    let connection = options.connection;
    if (options.demo && startDemo) {
      const demo = await startDemo();
      connection = demoConnection(demo);
      closeDemo = () => demo.close();
    }
    if (connection === undefined) throw new Error('no server');
    ignoreTlsOverride(streams.env ?? process.env);
    const get: ClusterGetConfig = {
      ...CLUSTER_GET_DEFAULTS,
      timeoutMs: Math.min(options.timeoutMs, CLUSTER_GET_DEFAULTS.timeoutMs),
      maxBodyBytes: Math.min(options.maxBodyBytes, CLUSTER_GET_DEFAULTS.maxBodyBytes),
      connect: connectionExtras({ connection }, options.demo, streams.env ?? process.env),
      signal: controller.signal,
      ...(log ? { onGet: (e) => log?.note(`GET ${e.url} ${e.status} ${e.ms} ms ${e.outcome}`) } : {}),
    };
    const timers = streams.timers ?? realTimers();
    const config: SamplerConfig = { baseUrl: connection.baseUrl, given: options.metrics ?? [], get, now: () => timers.now() };
    const format = options.clusterOutput ?? (options.watchMs !== undefined ? 'ndjson' : streams.stdout.isTTY === true ? 'table' : 'json');

    if (options.watchMs !== undefined) {
      process.once('SIGINT', stopOn);
      process.once('SIGTERM', stopOn);
      streams.stop?.addEventListener('abort', stopOn, { once: true });
      let series: FigureSeries[] | undefined;
      let previous: ClusterSample | undefined;
      let writing = Promise.resolve();
      await new Promise<void>((resolve) => {
        const watcher = new ClusterWatcher(
          () => sampleCluster(config),
          timers,
          (sample) => {
            series = addSample(series, sample, previous);
            previous = sample;
            const line = watchLine(sample, series);
            writing = writing.then(() => out.write(line)).catch(() => controller.abort());
          },
          options.watchMs,
        );
        controller.signal.addEventListener('abort', () => {
          watcher.stop();
          resolve();
        }, { once: true });
        watcher.start();
      });
      await writing;
      return finished(out, say);
    }

    const sample = await sampleCluster(config);
    const series = addSample(undefined, sample, undefined);
    if (sample.instances.length === 0) for (const line of clusterReport(sample, series).notes as string[]) say(sanitize(line));
    const text =
      format === 'table'
        ? clusterLines(sample, series, tableWidth(streams), glyphs(), 0).join('\n') + '\n'
        : format === 'ndjson'
          ? watchLine(sample, series)
          : jsonText(clusterReport(sample, series)) + '\n';
    await out.write(text);
    await out.flush();
    const code = finished(out, say);
    // Nothing to read is a failure a cron job must see: no target (1), or none answering (3).
    if (code !== EXIT_OK) return code;
    if (sample.instances.length === 0) return EXIT_API;
    return sample.instances.every((i) => !i.up) ? EXIT_NETWORK : code;
  } catch (error) {
    if (out.failure) return finished(out, say);
    throw error;
  } finally {
    process.off('SIGINT', stopOn);
    process.off('SIGTERM', stopOn);
    log?.close();
    await closeDemo?.();
  }
}

function finished(out: ScriptOutput, say: (line: string) => void): number {
  if (out.readerLeft || !out.failure) return EXIT_OK;
  say(out.describe());
  return EXIT_OUTPUT;
}
