// README's Keys table is the bindings' own: edited by hand or left behind a change of a key, it fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BINDINGS } from '../../src/keys/bindings.js';
import { keysTableMarkdown, withKeysTable } from '../../scripts/keysTable.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe("README's Keys table", () => {
  it('is what `npm run docs:keys` writes from the bindings (run it after changing a key)', () => {
    expect(withKeysTable(readme, keysTableMarkdown())).toBe(readme);
  });

  it('names every action of the bindings, with its keys', () => {
    const table = keysTableMarkdown();
    for (const binding of BINDINGS) expect(table, binding.action).toContain(`| \`${binding.action}\` |`);
  });
});
