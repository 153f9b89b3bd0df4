// Preloaded (node --import) into both sides of a process figure: at exit, writes the process's
// peak resident set and CPU time to the file named by OIE_BENCH_USAGE, from Node's own
// process.resourceUsage() (getrusage), so that no external tool is needed.
import { writeFileSync } from 'node:fs';

const file = process.env.OIE_BENCH_USAGE;
if (file) {
  process.on('exit', () => {
    const u = process.resourceUsage();
    writeFileSync(file, JSON.stringify({ maxRssKB: u.maxRSS, cpuUs: u.userCPUTime + u.systemCPUTime }));
  });
}
