// Bundles the CLI into one self-contained ESM file so that `npx openim-explorer` resolves nothing at install time.
import { build } from 'esbuild';
import { readFileSync, chmodSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { INK_PATCHED_FILES, patchInk } from './ink-patches.mjs';

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
    b.onLoad({ filter: /[\\/]node_modules[\\/]ink[\\/]build[\\/].*\.js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const contents = patchInk(args.path, source);
      if (contents === source) return undefined;
      patched.add(INK_PATCHED_FILES.find((f) => args.path.replace(/\\/g, '/').endsWith(f)));
      return { contents, loader: 'js' };
    });
  },
};

await build({
  entryPoints: ['src/cli.ts'],
  outfile: 'dist/cli.js',
  bundle: true,
  platform: 'node',
  format: 'esm', // yoga-layout uses top-level await, which CJS output cannot hold
  target: 'node20',
  minify: true,
  legalComments: 'none',
  define: {
    'process.env.NODE_ENV': '"production"',
    __VERSION__: JSON.stringify(pkg.version),
  },
  alias: { 'react-devtools-core': './scripts/devtools-stub.mjs' },
  banner: {
    // signal-exit and a few other dependencies are CommonJS and call require().
    js: "#!/usr/bin/env node\nimport { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  plugins: [inkPatches],
  logLevel: 'warning',
});
const missing = INK_PATCHED_FILES.filter((f) => !patched.has(f));
if (missing.length > 0) throw new Error(`ink patches not applied to ${missing.join(', ')}`);
chmodSync('dist/cli.js', 0o755);
