// Bundles the CLI into dist/ (self-contained: `npx openim-explorer` resolves nothing at install
// time): the bin (dist/cli.cjs, src/boot/bin.ts), which answers --help and --version on its own; the
// program as the explorer runs in a terminal (dist/app.js: cli.ts and all it loads, one script the
// bin compiles with V8's code cache, scripts/appScript.mjs); cli.ts as ES modules split at its
// dynamic imports, without the explorer, as every other command runs (dist/cli.js and dist/chunks/); and the
// demo server's ES modules (dist/demo.js, the embedded demo's worker and starter;
// dist/demo-server.js, `demo-server`), which both import only when they run a demo.
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { mkdtempSync, readFileSync, rmSync, chmodSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

// Every command but the explorer in a terminal (the scripting commands, the completion scripts:
// src/boot/commandLine.ts): the bin runs dist/cli.js and its chunks, ES modules that load only
// what the command needs, without the explorer (noExplorer.mjs); with the
// demo's two entries, which the program below imports too: its worker runs an ES module file.
const DEMO_ENTRIES = { 'openim-demo-server/embedded': './demo.js', 'openim-demo-server': './demo-server.js' };
await build({
  ...ESM_BUNDLE,
  entryPoints: [
    'src/cli.ts',
    { in: 'packages/demo-server/src/embedded.ts', out: 'demo' },
    { in: 'packages/demo-server/src/index.ts', out: 'demo-server' },
  ],
  outdir: 'dist',
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  splitting: true,
  define,
  plugins: [
    {
      name: 'no-explorer',
      setup(b) {
        b.onResolve({ filter: /^\.\/explorer\/runExplorer\.js$/ }, () => ({ path: fileURLToPath(new URL('./noExplorer.mjs', import.meta.url)) }));
      },
    },
    zodLocales,
    builtinsByRequire,
  ],
});

// Where both are a terminal: the program, everything cli.ts loads, the explorer included.
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

// The bin (src/boot/bin.ts, CommonJS: see there why) answers --help and --version with what the
// built dist/cli.js prints for them, so that the text has one source; and tells the explorer's
// command line from the others by the flags' types (src/boot/commandLine.ts), config/flags.ts's.
const printed = (flag) => execFileSync(process.execPath, ['dist/cli.js', flag], { encoding: 'utf8' });
await build({
  entryPoints: ['src/boot/bin.ts'],
  outfile: 'dist/cli.cjs',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  minify: true,
  legalComments: 'none',
  define: {
    __HELP__: JSON.stringify(printed('--help')),
    __VERSION_LINE__: JSON.stringify(printed('--version')),
    __FLAG_TYPES__: JSON.stringify(await flagTypes()),
  },
  plugins: [
    {
      // Loaded by the bin at run time, beside it: the ES module entry built above.
      name: 'cli-beside',
      setup(b) {
        b.onResolve({ filter: /^\.\.\/cli\.js$/ }, () => ({ path: './cli.js', external: true }));
      },
    },
  ],
  banner: { js: '#!/usr/bin/env node' },
  logLevel: 'warning',
});
chmodSync('dist/cli.cjs', 0o755);

/** Each flag's `type` and `short` (src/config/flags.ts), from a bundle of that module run here. */
async function flagTypes() {
  const scratch = mkdtempSync(join(tmpdir(), 'oie-build-flags-'));
  try {
    const file = join(scratch, 'flags.mjs');
    await build({
      ...ESM_BUNDLE,
      stdin: { contents: "export { FLAGS } from './src/config/flags.ts';", resolveDir: process.cwd(), loader: 'ts' },
      outfile: file,
      plugins: [builtinsByRequire],
    });
    const { FLAGS } = await import(pathToFileURL(file).href);
    return Object.fromEntries(Object.entries(FLAGS).map(([name, { type, short }]) => [name, short === undefined ? { type } : { type, short }]));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
