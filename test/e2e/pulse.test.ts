// The pulse as an operator meets it, at 80x24 and 120x40, in colour, without (NO_COLOR) and with
// --ascii: T opens it from the users list, the sparklines and every line fit the width, the day
// under the cursor is named, and the spike (the demo's busiest day) reaches its top senders and
// then one sender's messages that day in three keys: T, Enter, Enter.
import { afterEach, describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/terminal/width.js';
import { cursorLine } from '../support/screenText.js';
import { startApp, type App } from '../support/tmux.js';

const started: App[] = [];
afterEach(() => {
  for (const app of started.splice(0)) app.kill();
});
/** The demo in tmux, up once its first page of users shows (any separator: --ascii writes `|`). */
async function startDemo(options: { cols: number; rows: number; env: Record<string, string>; extraArgs: string[] }): Promise<App> {
  const app = startApp({ cols: options.cols, rows: options.rows, env: options.env, args: ['--demo', '--still', ...options.extraArgs] });
  started.push(app);
  await app.waitFor((s) => /page 1 of [\d,]+ . /.test(s) && s.includes('user_000001'));
  return app;
}
const MODES = [
  ['colour', {}, []],
  ['NO_COLOR', { NO_COLOR: '1' }, []],
  ['--ascii', {}, ['--ascii']],
] as const;

describe.each([
  [80, 24],
  [120, 40],
])('the pulse at %ix%i', (cols, rows) => {
  it.each(MODES)('%s: draws within the width, names the cursor day, spike → top senders → messages in 3 keys', async (mode, env, args) => {
    const a = await startDemo({ cols, rows, env: { ...env }, extraArgs: [...args] });
    a.send('T');
    const pulse = await a.waitFor((s) => /DAY \(UTC\) +MESSAGES/.test(s) && /cursor: \w{3} \d{4}-\d\d-\d\d/.test(s) && /^messages +\S+ \d\d-\d\d: [\d,]+ . today/m.test(s));
    if (mode === '--ascii') expect(pulse).not.toMatch(/[▁▂▃▄▅▆▇█›·▲]/);
    for (const line of pulse.split('\n')) expect(displayWidth(line), `${mode}: ${line}`).toBeLessThanOrEqual(cols);
    // The sparkline is block characters, or ASCII levels under --ascii; readable without colour either way.
    const spark = /^messages +(\S+) /m.exec(pulse)![1]!;
    expect(spark.length).toBe(14);
    expect(spark).toMatch(mode === '--ascii' ? /^[_.:\-=+*#]+$/ : /^[▁▂▃▄▅▆▇█]+$/);
    // The day under the cursor is named, and it is the cursor row's day.
    const day = /cursor: \w{3} (\d{4}-\d\d-\d\d)/.exec(pulse)![1]!;
    const cursor = mode === '--ascii' ? (pulse.split('\n').find((l) => l.startsWith('>')) ?? '') : cursorLine(pulse);
    expect(cursor).toContain(day);
    // The demo's busiest day is the window's first: the cursor starts on the spike.
    // At 80 columns the line's end (the scale) is cut; the cursor's day and value come first.
    const line = /^messages +\S+ (\d\d-\d\d): ([\d,]+) . today(?:.* max ([\d,]+)\/day)?/m.exec(pulse);
    expect(line?.[1]).toBe(day.slice(5));
    if (cols >= 120) expect(line?.[2], pulse).toBe(line?.[3]);

    a.send('Enter');
    const senders = await a.waitFor((s) => s.includes(`Top senders of ${day}`) && /# +USER ID +NICKNAME +MESSAGES/.test(s) && /^.\s*1 +user_\d+ /m.test(s));
    const sender = /^.\s*1 +(user_\d+) /m.exec(senders)?.[1];
    expect(sender, senders).toBeDefined();

    a.send('Enter');
    const messages = await a.waitFor((s) => s.includes(`from:${sender!}`) && s.includes(`day:${day}`) && /SENDER|FROM/.test(s));
    expect(messages).toContain(sender!);
  }, 60_000);
});
