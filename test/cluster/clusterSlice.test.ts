// The cluster screen in the store: `:cluster` opens it and samples at once, then every interval on
// the injected timers; `:cluster 5s` changes the interval; Esc closes it and nothing is sampled
// after; quit stops it too. The sampler is the real one against the demo's cluster.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type DemoServer } from 'openim-demo-server';
import { sampleCluster } from '../../src/data/clusterSampler.js';
import { manualTimers } from '../support/manualTimers.js';
import { storeFor } from '../support/demoStore.js';

let demo: DemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ users: 20, cluster: {} });
});
afterAll(async () => {
  await demo.close();
});

function clusterStore() {
  const clock = manualTimers();
  let samples = 0;
  const store = storeFor(demo, {
    clusterTimers: clock.timers,
    clusterSample: (signal) => {
      samples++;
      return sampleCluster({ baseUrl: demo.url, given: [], now: clock.timers.now, get: { timeoutMs: 3000, maxBodyBytes: 1 << 20, signal } });
    },
  });
  return { store, clock, taken: () => samples };
}

describe('the cluster screen in the store', () => {
  it('samples on open and every interval while open, and nothing once closed', async () => {
    const { store, clock, taken } = clusterStore();
    store.getState().openCluster();
    expect(store.getState().cluster?.intervalMs).toBe(15_000);
    await expect.poll(() => store.getState().cluster?.samples, { timeout: 5000 }).toBe(1);
    clock.advance(14_999);
    expect(taken()).toBe(1);
    clock.advance(1);
    await expect.poll(() => store.getState().cluster?.samples, { timeout: 5000 }).toBe(2);
    const view = store.getState().cluster!;
    expect(view.sample?.instances).toHaveLength(16);
    const online = view.series.find((s) => s.figure.key === 'online')!.points;
    expect(online).toHaveLength(2);
    // Esc closes what is in front: the cluster screen, and its sampling with it.
    store.getState().escape();
    expect(store.getState().cluster).toBeNull();
    clock.advance(120_000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(taken()).toBe(2);
  });

  it(':cluster 5s samples every 5 s; quit stops it', async () => {
    const { store, clock, taken } = clusterStore();
    store.getState().runCommand('cluster 5s');
    expect(store.getState().cluster?.intervalMs).toBe(5000);
    await expect.poll(() => store.getState().cluster?.samples, { timeout: 5000 }).toBe(1);
    clock.advance(5000);
    await expect.poll(() => store.getState().cluster?.samples, { timeout: 5000 }).toBe(2);
    // A new interval from the open screen: a sample now, the series kept.
    store.getState().runCommand('cluster 2s');
    await expect.poll(() => store.getState().cluster?.samples, { timeout: 5000 }).toBe(3);
    expect(store.getState().cluster?.intervalMs).toBe(2000);
    expect(store.getState().cluster?.series[0]?.points).toHaveLength(3);
    // Another command from its `:` is for the screen behind: the cluster screen closes, its sampling stops.
    store.getState().runCommand('log');
    expect(store.getState().cluster).toBeNull();
    store.getState().quit();
    clock.advance(60_000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(taken()).toBe(3);
  });
});
