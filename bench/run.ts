// `npm run bench [-- --quick] [-- --only=1,3]`: the figures of issue 5 against the embedded demo
// server on loopback. Prints one table and writes it as JSON to bench/results.json.
//
// Harnesses: figures 1, 3 (bytes), 4, 5 and 6 (growth) run the real app in-process (<App/> and
// the store, rendered by Ink with the app's render options into a fake TTY that timestamps
// writes); figures 2 and 6 (RSS at start) run the bundled dist/cli.js on a pseudo-terminal
// (util-linux `script`); figure 3's screen check runs dist/cli.js in tmux; figure 7 packs and
// installs the package offline. --quick (under a minute) only checks that every harness still
// works: it never fails on numbers.
import { register } from 'node:module';
import { writeFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { fileURLToPath } from 'node:url';

// React's production build, as in the bundle (the development build doubles render times). Set
// before anything imports React.
process.env.NODE_ENV = 'production';
// Ink goes non-interactive under CI: the harnesses need it interactive.
delete process.env.CI;
// The same Ink patches as the bundle (scripts/ink-patches.mjs).
register('./ink-loader.mjs', import.meta.url);
// Each in-process app leaves a process 'beforeExit' listener behind (Ink); a dozen are mounted here.
process.setMaxListeners(50);

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args.find((a) => a.startsWith('--only='))?.slice(7).split(',').map(Number);

const { formatTable } = await import('./stats.js');
type Result = import('./stats.js').Result;

const figures: Array<[number[], string, () => Promise<Result[]>]> = [
  [[1, 3], 'key to frame, frame size', async () => (await import('./interactive.js')).interactiveFigures(quick)],
  [[3], 'screen check (tmux)', async () => (await import('./screenCheck.js')).screenCheckFigures(quick)],
  [[2, 6], 'start to first data, RSS at start', async () => (await import('./startup.js')).startupFigures(quick)],
  [[4], 'paging at scale', async () => (await import('./paging.js')).pagingFigures(quick)],
  [[5], 'request discipline', async () => (await import('./paging.js')).disciplineFigures(quick)],
  [[6], 'memory across pages', async () => (await import('./memory.js')).memoryFigures(quick)],
  [[7], 'install footprint', async () => (await import('./footprint.js')).footprintFigures(quick)],
  [[8], 'live view cost', async () => (await import('./live.js')).liveFigures(quick)],
];

const results: Result[] = [];
const failures: string[] = [];
const started = Date.now();
for (const [groups, name, run] of figures) {
  if (only && !groups.some((g) => only.includes(g))) continue;
  process.stderr.write(`bench: ${name}...\n`);
  try {
    results.push(...(await run()));
  } catch (error) {
    failures.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
results.sort((a, b) => a.group - b.group);

const table = formatTable(results);
process.stdout.write(`\n${table}\n\n`);
for (const r of results.filter((r) => r.note)) process.stdout.write(`  ${r.group} ${r.figure}: ${r.note}\n`);
const seconds = Math.round((Date.now() - started) / 1000);
const machine = `${cpus()[0]?.model ?? 'cpu'} x${availableParallelism()}, node ${process.version}`;
process.stdout.write(`\n${quick ? 'quick run (numbers are not judged)' : 'full run'}, ${seconds} s, ${machine}\n`);

const out = fileURLToPath(new URL('./results.json', import.meta.url));
writeFileSync(out, JSON.stringify({ date: new Date().toISOString(), quick, machine, seconds, results, failures }, null, 2) + '\n');

if (failures.length > 0) {
  process.stderr.write(`\nbench: a harness failed:\n  ${failures.join('\n  ')}\n`);
  process.exitCode = 1;
}
// The in-process apps leave Ink's stdin listeners and timers behind: end here.
process.exit();
