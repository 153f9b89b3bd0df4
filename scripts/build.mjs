// Bundles the CLI into dist/ (self-contained: `npx openim-explorer` resolves nothing at install
// time), split at the entry point's dynamic imports: dist/cli.js answers --help and --version on
// its own, and the scripting commands, the explorer (React, Ink, Yoga) and the demo server each
// load their own chunks (dist/chunks/) only when they run.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, chmodSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { INK_PATCH_FILTER, INK_PATCHED_FILES, insideNodeModules, patchInk } from './ink-patches.mjs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

// Ink 6.8 fixes (incremental rendering) and speed-ups (caches across frames): scripts/ink-patches.mjs.
const patched = new Set();
const inkPatches = {
  name: 'ink-patches-and-stubs',
  setup(b) {
    // Dead weight in the bundle: Ink's devtools (and the `ws` WebSocket library it imports; only
    // used with DEV=true, which then does nothing) and zod's translated error messages (the
    // English ones stay: zod imports them directly).
    const stub = fileURLToPath(new URL('./devtools-stub.mjs', import.meta.url));
    b.onResolve({ filter: /^\.\/devtools\.js$/ }, (args) =>
      /[\\/]ink[\\/]build[\\/]/.test(args.importer) ? { path: stub } : undefined,
    );
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/]/.test(args.importer) ? { path: stub } : undefined,
    );
    b.onLoad({ filter: INK_PATCH_FILTER }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const contents = patchInk(args.path, source);
      if (contents === source) return undefined;
      patched.add(insideNodeModules(args.path));
      return { contents, loader: 'js' };
    });
  },
};

// Node's built-in modules are taken with require(), not imported as ES modules: an import makes
// Node build the module's ES facade, which reads every export, the lazy ones too. node:http's
// WebSocket and friends then load undici (45 ms of the start on Node 24, and 57 ms of the demo
// worker's); node:process, node:fs and node:util cost 4-12 ms each even on Node 20. require()
// reads only what the code uses. (The banner's node:module import is text, not resolved here.)
const builtinsByRequire = {
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

// Chunks are named by content hash: what an older build left must not be packed.
rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/cli.ts'],
  outdir: 'dist',
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm', // yoga-layout uses top-level await, which CJS output cannot hold
  target: 'node20',
  // Node 20 has the regexp v flag, but esbuild's table for node20 does not: it rewrote string-width's
  // /^\p{RGI_Emoji}$/v into new RegExp(...), built eagerly at load, 50-400 ms here instead of a few.
  supported: { 'regexp-set-notation': true },
  minify: true,
  legalComments: 'none',
  define: {
    'process.env.NODE_ENV': '"production"',
    __VERSION__: JSON.stringify(pkg.version),
  },
  alias: { 'react-devtools-core': './scripts/devtools-stub.mjs' },
  banner: {
    // signal-exit and a few other dependencies are CommonJS and call require(); every chunk may hold one.
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  plugins: [inkPatches, builtinsByRequire],
  logLevel: 'warning',
});
const missing = INK_PATCHED_FILES.filter((f) => !patched.has(f));
if (missing.length > 0) throw new Error(`ink patches not applied to ${missing.join(', ')}`);

// The bin (src/bin.ts, CommonJS: see there why) answers --help and --version with what the built
// dist/cli.js prints for them, so that the text has one source.
const printed = (flag) => execFileSync(process.execPath, ['dist/cli.js', flag], { encoding: 'utf8' });
await build({
  entryPoints: ['src/bin.ts'],
  outfile: 'dist/cli.cjs',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  minify: true,
  legalComments: 'none',
  // Loaded by the bin at run time, beside it: the ES module entry built above.
  external: ['./cli.js'],
  define: { __HELP__: JSON.stringify(printed('--help')), __VERSION_LINE__: JSON.stringify(printed('--version')) },
  banner: { js: '#!/usr/bin/env node' },
  logLevel: 'warning',
});
chmodSync('dist/cli.cjs', 0o755);
