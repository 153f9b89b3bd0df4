// How each screen over the body (store/bodyScreens.ts) is opened in a test, as its key or command
// opens it: one per row, or this does not compile. The tests that run over the registry share it.
import { DEMO } from 'openim-demo-server';
import type { BodyScreenName } from '../../src/store/bodyScreens.js';
import type { StoreDeps } from '../../src/store/deps.js';
import type { AppStore } from '../../src/store/store.js';

export const OPEN_BODY_SCREEN: Record<BodyScreenName, (store: AppStore) => void> = {
  help: (store) => store.getState().openHelp(),
  log: (store) => {
    store.getState().flashInfo('a message for the log');
    store.getState().openLog();
  },
  trace: (store) => store.getState().openTrace({ conversationID: `si_${DEMO.firstUserID}_user_000002`, seq: 1, receiverID: DEMO.firstUserID }),
  cluster: (store) => store.getState().openCluster(),
};

/** A cluster sample that never comes: the cluster screen opens and waits for it; closing it stops the wait. */
export const NO_SAMPLE: Pick<StoreDeps, 'clusterSample'> = { clusterSample: () => new Promise(() => {}) };
