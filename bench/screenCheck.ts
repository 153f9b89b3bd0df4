// Figure 3's correctness side: incremental rendering (the default) must leave the same screen as
// whole-frame rendering. The bundled CLI runs twice in tmux (the tests' driver), side by side,
// gets the same keys and resizes, and after each the two panes must come to the same screen. No
// fixed sleeps: after each step the check polls until both panes are equal and have stopped
// changing, and counts a difference only when that has not happened within a deadline.
import { startApp, type App } from '../test/support/tmux.js';
import { counted, type Result } from './stats.js';

const KEYS = ['j', 'j', 'j', 'n', 'j', 'Enter', 'j', 'd', 'J', 'Tab', 'j', 'Escape', 'Escape', '?', '?', 'a', 'j', 'q', 'G', 'n', 'p', '+', 'j'];
const POLL_MS = 50;
const SETTLE_MS = 5_000;

function normalize(screen: string): string {
  // The two demo servers listen on different ports.
  return screen.replace(/127\.0\.0\.1:\d+/g, 'HOST');
}

/** True once both panes show the same screen twice in a row; false at the deadline. */
async function sameScreen(panes: readonly App[]): Promise<boolean> {
  const deadline = Date.now() + SETTLE_MS;
  let previous = '';
  for (;;) {
    const [a, b] = panes.map((p) => normalize(p.screen()));
    const both = `${a}\u0000${b}`;
    if (a === b && both === previous) return true;
    previous = both;
    if (Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

export async function screenCheckFigures(quick: boolean): Promise<Result[]> {
  const sizes: Array<[number, number]> = quick ? [[80, 24]] : [[80, 24], [200, 50], [120, 40]];
  let compared = 0;
  let differing = 0;
  const details: string[] = [];
  for (const [cols, rows] of sizes) {
    // One clock for both demos: each computes its data back from its own start otherwise, and
    // the two panes would show times a few milliseconds apart.
    const now = String(Date.now());
    const panes = ['1', '0'].map((mode) => startApp({ cols, rows, args: ['--demo', '--still'], env: { OIE_INCREMENTAL: mode, OIE_DEMO_NOW: now } }));
    try {
      for (const p of panes) await p.waitFor('user_000001', 20_000);
      const step = async (what: string, act: (p: App) => void): Promise<void> => {
        for (const p of panes) act(p);
        compared++;
        if (!(await sameScreen(panes))) {
          differing++;
          if (details.length < 3) details.push(`${cols}x${rows} after ${what}`);
        }
      };
      await step('start', () => undefined);
      for (const key of KEYS) await step(key, (p) => p.send(key));
      if (!quick) {
        for (const [c, r] of [[cols + 20, rows + 6], [Math.max(60, cols - 30), Math.max(16, rows - 8)]] as const) {
          await step(`resize ${c}x${r}`, (p) => p.resize(c, r));
          await step(`j after resize ${c}x${r}`, (p) => p.send('j'));
        }
      }
    } finally {
      for (const p of panes) p.kill();
    }
  }
  return [
    counted(3, 'tmux screens differing, incremental vs whole frames', [differing], '', '0', (v) => v === 0, `${compared} screens compared${details.length ? ': ' + details.join('; ') : ''}`),
  ];
}
