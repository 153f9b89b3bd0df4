// Issue 49's doctor figure (12): `doctor --users N --all` over a demo server of N users (10,000; quick:
// 200), paired with a node:http loop making the same requests under the same bound of 8 in flight
// (floors/doctorLoop.mjs), wall and CPU (user + system) of each process, as ratios. The demo is a
// process of its own (procs.ts), so both sides wait on the same server.
import { join } from 'node:path';
import { alternate, paired, type Result } from './stats.js';
import { CLI, FLOORS, runNode, startDemoProcess } from './procs.js';

export async function doctorFigures(quick: boolean): Promise<Result[]> {
  const users = quick ? 200 : 10_000;
  const label = users.toLocaleString('en-US');
  const demo = await startDemoProcess(users);
  const cpu = { a: [] as number[], b: [] as number[] };
  try {
    const cli = [CLI, 'doctor', '--users', String(users), '--all', '--base-url', demo.url, '--secret', 'openIM123', '--output', 'ndjson'];
    const loop = [join(FLOORS, 'doctorLoop.mjs'), demo.url, String(users)];
    const timed = await alternate(
      quick ? 1 : 2,
      0,
      async () => {
        const r = await runNode(cli, { usage: true });
        cpu.a.push(r.cpuMs! / 1000);
        return r.wallMs / 1000;
      },
      async () => {
        const r = await runNode(loop, { usage: true });
        cpu.b.push(r.cpuMs! / 1000);
        return r.wallMs / 1000;
      },
    );
    return [
      paired(12, `doctor walk of ${label} users vs node:http loop`, timed.a, timed.b, 's', 'node:http loop', '<= 1.2x', (r) => r <= 1.2, 'wall: the same requests, 8 in flight each'),
      paired(12, `doctor walk CPU vs the node:http loop`, cpu.a, cpu.b, 's', 'node:http loop', '<= 1.2x', (r) => r <= 1.2, "user + system CPU: the replies' checks (zod, the int64-safe parse) against JSON.parse alone"),
    ];
  } finally {
    await demo.close();
  }
}
