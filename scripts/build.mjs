// Bundles the CLI into dist/ (self-contained: `npx openim-explorer` resolves nothing at install
// time), split at the entry point's dynamic imports: dist/cli.js answers --help and --version on
// its own, and the scripting commands, the explorer (React, Ink, Yoga) and the demo server each
// load their own chunks (dist/chunks/) only when they run.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, chmodSync } from 'node:fs';
import { builtinsByRequire, DEVTOOLS_STUB, ESM_BUNDLE } from './bundleOptions.mjs';
import { INK_PATCHED_FILES, inkPatchesPlugin } from './ink-patches.mjs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

// Ink 6.8 fixes (incremental rendering) and speed-ups (caches across frames): scripts/ink-patches.mjs.
const patched = new Set();
// Dead weight in the bundle besides Ink's devtools (ink-patches.mjs): zod's translated error
// messages (the English ones stay: zod imports them directly).
const zodLocales = {
  name: 'zod-locales-stub',
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/]/.test(args.importer) ? { path: DEVTOOLS_STUB } : undefined,
    );
  },
};

// Chunks are named by content hash: what an older build left must not be packed.
rmSync('dist', { recursive: true, force: true });
await build({
  ...ESM_BUNDLE,
  // The demo's starter has a name of its own (dist/demo.js): the bin loads it to start the demo's
  // worker early (src/bin.ts), and the worker runs it.
  entryPoints: ['src/cli.ts', { in: 'packages/demo-server/src/embedded.ts', out: 'demo' }],
  outdir: 'dist',
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  splitting: true,
  define: { ...ESM_BUNDLE.define, __VERSION__: JSON.stringify(pkg.version) },
  plugins: [inkPatchesPlugin(DEVTOOLS_STUB, (file) => patched.add(file)), zodLocales, builtinsByRequire],
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
  // Loaded by the bin at run time, beside it: the ES module entries built above.
  external: ['./cli.js', './demo.js'],
  plugins: [
    {
      name: 'demo-beside',
      setup(b) {
        b.onResolve({ filter: /^openim-demo-server\/embedded$/ }, () => ({ path: './demo.js', external: true }));
      },
    },
  ],
  define: { __HELP__: JSON.stringify(printed('--help')), __VERSION_LINE__: JSON.stringify(printed('--version')) },
  banner: { js: '#!/usr/bin/env node' },
  logLevel: 'warning',
});
chmodSync('dist/cli.cjs', 0o755);
