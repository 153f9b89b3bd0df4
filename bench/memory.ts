// Figure 6, second half: RSS growth across 5,000 pages of 100 users, in a child process (the
// demo server stays in this one, so its garbage is not counted).
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startDemoServer } from '../src/demo/server.js';
import { summarize, type Result } from './stats.js';

interface ChildResult {
  start: number;
  end: number;
  heapStart: number;
  heapEnd: number;
  samples: number[];
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function child(baseUrl: string, pages: number): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', '--import', './bench/ink-hooks.mjs', 'bench/memoryChild.tsx', baseUrl, String(pages)],
      { cwd: ROOT, env: { ...process.env, NODE_ENV: 'production' }, maxBuffer: 1 << 20, timeout: 600_000 },
      (error, stdout) => {
        if (error) return reject(error);
        const line = stdout.trim().split('\n').pop() ?? '';
        resolve(JSON.parse(line) as ChildResult);
      },
    );
  });
}

export async function memoryFigures(quick: boolean): Promise<Result[]> {
  const pages = quick ? 300 : 5000;
  const runs = quick ? 1 : 3;
  const demo = await startDemoServer({ users: 1_000_000 });
  const growth: number[] = [];
  const heapGrowth: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const r = await child(demo.url, pages);
      growth.push(r.end - r.start);
      heapGrowth.push(r.heapEnd - r.heapStart);
    }
  } finally {
    await demo.close();
  }
  return [
    summarize(6, `RSS growth across ${pages.toLocaleString('en')} pages of 100 users`, growth, 'MB', '< 20 MB', (v) => v < 20, 'in-process app, after global.gc(), warmed up by 100 pages'),
    summarize(6, 'JS heap growth across the same pages', heapGrowth, 'MB', '', undefined),
  ];
}
