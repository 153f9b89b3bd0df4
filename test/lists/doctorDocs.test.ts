// The doctor's docs iterate its checks: docs/what-it-shows.md has one row per check of CHECKS
// (its ID, whom it is of, its name, what it reads, why it matters, the upstream issue, the fix),
// written from the definition, and no row of a check that is gone.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHECKS } from '../../src/lists/doctorChecks.js';

const doc = readFileSync(new URL('../../docs/what-it-shows.md', import.meta.url), 'utf8');
const section = doc.slice(doc.indexOf('## The doctor (issue 49)'));

describe("the doctor's checks in docs/what-it-shows.md", () => {
  it.each(CHECKS.map((c) => [c.id, c] as const))('%s has its row, as the definition says it', (_id, c) => {
    const row = `| \`${c.id}\` | ${c.subject} | ${c.title} | ${c.reads} | ${c.why} | ${c.upstream.join(', ') || '—'} | ${'fixed' in c ? c.fixed : 'no fix known'} |`;
    expect(section).toContain(row);
  });

  it('has no row of a check that is not defined', () => {
    const ids = [...section.matchAll(/^\| `([a-z-]+)` \|/gm)].map((m) => m[1]);
    expect(ids).toEqual(CHECKS.map((c) => c.id));
  });
});
