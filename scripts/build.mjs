// Bundles the CLI into dist/ (self-contained: `npx openim-explorer` resolves nothing at install
// time): the bin (dist/cli.cjs, src/bin.ts), which answers --help and --version on its own; the
// program (dist/app.js: cli.ts and all it loads, one script the bin compiles with V8's code
// cache, scripts/appScript.mjs); and the demo server's ES modules (dist/demo.js, the embedded
// demo's worker and starter; dist/demo-server.js, `demo-server`; their chunks in dist/chunks/),
// which the program imports only when it runs a demo.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, chmodSync, writeFileSync } from 'node:fs';
import { IMPORT_META_URL, wrapProgram } from './appScript.mjs';
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
const define = { ...ESM_BUNDLE.define, __VERSION__: JSON.stringify(pkg.version) };

// The demo's two entries, outside the program: its worker runs an ES module file of its own.
const DEMO_ENTRIES = { 'openim-demo-server/embedded': './demo.js', 'openim-demo-server': './demo-server.js' };
await build({
  ...ESM_BUNDLE,
  entryPoints: [
    { in: 'packages/demo-server/src/embedded.ts', out: 'demo' },
    { in: 'packages/demo-server/src/index.ts', out: 'demo-server' },
  ],
  outdir: 'dist',
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  splitting: true,
  define,
  plugins: [builtinsByRequire],
});

const program = await build({
  ...ESM_BUNDLE,
  entryPoints: ['src/cli.ts'],
  outfile: 'dist/app.js',
  define: { ...define, 'import.meta.url': IMPORT_META_URL },
  plugins: [
    {
      name: 'demo-beside',
      setup(b) {
        b.onResolve({ filter: /^openim-demo-server(\/embedded)?$/ }, (args) => ({ path: DEMO_ENTRIES[args.path], external: true }));
      },
    },
    inkPatchesPlugin(DEVTOOLS_STUB, (file) => patched.add(file)),
    zodLocales,
    builtinsByRequire,
  ],
});
const missing = INK_PATCHED_FILES.filter((f) => !patched.has(f));
if (missing.length > 0) throw new Error(`ink patches not applied to ${missing.join(', ')}`);
const leftOut = Object.values(program.metafile.outputs)
  .flatMap((output) => output.imports)
  .filter((i) => i.external && i.kind === 'dynamic-import')
  .map((i) => i.path);
writeFileSync('dist/app.js', wrapProgram(readFileSync('dist/app.js', 'utf8'), leftOut));

// The bin (src/bin.ts, CommonJS: see there why) answers --help and --version with what the
// program prints for them, so that the text has one source: a first build without them hands
// every command line to the program, which prints them; the second has them.
const bin = (answers) =>
  build({
    entryPoints: ['src/bin.ts'],
    outfile: 'dist/cli.cjs',
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    minify: true,
    legalComments: 'none',
    define: answers,
    banner: { js: '#!/usr/bin/env node' },
    logLevel: 'warning',
  });
await bin({});
const printed = (flag) => execFileSync(process.execPath, ['dist/cli.cjs', flag], { encoding: 'utf8', env: { ...process.env, NODE_DISABLE_COMPILE_CACHE: '1' } });
await bin({ __HELP__: JSON.stringify(printed('--help')), __VERSION_LINE__: JSON.stringify(printed('--version')) });
chmodSync('dist/cli.cjs', 0o755);
