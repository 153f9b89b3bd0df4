// Figure 3's correctness side: incremental rendering (the default) must leave the same screen
// as whole-frame rendering. The bundled CLI runs twice in tmux, side by side, gets the same keys,
// and the panes are compared, at 80x24 and 200x50, and across resizes.
import { sleep } from './harness.js';
import { summarize, type Result } from './stats.js';
import { CLI, tmux } from './terminal.js';

const KEYS = ['j', 'j', 'j', 'n', 'j', 'Enter', 'j', 'd', 'J', 'Tab', 'j', 'Escape', 'Escape', '?', '?', 'a', 'j', 'q', 'G', 'n', 'p', '+', 'j'];

function normalize(screen: string): string {
  // The demo server's port differs between the two panes.
  return screen.replace(/127\.0\.0\.1:\d+/g, 'HOST');
}

export async function screenCheckFigures(quick: boolean): Promise<Result[]> {
  if (!tmux.available()) return [];
  const sizes: Array<[number, number]> = quick ? [[80, 24]] : [[80, 24], [200, 50], [120, 40]];
  let compared = 0;
  let differing = 0;
  const details: string[] = [];
  try {
    for (const [cols, rows] of sizes) {
      for (const mode of ['1', '0']) {
        tmux.start(`inc${mode}-${cols}`, cols, rows, `env -u CI OIE_INCREMENTAL=${mode} ${process.execPath} ${CLI} --demo --still`);
      }
      const panes = [`inc1-${cols}`, `inc0-${cols}`];
      const compare = async (step: string): Promise<void> => {
        await sleep(250);
        const [a, b] = panes.map((p) => normalize(tmux.capture(p)));
        compared++;
        if (a !== b) {
          differing++;
          if (details.length < 3) details.push(`${cols}x${rows} after ${step}`);
        }
      };
      await sleep(1500);
      await compare('start');
      for (const key of KEYS) {
        for (const p of panes) tmux.run('send-keys', '-t', p, key);
        await compare(key);
      }
      if (!quick) {
        for (const [c, r] of [[cols + 20, rows + 6], [Math.max(60, cols - 30), Math.max(16, rows - 8)]] as const) {
          for (const p of panes) tmux.run('resize-window', '-t', p, '-x', String(c), '-y', String(r));
          await sleep(300);
          await compare(`resize ${c}x${r}`);
          for (const p of panes) tmux.run('send-keys', '-t', p, 'j');
          await compare(`j after resize ${c}x${r}`);
        }
      }
      for (const p of panes) tmux.run('kill-session', '-t', p);
    }
  } finally {
    tmux.killServer();
  }
  return [
    summarize(3, 'tmux screens differing, incremental vs whole frames', [differing], '', '0', (v) => v === 0, `${compared} screens compared${details.length ? ': ' + details.join('; ') : ''}`),
  ];
}
