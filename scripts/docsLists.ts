// `npm run docs:lists`: writes the lists table of the docs from the registry (scripts/listsTable.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { LISTS_TABLE_DOCS, listsTableMarkdown, withListsTable } from './listsTable.js';

for (const doc of LISTS_TABLE_DOCS) {
  const path = new URL(`../${doc}`, import.meta.url);
  const next = withListsTable(readFileSync(path, 'utf8'), listsTableMarkdown());
  if (next === undefined) {
    process.stderr.write(`${doc} has no lists:begin / lists:end markers\n`);
    process.exit(1);
  }
  writeFileSync(path, next);
}
