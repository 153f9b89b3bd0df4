// The fast tier (`npm run test:fast`) runs no CLI and no terminal: the helpers that start either
// refuse outside the slow tier, and a file that starts the built CLI by itself carries the tag.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './runCli.js';
import { startApp } from './tmux.js';
import { assertSlowTier, isSlowFile, SLOW_TAG } from './tier.js';

const ROOT = join(import.meta.dirname, '..', '..');

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [relative(ROOT, path)] : [];
  });
}

/** The code of a file without its comments (a comment may name dist/cli.cjs). */
const code = (text: string): string => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
// Spelled in two parts: the whole would tag this file.
const MODULE_TAG = new RegExp(`^// @${'module'}-tag ${SLOW_TAG}$`, 'm');

describe('the fast tier', () => {
  it('refuses to run the built CLI or a terminal from a test it runs, saying how to move the test', () => {
    const fix = /tier\.test\.ts: "refuses to run the built CLI.*starts the built CLI outside the slow tier.*tags: \['cli'\]/;
    expect(() => runCli(['--version'])).toThrow(fix);
    expect(() => startApp({ args: ['--demo'] })).toThrow(/starts a tmux terminal outside the slow tier/);
  });

  it(`lets a test tagged ${SLOW_TAG} start them`, { tags: [SLOW_TAG] }, () => {
    expect(() => assertSlowTier('the built CLI')).not.toThrow();
  });

  it('holds no file that starts the built CLI by itself (not through runCli or tmux) without the tag', () => {
    const files = [...testFiles(join(ROOT, 'test')), ...testFiles(join(ROOT, 'packages'))];
    const untagged = files.filter((file) => !isSlowFile(file) && untaggedSpawner(readFileSync(join(ROOT, file), 'utf8')));
    expect(untagged).toEqual([]);
    // The check can fail: the scripting commands' own test, which spawns dist/cli.cjs, without its tag.
    const cli = readFileSync(join(ROOT, 'test/commands/cli.test.ts'), 'utf8');
    expect(untaggedSpawner(cli)).toBe(false);
    expect(untaggedSpawner(cli.replace(MODULE_TAG, ''))).toBe(true);
  });
});

/** Whether a test file's code names the built CLI and spawns a process, with no module tag. */
function untaggedSpawner(text: string): boolean {
  const body = code(text);
  return /cli\.cjs|\bCLI(_NODE)?\b/.test(body) && /\b(spawn|spawnSync|execFile|execFileSync|fork|exec)\(/.test(body) && !MODULE_TAG.test(text);
}
