// Types of ink-patches.mjs, for vitest.config.ts and the tests that read the patch list.
export interface InkPatch {
  file: string;
  why: string;
  /** Whether upstream has it, in one line (the pinned version does not: the patch applies). */
  upstream: string;
  find: string;
  replace: string;
  changesOutput?: boolean;
}
export const INK_PATCHES: InkPatch[];
export function patchInk(path: string, source: string, options?: { outputOnly?: boolean }): string;
export function insideNodeModules(path: string): string;
export const INK_PATCHED_FILES: string[];
export const INK_PATCH_FILTER: RegExp;
export function inkPatchesPlugin(devtoolsStub: string, onPatched?: (file: string) => void): import('esbuild').Plugin;
