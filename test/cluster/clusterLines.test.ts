// The cluster's lines: within the width at any size, ASCII only with the ASCII glyphs, a hostile
// label value sanitised, the restart mark and its legend, the discovery-less words whole.
import { describe, expect, it, onTestFinished } from 'vitest';
import { CLUSTER_SERVICES } from '../../src/api/clusterGet.js';
import { clusterLines } from '../../src/data/clusterLines.js';
import { instanceValues } from '../../src/domain/clusterFigures.js';
import { addSample, type ClusterSample, type InstanceSample } from '../../src/domain/clusterRates.js';
import { parseExposition } from '../../src/domain/exposition.js';
import { ASCII_GLYPHS, setAsciiMode, UNICODE_GLYPHS } from '../../src/terminal/glyphs.js';

const instance = (service: InstanceSample['service'], address: string, page: string): InstanceSample => ({
  service,
  address,
  up: true,
  ...instanceValues(parseExposition(page).samples),
  skipped: 0,
  truncated: false,
});
const listed = CLUSTER_SERVICES.map((service) => ({ service, discovery: 'listed' as const, refused: 0, cut: 0 }));
const sample = (at: number, mongo: number): ClusterSample => ({
  at,
  services: listed,
  source: 'discovery',
  instances: [
    instance('msg_gateway', '10.0.0.1:12140', 'online_user_num 12'),
    instance('api', '10.0.0.2:12002', 'api_count{code="\u001b[2J0\u0007",path="/x",method="POST"} 5'),
    instance('msg_transfer', '10.0.0.3:12020', `msg_insert_mongo_success_total ${mongo}`),
    { service: 'push', address: '10.0.0.4:12170', up: false, reason: 'no answer within 5 s', values: {}, split: {}, skipped: 0, truncated: false },
  ],
});

describe('the cluster lines', () => {
  const a = sample(0, 100);
  const b = sample(15_000, 4);
  const series = addSample(addSample(undefined, a, undefined), b, a);

  it('fit the width, and are ASCII with the ASCII glyphs', () => {
    // As --ascii sets it at start: the sanitiser's replacement mark too.
    setAsciiMode(true);
    onTestFinished(() => setAsciiMode(false));
    for (const width of [40, 80, 120]) {
      const lines = clusterLines(b, series, width, ASCII_GLYPHS, 15_000);
      for (const line of lines) expect(line.length).toBeLessThanOrEqual(width);
      expect(lines.join('\n')).toMatch(/^[\x20-\x7e\n]*$/);
    }
  });

  it('mark a restart and say what it means; show the down instance and a gateway\'s own count', () => {
    const text = clusterLines(b, series, 120, UNICODE_GLYPHS, 15_000).join('\n');
    expect(text).toMatch(/^Mongo inserts +4 +16\.0↺/m);
    expect(text).toMatch(/↺ an instance restarted/);
    expect(text).toMatch(/10\.0\.0\.4:12170 +unreachable: no answer within 5 s/);
    expect(text).toMatch(/10\.0\.0\.1:12140 +up, 12 online/);
    expect(text).not.toMatch(/\u001b|\u0007/);
  });

  it('say whole, at 80 columns, what to do when discovery lists nothing', () => {
    const none: ClusterSample = { at: 0, services: listed.map((s) => ({ ...s, discovery: 'empty' as const })), instances: [], source: 'none' };
    const lines = clusterLines(none, addSample(undefined, none, undefined), 80, UNICODE_GLYPHS, 15_000);
    const words = lines.join(' ').replace(/\s+/g, ' ');
    expect(words).toContain('answered [] for every service');
    expect(words).toContain('--metrics host:port,...');
    expect(words).toContain('autoSetPorts: false');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
  });
});
