// What every ES module bundle of this project is built with: the CLI (build.mjs) and the bench's
// floor of an Ink app alone (bench/floors/inkFirstFrame.mjs), so that the floor pays what the CLI
// pays and nothing more.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const STUB = fileURLToPath(new URL('./devtools-stub.mjs', import.meta.url));

// Node's built-in modules are taken with require(), not imported as ES modules: an import makes
// Node build the module's ES facade, which reads every export, the lazy ones too. node:http's
// WebSocket and friends then load undici (45 ms of the start on Node 24, and 57 ms of the demo
// worker's); node:process, node:fs and node:util cost 4-12 ms each even on Node 20. require()
// reads only what the code uses.
//
// The built-ins are left external and each chunk's `import ... from "node:x"` is rewritten into a
// `require("node:x")` once written (requireBuiltins). A stand-in module per built-in (what this was)
// made a chunk of its own for every built-in that two entry points share, each one more module for
// Node's ES loader to resolve, read and link at start, and esbuild's CommonJS interop copied every
// export of each built-in into an object of getters in every chunk that imported it (node:crypto,
// node:fs: about a hundred each).
export const builtinsByRequire = {
  name: 'builtins-by-require',
  setup(b) {
    b.initialOptions.write = false;
    b.initialOptions.metafile = true;
    b.onResolve({ filter: /^node:/ }, (args) => ({ path: args.path, external: true }));
    b.onEnd((result) => {
      if (result.errors.length > 0) return;
      const outputs = result.metafile?.outputs ?? {};
      for (const file of result.outputFiles ?? []) {
        const meta = Object.entries(outputs).find(([path]) => file.path.endsWith(path.replace(/^(\.\.\/)+/, '/')))?.[1];
        const expected = new Set((meta?.imports ?? []).filter((i) => i.external && i.kind === 'import-statement' && i.path.startsWith('node:')).map((i) => i.path));
        mkdirSync(dirname(file.path), { recursive: true });
        if (!/\.m?js$/.test(file.path)) {
          writeFileSync(file.path, file.contents);
          continue;
        }
        const { code, modules } = requireBuiltins(file.text);
        // The built-ins esbuild says the chunk imports, and nothing else (a string that looks like an import): else no build.
        if ([...expected].sort().join() !== [...modules].sort().join()) {
          throw new Error(`${file.path}: rewrote imports of ${[...modules].join(', ') || 'nothing'}, esbuild wrote imports of ${[...expected].join(', ') || 'nothing'}`);
        }
        writeFileSync(file.path, code);
      }
    });
  },
};

// An import of a built-in as esbuild writes it in a minified chunk (default, namespace, named, or
// both), where a statement starts: at the start, after the banner, a `;`, `}` or a line break.
const BUILTIN_IMPORT =
  /(?<=^|[;}\n])import\s*(?:(\*\s*as\s+[\w$]+)|([\w$]+)\s*,\s*(\{[^}]*\})|([\w$]+)|(\{[^}]*\}))?\s*(?:from\s*)?"(node:[\w/]+)";?/g;
const BANNER_END = 'const require = __cr(import.meta.url);';
/** What every chunk starts with: CommonJS dependencies (signal-exit and a few more) call require(). */
export const BANNER = `import { createRequire as __cr } from 'node:module'; ${BANNER_END}`;

/**
 * @internal Exported for its test (test/package/requireBuiltins.test.ts); the plugin above uses it.
 * A chunk's imports of `node:` built-ins as require() calls (the banner's `require`), moved to its
 * top, where ES imports take effect: `import X from` and `import * as X from` (a built-in's default
 * export is its exports object: the same object), `import {a as b} from`, and a bare `import`.
 */
export function requireBuiltins(code) {
  const requires = [];
  const modules = new Set();
  const names = (clause) => clause.replace(/\s+as\s+/g, ':');
  const rest = code.replace(BUILTIN_IMPORT, (_all, star, both, bothNamed, plain, named, module) => {
    const req = `require(${JSON.stringify(module)})`;
    modules.add(module);
    if (star) requires.push(`var ${star.replace(/^\*\s*as\s+/, '')}=${req};`);
    else if (both) requires.push(`var ${both}=${req},${names(bothNamed)}=${both};`);
    else if (plain) requires.push(`var ${plain}=${req};`);
    else if (named) requires.push(`var ${names(named)}=${req};`);
    else requires.push(`${req};`);
    return '';
  });
  if (requires.length === 0) return { code, modules };
  const at = rest.indexOf(BANNER_END);
  if (at < 0) throw new Error('a chunk without the require banner imports a built-in');
  const split = at + BANNER_END.length;
  return { code: rest.slice(0, split) + '\n' + requires.join('') + rest.slice(split), modules };
}

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
  banner: { js: BANNER },
  logLevel: 'warning',
};

/** The stand-in for what a bundle leaves out (Ink's devtools, zod's translated messages). */
export const DEVTOOLS_STUB = STUB;
