// The cluster screen's own keys (`:cluster`): rows of the one bindings table (bindings.ts spreads
// them in) in the `cluster` scope, which alone reaches the screen while it is open
// (store/overlays.ts); `:` among them, so that `:cluster 5s` changes the interval from there.
import { clusterMaxScroll } from '../layout/clusterView.js';
import { screenGeometry } from '../layout/frame.js';
import type { BindingSpec, KeyContext } from './binding.js';

function scroll(c: KeyContext, by: number): void {
  const s = c.store.getState();
  if (!s.cluster) return;
  const body = screenGeometry(c.terminal).body;
  const max = clusterMaxScroll(s.cluster, body.width, body.rows);
  s.scrollCluster(by, max + 1);
}

export const CLUSTER_BINDINGS = [
  { action: 'clusterDown', keys: ['j', 'down'], hint: { actions: ['clusterDown', 'clusterUp'], label: 'scroll' }, description: 'scroll the cluster screen down a line', scope: 'cluster', run: (c: KeyContext) => scroll(c, 1) },
  { action: 'clusterUp', keys: ['k', 'up'], description: 'scroll the cluster screen up a line', scope: 'cluster', run: (c: KeyContext) => scroll(c, -1) },
  { action: 'clusterPageDown', keys: [' ', 'pagedown', 'n'], description: 'scroll the cluster screen down 10 lines', scope: 'cluster', run: (c: KeyContext) => scroll(c, 10) },
  { action: 'clusterPageUp', keys: ['b', 'pageup', 'p'], description: 'scroll the cluster screen up 10 lines', scope: 'cluster', run: (c: KeyContext) => scroll(c, -10) },
  {
    action: 'clusterCommand',
    keys: [':'],
    hint: { label: 'cmd' },
    description: 'command (`cluster 5s`: sample every 5 s)',
    scope: 'cluster',
    run: (c: KeyContext) => c.store.getState().openPrompt('command'),
  },
  { action: 'clusterClose', keys: ['escape', 'q'], hint: { label: 'close' }, description: 'close the cluster screen (its sampling stops)', scope: 'cluster', run: (c: KeyContext) => c.store.getState().closeCluster() },
] as const satisfies readonly BindingSpec[];
