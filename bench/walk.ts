// Figure 8 (and the walk's half of figure 6): `users --all` over a 200,000-user demo server, in each
// format, paired with a minimal fetch loop that prints the same rows (floors/fetchLoop.mjs), and the
// ndjson walk paired with a node:http keep-alive loop (floors/httpLoop.mjs), time and peak RSS. Wall
// time from spawn to exit, and each process's peak RSS (floors/usage.mjs). The CLI's transport is
// node:http (src/api/transport.ts): the fetch loop is the floor, the node:http loop the
// tighter one.
import { join } from 'node:path';
import { alternate, median, paired, type Result } from './stats.js';
import { CLI, FLOORS, runNode, startDemoProcess, type ProcRun } from './procs.js';

type Format = 'ndjson' | 'csv' | 'json';

export async function walkFigures(quick: boolean): Promise<Result[]> {
  const users = quick ? 2_000 : 200_000;
  const demo = await startDemoProcess(users);
  const label = quick ? '2,000' : '200,000';
  const cli = (format: Format): string[] => [CLI, 'users', '--all', '--base-url', demo.url, '--secret', 'openIM123', '--output', format];
  const fetchLoop = (format: Format): string[] => [join(FLOORS, 'fetchLoop.mjs'), demo.url, format, '--all'];
  const results: Result[] = [];
  const peaks: { a: number[]; b: number[] } = { a: [], b: [] };
  try {
    const plan: Array<[Format, number]> = quick ? [['ndjson', 1], ['csv', 1], ['json', 1]] : [['ndjson', 3], ['csv', 2], ['json', 2]];
    for (const [format, pairs] of plan) {
      const runs: { a: ProcRun[]; b: ProcRun[] } = { a: [], b: [] };
      const timed = await alternate(
        pairs,
        format === 'ndjson' ? 1 : 0,
        async (i) => {
          const r = await runNode(cli(format), { usage: true });
          if (i >= 0) runs.a.push(r);
          return r.wallMs;
        },
        async (i) => {
          const r = await runNode(fetchLoop(format), { usage: true });
          if (i >= 0) runs.b.push(r);
          return r.wallMs;
        },
      );
      results.push(
        paired(8, `users --all -o ${format}, ${label} users`, timed.a.map((ms) => ms / 1000), timed.b.map((ms) => ms / 1000), 's', 'fetch loop', '<= 1.15x', (r) => r <= 1.15,
          `CPU ${(median(runs.a.map((r) => r.cpuMs!)) / 1000).toFixed(1)} s vs ${(median(runs.b.map((r) => r.cpuMs!)) / 1000).toFixed(1)} s`),
      );
      peaks.a.push(...runs.a.map((r) => r.peakMB!));
      peaks.b.push(...runs.b.map((r) => r.peakMB!));
    }
    const httpPeaks: { a: number[]; b: number[] } = { a: [], b: [] };
    const httpCpu: { a: number[]; b: number[] } = { a: [], b: [] };
    const measured = async (args: string[], peaks: number[], cpu: number[]): Promise<number> => {
      const r = await runNode(args, { usage: true });
      peaks.push(r.peakMB!);
      cpu.push(r.cpuMs!);
      return r.wallMs / 1000;
    };
    const http = await alternate(
      quick ? 1 : 5, // five pairs: this row carries the walk's goal
      0,
      () => measured(cli('ndjson'), httpPeaks.a, httpCpu.a),
      () => measured([join(FLOORS, 'httpLoop.mjs'), demo.url, 'ndjson', '--all'], httpPeaks.b, httpCpu.b),
    );
    // CPU beside the wall time: on a loaded machine every CPU second the walk spends is wall time too.
    const cpuNote = `CPU ${(median(httpCpu.a) / 1000).toFixed(1)} s vs ${(median(httpCpu.b) / 1000).toFixed(1)} s`;
    results.push(paired(8, `users --all -o ndjson vs node:http keep-alive`, http.a, http.b, 's', 'node:http loop', '<= 1.2x', (r) => r <= 1.2, `the cheapest client Node has; ${cpuNote}`));
    // The walk keeps two requests in flight and the loop one: with a core to spare the walk's wall
    // time hides part of its CPU; without one, the wall ratio approaches this one.
    results.push(paired(8, `walk CPU vs the node:http loop`, httpCpu.a.map((ms) => ms / 1000), httpCpu.b.map((ms) => ms / 1000), 's', 'node:http loop', '<= 1.2x', (r) => r <= 1.2, 'user + system CPU of each process: what the walk costs beyond the loop, whatever the overlap'));
    results.push(paired(6, `walk of ${label} users: peak RSS`, peaks.a, peaks.b, 'MB', 'fetch loop', '<= 1.1x', (r) => r <= 1.1, 'every format, each run beside its fetch loop'));
    results.push(paired(6, `walk of ${label} users: peak RSS vs the node:http loop`, httpPeaks.a, httpPeaks.b, 'MB', 'node:http loop', '<= 1.1x', (r) => r <= 1.1, 'ndjson, each run beside the loop'));
  } finally {
    await demo.close();
  }
  return results;
}
