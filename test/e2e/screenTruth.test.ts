// The screen stays what the app means in tmux, on the built CLI: resizes that change the width
// alone (the incremental drawing against whole frames), stray output then Ctrl-L, Ctrl-Z and `fg`
// under an interactive bash (and SIGTSTP from outside), a request whose deadline passed while
// stopped, SIGUSR1 and SIGUSR2 (no inspector), and a terminal that cannot address the cursor.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertTmux, CLI, startApp, startCommand, startShell, until, type App } from '../support/tmux.js';

const TEST_MS = 60_000;
const APP_UP = (s: string): boolean => /page 1 of \d+/.test(s) && s.includes('user_000001');
// dash's and bash's prompts, for root or not (capture-pane trims the space after them).
const PROMPT = /^(?:bash-[\d.]+)?[#$]\s*$/m;
const ARGS = ['--demo', '--still', '--users', '300'];

const terms: App[] = [];
let scratch: string;
beforeAll(() => {
  assertTmux();
  scratch = mkdtempSync(join(tmpdir(), 'oie-truth-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
afterEach(() => {
  for (const t of terms.splice(0)) t.kill();
});

function track(t: App): App {
  terms.push(t);
  return t;
}

/** The screen without the demo's port, which differs between two runs. */
function normal(screen: string): string {
  return screen.replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:PORT');
}

/** An interactive bash (job control) in the project folder; the app is typed into it. */
async function startBash(): Promise<App> {
  const t = track(startCommand('bash --norc --noprofile -i', { cols: 100, rows: 30 }));
  await t.waitFor(PROMPT);
  return t;
}

/** Is some process listening on 127.0.0.1:9229 (Node's inspector)? Read from /proc, as ss would. */
function inspectorListening(): boolean {
  const rows = readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1);
  // local address 0100007F:2405 (127.0.0.1:9229), state 0A (LISTEN)
  return rows.some((row) => /^\s*\d+: 0100007F:2405 0{8}:0{4} 0A /.test(row));
}

describe('resizes that change the width alone', () => {
  it('draw what a whole-frame redraw draws, at every width, one column included; then drawing is incremental again', async () => {
    const incremental = track(startApp({ cols: 100, rows: 30, args: ARGS }));
    const whole = track(startApp({ cols: 100, rows: 30, args: ARGS, env: { OIE_INCREMENTAL: '0' } }));
    await incremental.waitFor(APP_UP);
    await whole.waitFor(APP_UP);
    for (const t of [incremental, whole]) {
      t.send('j');
      await t.waitFor(/›user_000002/);
    }
    for (const cols of [81, 80, 99, 1, 60, 100, 120]) {
      incremental.resize(cols, 30);
      whole.resize(cols, 30);
      // Settled: the whole frame at this width (its first line fills the width, the footer is
      // drawn; below 60 columns the frame is cut anyway), and the incremental screen is the same,
      // line for line. Both are read at each poll: either may still be drawing.
      // The header is as wide as the frame, one column short of the terminal.
      const fits = (s: string): boolean => cols < 60 || (s.split('\n')[0]!.length >= cols - 1 && s.includes('q quit'));
      await until(
        () => [normal(whole.screen()), normal(incremental.screen())] as const,
        ([reference, screen]) => fits(reference) && screen === reference,
        `the incremental screen at ${cols} columns to match the whole frame`,
      );
    }
    // Incremental again: moving the cursor rewrites two rows, not the frame.
    const raw = join(scratch, 'after-resize.bytes');
    incremental.pipeTo(raw);
    incremental.send('j');
    await incremental.waitFor(/›user_000003/);
    const frame = incremental.screen().length;
    const written = await until(() => (existsSync(raw) ? readFileSync(raw, 'latin1').length : 0), (n) => n > 0, 'bytes of the j');
    expect(written).toBeLessThan(frame / 4);
  }, TEST_MS);
});

describe('stray output', () => {
  it('written to the tty by another process stays only until Ctrl-L, which draws the app again', async () => {
    const t = track(startApp({ cols: 100, rows: 30, args: ARGS }));
    await t.waitFor(APP_UP);
    t.send('j');
    const before = await t.waitFor(/›user_000002/);
    // As wall(1) or a background job would: text, line breaks that scroll, a cursor move.
    writeFileSync(t.display('#{pane_tty}'), '\u001b[5;10HSTRAY-OUTPUT\r\n\n\nMORE-STRAY\r\n\n\n');
    await t.waitFor('MORE-STRAY');
    t.send('C-l');
    await until(() => t.screen(), (s) => s === before, `the screen as before the stray output:\n${before}`);
    // The app still reads keys as before.
    t.send('j');
    await t.waitFor(/›user_000003/);
  }, TEST_MS);
});

describe('job control under an interactive bash', () => {
  it('Ctrl-Z gives the shell its screen and keys; fg brings the app back as it was; SIGTSTP from outside too', async () => {
    const t = await startBash();
    const cwd = mkdtempSync(join(scratch, 'cwd-'));
    t.run(`cd ${cwd} && env -u CI ${process.execPath} ${CLI} ${ARGS.join(' ')}`);
    await t.waitFor(APP_UP);
    t.send('j');
    await t.waitFor(/›user_000002/);
    const pid = await t.appPid();

    t.send('C-z');
    await t.waitFor(/Stopped/);
    expect(t.display('#{alternate_on}')).toBe('0');
    expect(t.display('#{cursor_flag}')).toBe('1');
    // Typed for the shell, read by the shell: `e` in it would have started an export in the app.
    t.run('echo typed-in-shell');
    await t.waitFor(/^typed-in-shell$/m);
    t.run('fg');
    await t.waitFor(/›user_000002/);
    expect(t.display('#{alternate_on}')).toBe('1');
    expect(t.display('#{cursor_flag}')).toBe('0');
    t.send('j'); // raw mode again: a key without Enter
    await t.waitFor(/›user_000003/);
    expect(readdirSync(cwd)).toEqual([]); // no export started

    process.kill(pid, 'SIGTSTP');
    await until(() => t.display('#{alternate_on}'), (on) => on === '0', 'the main screen after SIGTSTP');
    await until(() => t.everything().match(/Stopped/g)?.length ?? 0, (n) => n === 2, 'the second stop');
    t.run('fg');
    await t.waitFor(/›user_000003/);
    expect(t.display('#{alternate_on}')).toBe('1');
    t.send('q');
    await t.appGone();
    await t.waitFor(PROMPT);
    expect(t.display('#{alternate_on}')).toBe('0');
  }, TEST_MS);

  it('a request whose deadline passed while stopped fails as any other, on fg', async () => {
    const t = await startBash();
    // The reply takes 0.5 s, the deadline is 1 s: only the stop makes it late.
    t.run(`env -u CI ${process.execPath} ${CLI} ${ARGS.join(' ')} --latency 500 --timeout 1`);
    await t.waitFor(APP_UP);
    t.send('n', 'C-z');
    await t.waitFor(/Stopped/);
    const stoppedAt = performance.now();
    // The stop is what is tested: it must outlast the deadline.
    await until(() => performance.now() - stoppedAt, (ms) => ms > 1_500, 'the stop to outlast the deadline');
    t.run('fg');
    // One frame holding both: the failure and the page that stays.
    await t.waitFor((s) => /page 2 failed: getUsers: no answer before the timeout/.test(s) && /showing page 1/.test(s));
  }, TEST_MS);
});

describe('signals that do nothing', () => {
  it('SIGUSR1 opens no inspector and prints nothing; SIGUSR2 does not end the app', async () => {
    const before = inspectorListening();
    const t = track(startApp({ cols: 100, rows: 30, args: ARGS }));
    await t.waitFor(APP_UP);
    const pid = await t.appPid();
    process.kill(pid, 'SIGUSR1');
    process.kill(pid, 'SIGUSR2');
    t.send('j');
    await t.waitFor(/›user_000002/);
    expect(t.everything()).not.toMatch(/Debugger listening|inspector/i);
    if (!before) expect(inspectorListening()).toBe(false);
    t.send('q');
    expect(await t.exitCode()).toBe(0);
  }, TEST_MS);
});

describe('a terminal that cannot address the cursor', () => {
  it.each([
    ['TERM=dumb', 'TERM=dumb'],
    ['TERM unset', 'TERM is not set'],
  ])('%s: one line pointing at the scripting commands, exit 1, the screen never switched', async (_name, said) => {
    const t = track(startShell());
    await t.waitFor(PROMPT);
    const raw = join(scratch, `dumb-${said.length}.bytes`);
    t.pipeTo(raw);
    const env = said.startsWith('TERM=') ? 'TERM=dumb' : '-u TERM';
    t.run(`env ${env} node dist/cli.cjs --demo; echo "exit=$?"`);
    const screen = await t.waitFor(/exit=\d+/);
    expect(screen).toContain('exit=1');
    expect(screen).toContain(said);
    expect(screen).toContain('-o table');
    expect(readFileSync(raw, 'latin1')).not.toContain('\u001b[?1049h');
  }, TEST_MS);
});
