// `npm run docs:keys`: writes docs/keys.md's Keys table from the bindings (scripts/keysTable.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { KEYS_DOC, keysTableMarkdown, withKeysTable } from './keysTable.js';

const path = new URL(`../${KEYS_DOC}`, import.meta.url);
const next = withKeysTable(readFileSync(path, 'utf8'), keysTableMarkdown());
if (next === undefined) {
  process.stderr.write(`${KEYS_DOC} has no keys:begin / keys:end markers\n`);
  process.exit(1);
}
writeFileSync(path, next);
