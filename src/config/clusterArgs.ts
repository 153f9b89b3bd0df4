// The cluster's flags (`cluster`, `--metrics`, the demo's `--discovery`), checked before anything
// is sent: what args.ts reads of them, apart so that it stays a list command's parser.
import { parseTarget } from '../api/clusterGet.js';
import { DISCOVERY_MODES, FLAGS, orList, type DiscoveryModeKind, type FlagUse } from './flags.js';
import { UsageError } from './usageError.js';

/** `cluster` takes the connection's flags, -o and --watch SECONDS (NDJSON), --metrics: any other is a mistake. */
export function clusterFlags(v: Readonly<Record<string, unknown>>): void {
  for (const name of Object.keys(v)) {
    const spec = (FLAGS as Readonly<Record<string, { use: readonly FlagUse[] }>>)[name];
    if (spec && !spec.use.includes('cluster')) throw new UsageError(`--${name} does not go with cluster`);
  }
  const output = v.output as string | undefined;
  if (output !== undefined && output !== 'json' && output !== 'ndjson' && output !== 'table') {
    throw new UsageError(`cluster --output must be json, ndjson or table, got ${JSON.stringify(output)}`);
  }
  if (v.watch !== undefined && output !== undefined && output !== 'ndjson') throw new UsageError(`--watch prints NDJSON rates; --output ${output} does not go with it`);
}

/** `--metrics host:port,...`: each checked as a target (api/clusterGet.ts parseTarget). */
export function metricsList(raw: string): string[] {
  const entries = raw.split(',').map((e) => e.trim()).filter((e) => e !== '');
  if (entries.length === 0 || entries.length > 128) throw new UsageError('--metrics takes 1 to 128 targets, host:port,host:port');
  for (const entry of entries) {
    if (!parseTarget(entry)) throw new UsageError(`--metrics: ${JSON.stringify(entry.slice(0, 80))} is not host:port (e.g. 10.0.0.5:12140)`);
  }
  return entries;
}

export function discoveryMode(raw: string): DiscoveryModeKind {
  const mode = DISCOVERY_MODES.find((m) => m === raw.trim());
  if (!mode) throw new UsageError(`--discovery must be ${orList(DISCOVERY_MODES)}, got ${JSON.stringify(raw)}`);
  return mode;
}
