// `node --import ./bench/ink-hooks.mjs`: applies scripts/ink-patches.mjs to Ink as it loads, so
// the in-process benchmarks run the same Ink as the bundle (scripts/build.mjs applies them there).
import { register } from 'node:module';

register('./ink-loader.mjs', import.meta.url);
