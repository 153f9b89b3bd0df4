// Config files the tests hand the built app: one home for how a test writes one (readable by its
// owner only, as the app asks of a file that may hold a secret), each a new file in the test's folder.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

let written = 0;

/** Writes `content` as JSON to a new file in `dir` (mode 0600) and returns its path. */
export function writeConfig(dir: string, content: unknown): string {
  const path = join(dir, `config-${++written}.json`);
  writeFileSync(path, JSON.stringify(content), { mode: 0o600 });
  return path;
}
