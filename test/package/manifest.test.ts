// package.json and package-lock.json agree, and `npm start` (README's first command) runs the bin:
// a lock whose root entry differs from package.json is rewritten by `npm install`, leaving a fresh
// clone dirty; `node dist/cli.js` would skip the bin's SIGUSR1 guard (src/boot/bin.ts).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const read = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../${name}`, import.meta.url)), 'utf8')) as Record<string, unknown>;
const pkg = read('package.json') as { bin: Record<string, string>; scripts: Record<string, string> } & Record<string, unknown>;
const lock = read('package-lock.json') as { packages: Record<string, Record<string, unknown>> };

describe('the package manifest', () => {
  it('npm start runs the bin, as an installed openim-explorer does', () => {
    const bin = pkg.bin['openim-explorer'] ?? '';
    expect(bin).toBe('dist/cli.cjs');
    expect(pkg.scripts.start).toMatch(new RegExp(`(^|&& )node ${bin.replace('.', '\\.')} --demo$`));
  });

  it("the lock's root entry says what package.json says, so npm install leaves it as it is", () => {
    const root = lock.packages[''];
    for (const field of ['name', 'version', 'license', 'bin', 'workspaces', 'engines', 'devDependencies', 'dependencies']) {
      expect.soft(root?.[field], field).toEqual(pkg[field]);
    }
  });
});
