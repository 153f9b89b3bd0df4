// Types of bundleOptions.mjs, for the bench's floor that is bundled as the CLI is.
import type { BuildOptions, Plugin } from 'esbuild';
export const builtinsByRequire: Plugin;
export const ESM_BUNDLE: BuildOptions;
export const DEVTOOLS_STUB: string;
/** @internal Exported for test/package/requireBuiltins.test.ts. */
export function requireBuiltins(code: string): { code: string; modules: Set<string> };
/** What every ES module bundle starts with: the `require` its CommonJS dependencies call. */
export const BANNER: string;
