// GET /prometheus_discovery/<name> (contract §12.14): no headers checked, a bare http_sd array, one
// group for all of a service's instances with the labels {"namespace": "default"}; `[]` when the
// demo runs no cluster (nothing registered) or plays a non-etcd server (cluster.ts `none`).
import { DISCOVERY_NAMES } from './cluster.js';
import type { RouteContext } from './route.js';

const PREFIX = '/prometheus_discovery/';

export function prometheusDiscovery(ctx: RouteContext, path: string): unknown[] | undefined {
  if (!path.startsWith(PREFIX)) return undefined;
  const name = path.slice(PREFIX.length);
  if (!(DISCOVERY_NAMES as readonly string[]).includes(name)) return undefined;
  return ctx.cluster?.discovery(name) ?? [];
}
