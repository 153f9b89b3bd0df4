// The two tiers of the suite, as data (vitest.config.ts reads them): the slow one runs the built CLI
// (dist/cli.cjs) or a tmux terminal, the fast one (`npm run test:fast`) everything else. A test is
// slow by where it is (SLOW_FILES: test/e2e/, *.e2e.test.*) or by its tag (SLOW_TAG on a test, a
// describe, or a whole file with `// @module-tag cli`). The helpers that start the CLI or a terminal
// (runCli.ts, tmux.ts) ask `assertSlowTier` first: a test that would spawn either outside the slow
// tier fails, saying how to move it, in every run (the full suite's too), so the tier cannot drift.

/** The folder and the name of the files that are slow, wholly: vitest's project `e2e`. */
const SLOW_FOLDER = 'test/e2e/';
const SLOW_NAME = '.e2e.test.';
export const SLOW_FILES = [`${SLOW_FOLDER}**/*.test.{ts,tsx}`, `test/**/*${SLOW_NAME}{ts,tsx}`];

/** Whether a test file (its path from the repository's root) is one of SLOW_FILES. */
export function isSlowFile(path: string): boolean {
  return path.startsWith(SLOW_FOLDER) || path.includes(SLOW_NAME);
}

/** The project of SLOW_FILES. */
export const SLOW_PROJECT = 'e2e';
/** The tag of a slow test in any other file. */
export const SLOW_TAG = 'cli';

/**
 * The fast files share a worker's loaded modules (vitest's isolate: false, half the CPU of the
 * tier: each file no longer loads React, Ink and the app again). A file that needs modules of its
 * own (it mocks one, or imports one after setting the environment it reads at load) runs isolated
 * in the project FAST_ISOLATED, found by its code, never by a list.
 */
export const FAST_PROJECT = 'unit';
export const FAST_ISOLATED = 'unit-isolated';

/** Whether a test file's code needs modules of its own (FAST_ISOLATED). */
export function needsOwnModules(code: string): boolean {
  // setFlagsFromString changes the V8 of the whole worker (and a heap measure wants no other
  // file's caches in it): such a file has a worker of its own too.
  return /\bvi\.(do)?[mM]ock\(|\bawait import\(|\bsetFlagsFromString\(/.test(code);
}

/** A test or a test file as vitest describes it: enough to say its tier. */
export interface Tagged {
  readonly name: string;
  readonly tags?: readonly string[];
  readonly file?: { readonly projectName?: string | undefined; readonly name: string };
  readonly projectName?: string | undefined;
}

/**
 * What runs now, kept by the setup file tierSetup.ts (a helper called from a file's beforeAll has no
 * test: the file, with its module tags, stands for it). Nothing imports vitest here: the bench drives
 * tmux through these helpers outside any test, where there is no tier to keep.
 */
export const running: { test?: Tagged | undefined; file?: Tagged | undefined; slowTests?: boolean } = ((globalThis as { __oieTier?: object }).__oieTier ??= {});

function isSlow(task: Tagged): boolean {
  const project = task.file?.projectName ?? task.projectName;
  return project === SLOW_PROJECT || (task.tags ?? []).includes(SLOW_TAG);
}

/**
 * Whether what runs now may start the CLI or tmux. A file's beforeAll that checks for them
 * (assertBuilt, assertTmux) checks only then: in a file whose slow tests are tagged one by one, the
 * fast tier runs the others with nothing built.
 */
export function inSlowTier(): boolean {
  if (running.slowTests === false) return false; // a run of the fast tier: nothing was built
  const task = running.test ?? running.file;
  return task === undefined || isSlow(task);
}

/** Throws unless the test running now belongs to the slow tier; `what` is what it was about to start. */
export function assertSlowTier(what: string): void {
  const task = running.test ?? running.file;
  if (task === undefined || isSlow(task)) return; // undefined: outside vitest (the bench), no tier to keep
  const where = task.file?.name ?? task.name;
  throw new Error(
    `${where}: "${task.name}" starts ${what} outside the slow tier, so \`npm run test:fast\` would run it. ` +
      `Tag it (\`describe(name, { tags: ['${SLOW_TAG}'] }, ...)\`, or \`// @module-tag ${SLOW_TAG}\` for the whole file), ` +
      'or move it to test/e2e/ or a *.e2e.test.ts file.',
  );
}
