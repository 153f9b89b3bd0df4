// `npm run bench [-- --quick] [-- --only=1,8]`: the figures of issues 5 and 17 against the demo
// server on loopback. Every timed figure is a ratio to its floor measured side by side in the same
// run (stats.ts). Prints one table and writes it, with the machine it ran on, to bench/results.json.
//
// Harnesses: in-process (figures 1, 3's bytes, 4, 5: the real <App/> and store rendered by Ink with
// the app's render options into a fake 200x50 TTY that timestamps writes, paired with Ink alone);
// whole processes (2, 6, 7, 8: dist/ on a pseudo-terminal through util-linux `script`, or with its
// output thrown away, paired with node -e 0 or a minimal fetch loop); tmux (3's screen check, with
// the tests' driver). --quick (under a minute) only proves that every harness works: it never
// fails on numbers.
import { execFileSync } from 'node:child_process';
import { register } from 'node:module';
import { writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

// React's production build, as in the bundle (the development build doubles render times). Set
// before anything imports React.
process.env.NODE_ENV = 'production';
// Ink goes non-interactive under CI: the harnesses need it interactive.
delete process.env.CI;
// The same patches to Ink and string-width as the bundle (scripts/ink-patches.mjs).
register('./ink-loader.mjs', import.meta.url);
// Each in-process app leaves a process 'beforeExit' listener behind (Ink); a dozen are mounted here.
process.setMaxListeners(50);
// The in-process apps run with the explorer's garbage collector settings, as the CLI does (no bin
// here: no code cache to take first).
const { NO_BOOT } = await import('../src/config/boot.js');
(await import('../src/explorer/heap.js')).tuneHeapForExplorer(NO_BOOT.settled('explorer'));

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args.find((a) => a.startsWith('--only='))?.slice(7).split(',').map(Number);

const { formatTable } = await import('./stats.js');
const { cleanScratch } = await import('./procs.js');
type Result = import('./stats.js').Result;

/**
 * The figures, in the order they run: [groups, name, harness]. A new figure is a file of its own
 * and one line here (the live view's figure has its own file and group number).
 */
const figures: Array<[number[], string, () => Promise<Result[]>]> = [
  [[1, 3], 'key and data to frame, frame size', async () => (await import('./interactive.js')).interactiveFigures(quick)],
  [[3], 'screen check (tmux)', async () => (await import('./screenCheck.js')).screenCheckFigures(quick)],
  [[2, 6], 'start-up, RSS at start', async () => (await import('./startup.js')).startupFigures(quick)],
  [[4], 'paging at scale', async () => (await import('./paging.js')).pagingFigures(quick)],
  [[4], 'message search at scale', async () => (await import('./paging.js')).searchFigures(quick)],
  [[5], 'held key against a slow server', async () => (await import('./paging.js')).disciplineFigures(quick)],
  [[6], 'memory across never-seen pages', async () => (await import('./memory.js')).memoryFigures(quick)],
  [[8, 6], 'scripting walk', async () => (await import('./walk.js')).walkFigures(quick)],
  [[7], 'install footprint', async () => (await import('./footprint.js')).footprintFigures(quick)],
  [[9], 'live view cost', async () => (await import('./live.js')).liveFigures(quick)],
  [[10], 'history and groups pages at scale', async () => (await import('./messagePages.js')).messagePageFigures(quick)],
  [[11], 'delivery trace', async () => (await import('./trace.js')).traceFigures(quick)],
  [[12], "the doctor's walk of many users", async () => (await import('./doctor.js')).doctorFigures(quick)],
  [[13], 'the pulse against a users page', async () => (await import('./pulse.js')).pulseFigures(quick)],
];

const load = (): string => loadavg().map((n) => n.toFixed(2)).join(' ');
const machine = {
  cpu: cpus()[0]?.model ?? 'unknown',
  cores: availableParallelism(),
  // The Node of the process figures (OIE_BENCH_NODE); the in-process ones run on this one.
  node: process.env.OIE_BENCH_NODE ? execFileSync(process.env.OIE_BENCH_NODE, ['--version'], { encoding: 'utf8' }).trim() : process.version,
  loadAtStart: load(),
  loadAtEnd: '',
};
const results: Result[] = [];
const failures: string[] = [];
const timings: Record<string, number> = {};
const started = Date.now();
const { removeCodeCache, warmCodeCache } = await import('./codeCache.js');
await warmCodeCache();
for (const [groups, name, run] of figures) {
  if (only && !groups.some((g) => only.includes(g))) continue;
  process.stderr.write(`bench: ${name}...\n`);
  const t0 = Date.now();
  try {
    results.push(...(await run()));
  } catch (error) {
    failures.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
  timings[name] = Math.round((Date.now() - t0) / 1000);
}
cleanScratch();
removeCodeCache();
results.sort((a, b) => a.group - b.group);
// A quick run proves the harnesses work; its few samples on a busy machine judge nothing.
if (quick) for (const r of results) delete r.pass;
machine.loadAtEnd = load();

const table = formatTable(results);
process.stdout.write(`\n${table}\n\n`);
for (const r of results.filter((r) => r.note)) process.stdout.write(`  ${r.group} ${r.figure}: ${r.note}\n`);
const seconds = Math.round((Date.now() - started) / 1000);
const line = `${machine.cpu} x${machine.cores}, node ${machine.node}, load average ${machine.loadAtStart} at start, ${machine.loadAtEnd} at end`;
process.stdout.write(`\n${quick ? 'quick run (numbers are not judged)' : 'full run'}, ${seconds} s, ${line}\n`);

const out = fileURLToPath(new URL('./results.json', import.meta.url));
// The app's caches as the in-process harnesses left them (src/domain/caches.ts): hits, misses, evictions by name.
const { cacheCounts } = await import('../src/domain/caches.js');
const caches = cacheCounts();
for (const c of caches) process.stdout.write(`  cache ${c.name}: ${c.hits} hits, ${c.misses} misses, ${c.evictions} evicted (at most ${c.capacity})\n`);
writeFileSync(out, JSON.stringify({ date: new Date().toISOString(), quick, machine, seconds, timings, results, failures, caches }, null, 2) + '\n');

if (failures.length > 0) {
  process.stderr.write(`\nbench: a harness failed:\n  ${failures.join('\n  ')}\n`);
  process.exitCode = 1;
}
// The in-process apps leave Ink's stdin listeners and timers behind: end here.
process.exit();
