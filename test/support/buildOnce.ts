// Builds dist/cli.cjs once, before any test file runs. The end-to-end, package and scripting tests
// run the built CLI; no test builds it, so none rebuilds it while another one runs it.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function buildOnce(): void {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
}
