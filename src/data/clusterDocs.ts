// The figures' table of docs/what-it-shows.md, written from the one table of them
// (domain/clusterFigures.ts): a test holds the doc to it, so the doc cannot drift from the screen.
import { CLUSTER_FIGURES } from '../domain/clusterFigures.js';

const cell = (text: string): string => text.replace(/\|/g, '\\|');

/** @internal Read by its test (test/cluster/figureDocs.test.ts), which holds the doc to it. */
export function clusterFiguresMarkdown(): string {
  const rows = CLUSTER_FIGURES.map((f) => {
    const metrics = f.metrics.map((m) => `\`${m}\``).join(', ') + (f.byLabel ? ` by \`${f.byLabel}\`` : '');
    const shown = f.declaredOnly ? 'never shown as a count' : f.type === 'gauge' ? 'summed now' : 'summed, per minute';
    return `| ${f.label} | ${metrics} | ${f.services.join(', ')} | ${shown} | ${cell(f.release)} | ${cell(f.main ?? 'the same')} |`;
  });
  return ['| figure | metric | summed over | shown | release (v3.8.3-patch.16) | main |', '|---|---|---|---|---|---|', ...rows].join('\n');
}
