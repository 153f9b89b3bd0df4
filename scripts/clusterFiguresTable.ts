// The cluster figures' table of docs/what-it-shows.md, written from the one table of them
// (src/domain/clusterFigures.ts) by `npm run docs:lists`; test/cluster/figureDocs.test.ts holds
// the doc to it, so the doc cannot drift from the screen.
import { CLUSTER_FIGURES } from '../src/domain/clusterFigures.js';

export const CLUSTER_FIGURES_DOC = 'docs/what-it-shows.md';
const BEGIN = '<!-- cluster-figures:begin -->';
const END = '<!-- cluster-figures:end -->';

const cell = (text: string): string => text.replace(/\|/g, '\\|');

export function clusterFiguresMarkdown(): string {
  const rows = CLUSTER_FIGURES.map((f) => {
    const metrics = f.metrics.map((m) => `\`${m}\``).join(', ') + (f.byLabel ? ` by \`${f.byLabel}\`` : '');
    const shown = f.declaredOnly ? 'never shown as a count' : f.type === 'gauge' ? 'summed now' : 'summed, per minute';
    return `| ${f.label} | ${metrics} | ${f.services.join(', ')} | ${shown} | ${cell(f.release)} | ${cell(f.main ?? 'the same')} |`;
  });
  return ['| figure | metric | summed over | shown | release (v3.8.3-patch.16) | main |', '|---|---|---|---|---|---|', ...rows].join('\n');
}

/** `doc` with its figures' table replaced, or undefined without the markers. */
export function withClusterFigures(doc: string, table: string): string | undefined {
  const start = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) return undefined;
  return `${doc.slice(0, start + BEGIN.length)}\n${table}\n${doc.slice(end)}`;
}
