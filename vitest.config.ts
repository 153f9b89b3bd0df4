import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vitest/config';
import { INK_PATCH_FILTER, insideNodeModules, patchInk } from './scripts/ink-patches.mjs';
import { FAST_ISOLATED, FAST_PROJECT, isSlowFile, needsOwnModules, SLOW_FILES, SLOW_PROJECT, SLOW_TAG } from './test/support/tier.js';

// The packages that go through vite (below): the patched ones and every package that imports one
// (an externalised importer would load the original from Node).
const INLINE = /[\\/]node_modules[\\/](ink|ink-testing-library|ink-text-input|string-width|wrap-ansi|slice-ansi|cli-truncate|widest-line|@alcalzone[\\/]ansi-tokenize|yoga-layout)[\\/]/;

/**
 * The renderer we test is the renderer we ship: the bundle's patches to Ink and its helpers
 * (scripts/ink-patches.mjs, the one list scripts/build.mjs applies) applied as vitest loads them.
 * Each patched module notes its path in a global, which test/terminal/patchesUnderTest.test.tsx
 * checks against the list: a patch that stops applying fails the build and that test.
 */
const inkPatches: Plugin = {
  name: 'ink-patches',
  enforce: 'pre',
  load(id) {
    // Their source maps point at TypeScript sources that are not published: vite would warn about
    // each file. The maps are of no use to a test either.
    const path = id.split('?')[0]!;
    if (!INLINE.test(path) || !/\.m?js$/.test(path)) return undefined;
    return { code: readFileSync(path, 'utf8').replace(/^\/\/# sourceMappingURL=.*$/m, ''), map: null };
  },
  transform(code, id) {
    const path = id.split('?')[0]!;
    if (!INK_PATCH_FILTER.test(path)) return undefined;
    const patched = patchInk(path, code);
    if (patched === code) return undefined;
    const note = `\n(globalThis.__oiePatchedModules ??= new Set()).add(${JSON.stringify(insideNodeModules(path))});\n`;
    return { code: patched + note, map: null };
  },
};

const TESTS = ['test/**/*.test.{ts,tsx}', 'packages/*/test/**/*.test.ts'];
/** The fast files that need modules of their own (test/support/tier.ts needsOwnModules). */
const OWN_MODULES = ['test', ...readdirSync('packages').map((name) => `packages/${name}/test`)]
  .flatMap((dir) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((path) => `${dir}/${path.split('\\').join('/')}`))
  .filter((path) => /\.test\.tsx?$/.test(path) && !isSlowFile(path) && needsOwnModules(readFileSync(path, 'utf8')));

/**
 * Workers per tier, measured on the 2-core machine (docs/development.md, Two tiers): with two
 * workers the fast tier kept the cores busy about half its time (77 s of CPU in 76 s of wall),
 * waiting on its loopback servers and timers the rest, so three finish it in 57 s; the tmux files
 * wait on terminals far more than they compute. The slow project runs after the fast ones (its own
 * groupOrder, as vitest requires for a worker count of its own), so the counts never add up.
 */
const FAST_WORKERS = 3;
const SLOW_WORKERS = 3;

export default defineConfig({
  plugins: [inkPatches],
  test: {
    // Two tiers (test/support/tier.ts): `vitest run` (npm test, CI) runs every project;
    // `npm run test:fast` the fast ones without the tests tagged SLOW_TAG.
    projects: [
      { extends: true, test: { name: FAST_PROJECT, include: TESTS, exclude: [...SLOW_FILES, ...OWN_MODULES], isolate: false, maxWorkers: FAST_WORKERS } },
      { extends: true, test: { name: FAST_ISOLATED, include: OWN_MODULES, maxWorkers: FAST_WORKERS } },
      { extends: true, test: { name: SLOW_PROJECT, include: SLOW_FILES, maxWorkers: SLOW_WORKERS, sequence: { groupOrder: 1 } } },
    ],
    tags: [{ name: SLOW_TAG, description: 'runs the built CLI (dist/cli.cjs) or a tmux terminal: the slow tier' }],
    environment: 'node',
    // dist/cli.js is built once here, before any test that runs it (none in the fast tier).
    globalSetup: ['test/support/buildOnce.ts'],
    setupFiles: ['test/support/interactiveInk.ts', 'test/support/tierSetup.ts'],
    server: {
      // Through vite, so that the plugin above patches them.
      deps: { inline: [INLINE] },
    },
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
