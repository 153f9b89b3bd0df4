// The options the app renders with, in one place so that the benchmark harness renders the same way.
import type { RenderOptions } from 'ink';

export function inkRenderOptions(env: NodeJS.ProcessEnv): RenderOptions {
  return {
    exitOnCtrlC: false,
    patchConsole: false,
    // Ink's default 30 fps cap delays a key's frame by up to 33 ms.
    maxFps: 120,
    // Rewrite only the lines that changed: a cursor move costs two lines, not a whole frame (over
    // SSH every byte counts). Needs the log-update fix in scripts/ink-patches.mjs, which the bundle
    // carries; OIE_INCREMENTAL=0 goes back to whole frames.
    incrementalRendering: env.OIE_INCREMENTAL !== '0',
  };
}
