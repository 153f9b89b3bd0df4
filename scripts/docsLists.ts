// `npm run docs:lists`: writes the lists table of the docs from the registry (scripts/listsTable.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { LISTS_TABLE_DOCS, listsTableMarkdown, withListsTable } from './listsTable.js';
import { CLUSTER_FIGURES_DOC, clusterFiguresMarkdown, withClusterFigures } from './clusterFiguresTable.js';

for (const doc of LISTS_TABLE_DOCS) {
  const path = new URL(`../${doc}`, import.meta.url);
  const next = withListsTable(readFileSync(path, 'utf8'), listsTableMarkdown());
  if (next === undefined) {
    process.stderr.write(`${doc} has no lists:begin / lists:end markers\n`);
    process.exit(1);
  }
  writeFileSync(path, next);
}

// The cluster figures' table (what each figure counts, per generation) from src/domain/clusterFigures.ts.
const figures = new URL(`../${CLUSTER_FIGURES_DOC}`, import.meta.url);
const withFigures = withClusterFigures(readFileSync(figures, 'utf8'), clusterFiguresMarkdown());
if (withFigures === undefined) {
  process.stderr.write(`${CLUSTER_FIGURES_DOC} has no cluster-figures:begin / cluster-figures:end markers\n`);
  process.exit(1);
}
writeFileSync(figures, withFigures);

