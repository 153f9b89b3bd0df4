// Runs before every test file (vitest setupFiles): tells tier.ts which test or file is running, so
// that the helpers starting the CLI or tmux can refuse outside the slow tier.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';
import { isSlowFile, running, SLOW_PROJECT, type Tagged } from './tier.js';

// While the file is collected (code at its top level, a describe's body) there is no task yet: the
// file as vitest will see it, by its place and its module tags.
const path = expect.getState().testPath;
if (path !== undefined) {
  const name = relative(process.cwd(), path);
  const tags = [...readFileSync(path, 'utf8').matchAll(/(?:\/\/|\*)\s*@module-tag\s+([\w\-/]+)\b/g)].map((m) => m[1]!);
  running.file = { name, tags, projectName: isSlowFile(name) ? SLOW_PROJECT : undefined };
}
running.test = undefined;
running.slowTests = inject('slowTests');

declare module 'vitest' {
  export interface ProvidedContext {
    /** Whether the run holds slow tests (buildOnce.ts): else nothing was built. */
    slowTests: boolean;
  }
}

// vitest reads the first parameter's pattern to tell which fixtures a hook uses: none here.
// eslint-disable-next-line no-empty-pattern
beforeAll(({}, file) => {
  running.file = file as Tagged;
});
beforeEach(({ task }) => {
  running.test = task as Tagged;
});
afterEach(() => {
  running.test = undefined;
});
