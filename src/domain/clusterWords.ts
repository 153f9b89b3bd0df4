// What the cluster screen and `cluster` say in words beyond the figures (clusterFigures.ts): where
// the instances came from, and what to do when the discovery lists none. One home for each text.
import type { ClusterSample } from './clusterRates.js';

/** The configured ports, used only with autoSetPorts: false (contract §12.14). */
export const FIXED_PORTS =
  'API 12002, msggateway 12140-12155, msgtransfer 12020-12035, push 12170-12186, auth 12200, conversation 12220, friend 12240, group 12260, msg 12280, third 12300, user 12320';

/** Why a server's discovery lists nothing, and what to give instead. */
export const NO_DISCOVERY =
  'The discovery routes answered [] for every service: the server\'s discovery is not etcd (Kubernetes, the standalone build), or no process registered (only autoSetPorts: true processes do).';
export const GIVE_TARGETS = 'Give the metrics targets: --metrics host:port,... or the profile\'s "metrics": ["host:port", ...]';
export const RANDOM_PORTS = `The metrics ports are random by default (autoSetPorts: true); with autoSetPorts: false they are the prometheus.ports of config/openim-*.yml: ${FIXED_PORTS}.`;

/** The lines that say where the instances came from (and, without any, what to do). */
export function sourceWords(sample: ClusterSample): string[] {
  const listed = sample.services.filter((s) => s.discovery === 'listed').length;
  const failed = sample.services.filter((s) => s.discovery === 'failed');
  const up = sample.instances.filter((i) => i.up).length;
  const counted = `${sample.instances.length} instance${sample.instances.length === 1 ? '' : 's'}, ${up} up`;
  const failures = failed.length > 0 ? [`Discovery failed for ${failed.map((s) => s.service).join(', ')}: ${failed[0]!.reason ?? 'unknown'}.`] : [];
  if (sample.source === 'discovery') return [`Discovery lists ${listed} of ${sample.services.length} services: ${counted}.`, ...failures];
  const none = failed.length === sample.services.length ? failures : [NO_DISCOVERY];
  if (sample.source === 'given') return [...none, `Reading the targets given (profile "metrics" or --metrics): ${counted}.`, RANDOM_PORTS];
  return [...none, GIVE_TARGETS, RANDOM_PORTS];
}

/** A number as the screen shows it: whole numbers as they are, rates with one decimal; `none` for unknown. */
export function figureNumber(n: number | null, rate = false, none = '–'): string {
  if (n === null) return none;
  if (!Number.isFinite(n)) return String(n);
  if (!rate) return Math.abs(n) >= 1e15 ? n.toExponential(3) : String(Math.round(n));
  return Math.abs(n) >= 1e6 ? n.toExponential(2) : n.toFixed(1);
}
