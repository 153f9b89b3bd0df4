// The cluster screen (`:cluster`, `:cluster 5s`): over the body like the message log, its samples
// taken by a watcher (data/clusterSampler.ts) that runs while the screen is open and is stopped
// when it closes, so a closed screen polls nothing. Each sample adds a point to every figure's
// series (domain/clusterRates.ts); the series start again each time the screen opens (a new
// interval given while it is open keeps them).
import { scrolledTo } from '../domain/scroll.js';
import type { StateCreator } from 'zustand/vanilla';
import { ClusterWatcher, DEFAULT_CLUSTER_INTERVAL_MS } from '../data/clusterSampler.js';
import { realTimers } from '../data/liveRefresh.js';
import { addSample } from '../domain/clusterRates.js';
import type { ClusterActions, AppActions } from './actions.js';
import type { SliceServices } from './services.js';
import type { AppState } from './types.js';

type ClusterState = Pick<AppState, 'cluster'>;

export const clusterSlice =
  (services: SliceServices): StateCreator<AppState & AppActions, [], [], ClusterState & ClusterActions> =>
  (set, get) => {
    let watcher: ClusterWatcher | undefined;
    const stop = (): void => {
      watcher?.stop();
      watcher = undefined;
    };
    return {
      cluster: null,
      openCluster(intervalMs) {
        const sample = services.deps.clusterSample;
        if (!sample) return services.flash('the cluster screen is not available here', 'error');
        const interval = intervalMs ?? get().cluster?.intervalMs ?? DEFAULT_CLUSTER_INTERVAL_MS;
        stop();
        // Open already (`:cluster 5s` from the screen): the series go on at the new interval.
        const open = get().cluster;
        set({ cluster: open ? { ...open, intervalMs: interval } : { intervalMs: interval, series: [], scroll: 0, samples: 0 }, help: false, log: null });
        const mine = new ClusterWatcher(
          sample,
          services.deps.clusterTimers ?? realTimers(true),
          (taken) => {
            const now = get().cluster;
            if (!now || watcher !== mine) return;
            set({ cluster: { ...now, series: addSample(now.series, taken, now.sample), sample: taken, samples: now.samples + 1 } });
          },
          interval,
        );
        watcher = mine;
        mine.start();
      },
      closeCluster() {
        stop();
        set({ cluster: null });
      },
      scrollCluster(by, lines) {
        const now = get().cluster;
        if (!now) return;
        const scroll = scrolledTo(now.scroll, by, lines);
        if (scroll !== now.scroll) set({ cluster: { ...now, scroll } });
      },
    };
  };
