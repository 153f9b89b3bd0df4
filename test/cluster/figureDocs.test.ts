// What each cluster figure counts, per server generation, is written in docs/what-it-shows.md from
// the one table of figures: the doc holds that table whole (`npm run docs:lists`
// writes it after a figure changes), and README names the figures that mislead.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { clusterFiguresMarkdown } from '../../scripts/clusterFiguresTable.js';
import { CLUSTER_FIGURES } from '../../src/domain/clusterFigures.js';

const doc = readFileSync(new URL('../../docs/what-it-shows.md', import.meta.url), 'utf8');
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('the cluster figures in the docs', () => {
  it("docs/what-it-shows.md holds the figures' table as the code writes it", () => {
    const section = /<!-- cluster-figures:begin -->\n([\s\S]*?)\n<!-- cluster-figures:end -->/.exec(doc)?.[1];
    expect(section).toBe(clusterFiguresMarkdown());
  });

  it('every figure says what it counts on the release, and on main where it differs', () => {
    for (const figure of CLUSTER_FIGURES) {
      expect(figure.release.length).toBeGreaterThan(20);
      for (const metric of figure.metrics) expect(doc).toContain(`\`${metric}\``);
    }
  });

  it('README says what online users, user_login_total and the Redis counters really are', () => {
    expect(readme).toMatch(/online users = the gateways' sum/);
    expect(readme).toMatch(/`user_login_total` counts admin tokens, not logins/);
    expect(readme).toMatch(/`msg_insert_redis_\*` is never counted/);
  });
});
