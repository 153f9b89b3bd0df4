// Bundles the CLI into one self-contained ESM file so that `npx openim-explorer` resolves nothing at install time.
import { build } from 'esbuild';
import { readFileSync, chmodSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

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
  logLevel: 'warning',
});
chmodSync('dist/cli.js', 0o755);
