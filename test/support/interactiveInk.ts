// Runs before every test file (vitest setupFiles), before anything imports Ink: Ink decides at
// import time that it is non-interactive when CI is set (then it draws nothing until exit), and
// CI runs our tests with CI=true. The app's own entry point makes the same choice (src/cli.ts).
delete process.env.CI;
delete process.env.CONTINUOUS_INTEGRATION;
