// `npm run docs:keys`: writes README's Keys table from the bindings (src/keys/keysTable.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { keysTableMarkdown, withKeysTable } from './keysTable.js';

const path = new URL('../README.md', import.meta.url);
const next = withKeysTable(readFileSync(path, 'utf8'), keysTableMarkdown());
if (next === undefined) {
  process.stderr.write('README.md has no keys:begin / keys:end markers\n');
  process.exit(1);
}
writeFileSync(path, next);
