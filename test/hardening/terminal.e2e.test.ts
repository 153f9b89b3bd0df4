// The terminal always comes back: the built CLI in tmux, ended by q, Ctrl-C, SIGTERM, SIGQUIT, SIGHUP
// (the SSH link dropped), and a tiny program that takes the terminal like the app does and then
// dies of an uncaught exception or an unhandled rejection. After each: the main screen is back
// (alternate_on 0), the cursor is visible (cursor_flag 1), and the shell that started it reads a
// typed command in cooked mode with echo (dash has no readline to hide a terminal left raw).
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertTmux, startShell, type App } from '../support/tmux.js';

let term: App | undefined;
beforeAll(() => {
  assertTmux();
});
afterEach(() => {
  term?.kill();
  term = undefined;
});

const PROMPT = /^[#$]\s*$/m; // capture-pane trims the space after the prompt
const APP_UP = (s: string): boolean => /page 1 of \d+/.test(s) && s.includes('user_000001');

async function startApp(): Promise<App> {
  term = startShell({ cols: 100, rows: 30 });
  await term.waitFor(PROMPT);
  term.run('node dist/cli.cjs --demo --users 300; echo "exit=$?"');
  await term.waitFor(APP_UP);
  expect(term.display('#{alternate_on}')).toBe('1');
  expect(term.display('#{cursor_flag}')).toBe('0'); // Ink hides it while running
  return term;
}

/** Main screen, visible cursor, and a shell that runs what is typed, with echo. */
async function expectRestored(t: App, exitCode: number): Promise<void> {
  await t.appGone();
  const after = await t.waitFor(/exit=\d+/);
  expect(after).toContain(`exit=${exitCode}`);
  expect(t.display('#{alternate_on}')).toBe('0');
  expect(t.display('#{cursor_flag}')).toBe('1');
  expect(after).not.toMatch(/page \d+ of/); // the app's frame stayed on the alternate screen
  t.run('stty -a | tr " " "\\n" | grep -x -e icanon -e echo -e -icanon -e -echo | tr "\\n" " "; echo; echo "typed-$((40+2))"');
  const screen = await t.waitFor(/^typed-42$/m);
  // The command was echoed as typed, it ran, and the terminal is in cooked mode with echo.
  expect(screen.replace(/\n/g, '')).toContain('echo "typed-$((40+2))"'); // the pane wraps long lines
  expect(screen).toMatch(/^icanon echo\s*$/m);
}

describe('the terminal comes back', () => {
  it('after q', async () => {
    const t = await startApp();
    t.send('q');
    await expectRestored(t, 0);
  });

  it('after Ctrl-C', async () => {
    const t = await startApp();
    t.send('C-c');
    await expectRestored(t, 0);
  });

  it('after SIGTERM', async () => {
    const t = await startApp();
    process.kill(await t.appPid(), 'SIGTERM');
    await expectRestored(t, 143);
  });

  it('after SIGQUIT (Ctrl-\\ from a shell), whose default would dump core with the terminal raw', async () => {
    const t = await startApp();
    process.kill(await t.appPid(), 'SIGQUIT');
    await expectRestored(t, 131);
  });

  it('after SIGHUP', async () => {
    const t = await startApp();
    process.kill(await t.appPid(), 'SIGHUP');
    await expectRestored(t, 129);
  });

  it.each(['exception', 'rejection'])('after an uncaught %s, with one line and no stack', async (how) => {
    term = startShell({ cols: 100, rows: 30 });
    const t = term;
    await t.waitFor(PROMPT);
    t.run(`node --import tsx test/hardening/crashEntry.ts ${how}; echo "exit=$?"`);
    await t.waitFor('crash entry: in the alternate screen');
    expect(t.display('#{alternate_on}')).toBe('1');
    expect(t.display('#{cursor_flag}')).toBe('0');
    await expectRestored(t, 1);
    const screen = t.everything();
    const lines = screen.split('\n').filter((l) => l.startsWith('openim-explorer: '));
    expect(lines).toEqual([`openim-explorer: boom by ${how}, token=‹redacted›`]);
    expect(screen).not.toMatch(/^\s+at /m);
    expect(screen).not.toContain('eyJ');
  });
});
