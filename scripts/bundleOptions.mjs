// What every ES module bundle of this project is built with: the CLI (build.mjs) and the bench's
// floor of an Ink app alone (bench/floors/inkFirstFrame.mjs), so that the floor pays what the CLI
// pays and nothing more.
import { fileURLToPath } from 'node:url';

const STUB = fileURLToPath(new URL('./devtools-stub.mjs', import.meta.url));

// Node's built-in modules are taken with require(), not imported as ES modules: an import makes
// Node build the module's ES facade, which reads every export, the lazy ones too. node:http's
// WebSocket and friends then load undici (45 ms of the start on Node 24, and 57 ms of the demo
// worker's); node:process, node:fs and node:util cost 4-12 ms each even on Node 20. require()
// reads only what the code uses. (The banner's node:module import is text, not resolved here.)
export const builtinsByRequire = {
  name: 'builtins-by-require',
  setup(b) {
    b.onResolve({ filter: /^node:/ }, (args) =>
      // The require() in the stand-in itself is left to Node (the banner's require).
      args.namespace === 'builtin-by-require' ? { path: args.path, external: true } : { path: args.path, namespace: 'builtin-by-require' },
    );
    b.onLoad({ filter: /.*/, namespace: 'builtin-by-require' }, (args) => ({
      contents: `module.exports = require(${JSON.stringify(args.path)});`,
      loader: 'js',
    }));
  },
};

/** esbuild options shared by the ES module bundles (the caller adds entry points and output). */
export const ESM_BUNDLE = {
  bundle: true,
  platform: 'node',
  format: 'esm', // yoga-layout uses top-level await, which CJS output cannot hold
  target: 'node20',
  // Node 20 has the regexp v flag, but esbuild's table for node20 does not: it rewrote string-width's
  // /^\p{RGI_Emoji}$/v into new RegExp(...), built eagerly at load, 50-400 ms here instead of a few.
  supported: { 'regexp-set-notation': true },
  minify: true,
  legalComments: 'none',
  define: { 'process.env.NODE_ENV': '"production"' },
  alias: { 'react-devtools-core': STUB },
  banner: {
    // signal-exit and a few other dependencies are CommonJS and call require(); every chunk may hold one.
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
};

/** The stand-in for what a bundle leaves out (Ink's devtools, zod's translated messages). */
export const DEVTOOLS_STUB = STUB;
