// Preloaded (NODE_OPTIONS=--import) before the built CLI in tests: appends a line to the file
// OIE_UI_LOG names each time the process compiles WebAssembly, which only Yoga does: Ink's layout
// engine, the first thing the UI's code does when it runs. So a test can tell whether a command ran
// any of the UI (config-schema must not: the program holds the UI's code, and runs it only for the explorer).
import { appendFileSync } from 'node:fs';

const log = process.env.OIE_UI_LOG;
if (!log) throw new Error('uiLog.mjs needs OIE_UI_LOG');
const wasm = globalThis.WebAssembly;
for (const name of ['compile', 'instantiate']) {
  const original = wasm[name];
  wasm[name] = function (...args) {
    appendFileSync(log, `WebAssembly.${name}\n`);
    return original.apply(this, args);
  };
}
