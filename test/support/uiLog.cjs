// Preloaded (NODE_OPTIONS=--require) before the built CLI in tests: appends a line to the file
// OIE_UI_LOG names each time the process compiles WebAssembly, which only Yoga does: Ink's layout
// engine, the first thing the UI's code does when it runs. So a test can tell whether a command ran
// any of the UI (config-schema must not: the program holds the UI's code, and runs it only for the explorer).
const { appendFileSync } = require('node:fs');

const log = process.env.OIE_UI_LOG;
if (!log) throw new Error('uiLog.cjs needs OIE_UI_LOG');
for (const name of ['compile', 'instantiate']) {
  const original = WebAssembly[name];
  WebAssembly[name] = function (...args) {
    appendFileSync(log, `WebAssembly.${name}\n`);
    return original.apply(this, args);
  };
}
