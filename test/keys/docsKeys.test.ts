// The Keys table (docs/keys.md) is the bindings' own: edited by hand or left behind a change of a key, it fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BINDINGS } from '../../src/keys/bindings.js';
import { KEYS_DOC, KEYS_TABLE_BEGIN, keysTableMarkdown, withKeysTable } from '../../scripts/keysTable.js';

const doc = readFileSync(new URL(`../../${KEYS_DOC}`, import.meta.url), 'utf8');
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('the Keys table', () => {
  it('is what `npm run docs:keys` writes from the bindings (run it after changing a key)', () => {
    expect(withKeysTable(doc, keysTableMarkdown())).toBe(doc);
  });

  it('names every action of the bindings, with its keys', () => {
    const table = keysTableMarkdown();
    for (const binding of BINDINGS) expect(table, binding.action).toContain(`| \`${binding.action}\` |`);
  });

  it('lives in the keys doc, which README links to, not in README', () => {
    expect(readme).not.toContain(KEYS_TABLE_BEGIN);
    expect(readme).toContain(`](${KEYS_DOC}#the-keys-table)`);
  });
});
