// Runs before every test file (vitest setupFiles): tells tier.ts which test or file is running, so
// that the helpers starting the CLI or tmux can refuse outside the slow tier.
import { afterEach, beforeAll, beforeEach } from 'vitest';
import { running, type Tagged } from './tier.js';

// vitest reads the first parameter's pattern to tell which fixtures a hook uses: none here.
// eslint-disable-next-line no-empty-pattern
beforeAll(({}, file) => {
  running.file = file as Tagged;
});
beforeEach(({ task }) => {
  running.test = task as Tagged;
});
afterEach(() => {
  running.test = undefined;
});
