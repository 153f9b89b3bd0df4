import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}', 'packages/*/test/**/*.test.ts'],
    environment: 'node',
    // dist/cli.js is built once here, before any test that runs it.
    globalSetup: ['test/support/buildOnce.ts'],
    setupFiles: ['test/support/interactiveInk.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // e2e tests drive tmux sessions; running too many files at once on 2 cores makes them flaky.
    maxWorkers: 2,
  },
});
