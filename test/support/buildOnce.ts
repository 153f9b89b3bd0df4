// Builds dist/cli.cjs once, before any test file runs. The end-to-end, package and scripting tests
// run the built CLI; no test builds it, so none rebuilds it while another one runs it. Each vitest
// project runs its global setup: the build is done once a run. The fast tier (the fast projects
// without the tests tagged SLOW_TAG, test/support/tier.ts) runs no CLI and builds nothing.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { SLOW_PROJECT, SLOW_TAG } from './tier.js';

export default function buildOnce(project: TestProject): void {
  const slowProject = project.vitest.projects.some((p) => p.name === SLOW_PROJECT);
  const slowTests = slowProject || !(project.globalConfig.tagsFilter ?? []).includes(`!${SLOW_TAG}`);
  // Read by tierSetup.ts: a run without slow tests checks for no dist/ (a slow file's top level
  // still runs as it is collected, though its tests are filtered out).
  project.provide('slowTests', slowTests);
  const once = globalThis as { __oieBuilt?: boolean };
  if (!slowTests || once.__oieBuilt) return;
  once.__oieBuilt = true;
  const root = fileURLToPath(new URL('../..', import.meta.url));
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
}
