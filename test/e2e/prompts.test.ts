// Every prompt (u, :, /, s, c) of the built CLI, in tmux at 80x24 against the demo: completion
// then typing, Ctrl-U and Ctrl-W, a pasted line with a newline (tmux paste-buffer, which the app
// reads in one piece), a bracketed paste (paste-buffer -p: the app turns bracketed paste on), a
// refused ID, and the cursor drawn in inverse video, with colour and without. A test per behaviour,
// each from a fresh app, but for what every prompt shares (editing, then a refusal: one table of
// prompts), which one app per prompt serves, the refusal typed into the prompt the editing left empty.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from 'openim-demo-server';
import { assertTmux, type App } from '../support/tmux.js';
import { demoApps, startDemoApp, type DemoOptions } from '../support/demoApp.js';

const TEST_MS = 60_000;
const LOADED = /page 1 of \d+ (· row \d+\/\d+ )?· 5,000 total/;

beforeAll(() => {
  assertTmux();
});

// A fixed page size: the row counts below assume 20 rows a page.
const DEMO_OPTIONS: DemoOptions = { extraArgs: ['--page-size', '20'], ready: LOADED };
const startDemo = demoApps(DEMO_OPTIONS);

/** tmux paste-buffer: the text reaches the app in one write; newlines become CR, as from a terminal. */
function paste(a: App, text: string, bracketed: boolean): void {
  a.tmux('set-buffer', '-b', 'oie', text);
  a.tmux('paste-buffer', ...(bracketed ? ['-p'] : []), '-d', '-b', 'oie', '-t', a.session);
}

/**
 * The prompt's line, in the key hints' place: its label, the typed text, then three spaces and its
 * hint. A refusal, a note or the candidates being cycled take the line above it (the status line's).
 */
function promptParts(screen: string, label: string): { line: string; under: string } | undefined {
  const lines = screen.split('\n');
  const at = lines.findIndex((l) => l.startsWith(label.trimEnd()));
  if (at === -1) return undefined;
  const rest = lines[at]!.slice(label.trimEnd().length);
  // The gap (after the cursor's blank cell when the cursor is at the end): three spaces or more.
  const gap = / {3,}(?=\S)/.exec(rest);
  const end = gap ? gap.index : rest.length;
  const above = lines[at - 1] ?? '';
  const statusAbove = /^(?:\S+ )?page [\d,]+/.test(above);
  return { line: (label.trimEnd() + rest.slice(0, end)).trimEnd(), under: statusAbove ? rest.slice(end).trimStart() : above };
}
/** The prompt's label and typed text (capture-pane trims the cursor's blank), without its hint. */
function lineOf(screen: string, label: string): string | undefined {
  return promptParts(screen, label)?.line;
}
/** Waits until the prompt line reads exactly `text` after its label. */
function waitLine(a: App, label: string, text: string): Promise<string> {
  return a.waitFor(function promptLine(s) {
    return lineOf(s, label) === (label + text).trimEnd();
  });
}
/** What the line under the prompt said: its note or candidates (the line above), else its hint. */
function underLine(screen: string, label: string): string {
  return promptParts(screen, label)?.under ?? '';
}

/** Opens a user from the users list by moving to their row and pressing Enter, then goes back. */
async function openAndBack(a: App, userID: string, downs: number): Promise<void> {
  for (let i = 0; i < downs; i++) a.send('j');
  await a.waitFor((s) => s.split('\n').some((l) => l.startsWith('›') && l.includes(userID)));
  a.send('Enter');
  await a.waitFor((s) => s.includes(`Users › ${userID}`) && /\[1 Conv/.test(s) && !s.includes('loading'));
  a.send('Escape');
  await a.waitFor((s) => LOADED.test(s) && !s.includes(`Users › ${userID}`));
  for (let i = 0; i < downs; i++) a.send('k');
}

interface Prompt {
  key: string;
  label: string;
  /** Brings the app to the screen where the prompt's key works. */
  reach: (a: App) => Promise<void>;
  /** Text with a space (or a comma) in it, and what Ctrl-W leaves of it. */
  words: readonly [string, string];
  /** A value the prompt refuses, and the refusal shown under the prompt line. */
  refused: readonly [string, string];
}

const PROMPTS: readonly Prompt[] = [
  {
    key: 'u', label: 'user ID: ', reach: async () => undefined, words: ['abc def', 'abc '],
    refused: ['user_000001 jjj', 'refused: a user ID cannot have spaces; s on Users finds users by name'],
  },
  {
    key: ':', label: ':', reach: async () => undefined, words: ['user user_000001', 'user '],
    refused: ['user user_000001 jjj', 'refused: a user ID cannot have a space after "user_000001"'],
  },
  {
    key: '/', label: '/', reach: async () => undefined, words: ['user 0002', 'user '],
    refused: ['user_0\u200b', 'refused: a filter cannot have an invisible U+200B after "user_0"'],
  },
  {
    key: 's', label: 'userID or nickname: ', reach: toAccounts, words: ['System Notice', 'System '],
    refused: ['Sys\u200btem', 'refused: a keyword cannot have an invisible U+200B after "Sys"'],
  },
  {
    key: 'c', label: 'conversation IDs: ', reach: toFirstUser, words: ['si_a si_b', 'si_a '],
    refused: ['si_a,si_\u200bb', 'refused: a conversation ID cannot have an invisible U+200B after "si_"'],
  },
];

async function toAccounts(a: App): Promise<void> {
  a.send('a');
  await a.waitFor((s) => s.includes('notify_system'));
}

async function toFirstUser(a: App): Promise<void> {
  a.send('Enter');
  // The table shows whom a conversation is with, not its ID: wait for the pinned rows.
  await a.waitFor((s) => s.includes(`Users › ${DEMO.firstUserID}`) && /^[› ]\s*\*\s+\S/m.test(s));
}

/** Starts the app (`start`: an app of its own by default), reaches the prompt's screen and opens the prompt, empty. */
async function openPrompt(p: Prompt, start: () => Promise<App> = startDemo): Promise<App> {
  const a = await start();
  await p.reach(a);
  a.send(p.key);
  await waitLine(a, p.label, '');
  return a;
}

describe.sequential('prompts in tmux at 80x24', () => {
  describe.each(PROMPTS)('$key', (p) => {
    // One app for the prompt's two tests: the editing ends with the prompt open and empty, where the refusal begins.
    let shared: Promise<App> | undefined;
    let sharedApp: App | undefined;
    const opened = (): Promise<App> => (shared ??= openPrompt(p, () => startDemoApp(DEMO_OPTIONS, (a) => (sharedApp = a))));
    afterAll(() => sharedApp?.kill());

    it('Ctrl-W deletes back to a space, Ctrl-U the whole line', async () => {
      const a = await opened();
      a.type(p.words[0]);
      await waitLine(a, p.label, p.words[0]);
      a.send('C-w');
      await waitLine(a, p.label, p.words[1]);
      a.send('C-u');
      await waitLine(a, p.label, '');
    }, TEST_MS);

    it('refuses a bad value under the prompt line and keeps the prompt open', async () => {
      const a = await opened();
      await waitLine(a, p.label, '');
      a.type(p.refused[0]);
      a.send('Enter');
      const refused = await a.waitFor((s) => underLine(s, p.label) === p.refused[1]);
      // Still open with the text, an invisible character shown as U+FFFD.
      expect(lineOf(refused, p.label)).toBe(p.label + p.refused[0].replace('\u200b', '\ufffd'));
    }, TEST_MS);
  });

  it('u: Tab cycles the recent users, Shift-Tab goes back, and typing goes after the completion', async () => {
    const a = await startDemo();
    await openAndBack(a, 'user_000001', 0);
    await openAndBack(a, 'user_000002', 1);
    const U = 'user ID: ';
    a.send('u');
    await a.waitFor((s) => underLine(s, U).startsWith('recent: user_000002  user_000001'));
    a.type('user_00000');
    a.send('Tab');
    const cycling = await waitLine(a, U, 'user_000002');
    expect(underLine(cycling, U)).toMatch(/^user_000002 {2}user_000001 {2}\(Tab next · Shift-Tab back\)/);
    a.send('Tab');
    await waitLine(a, U, 'user_000001');
    a.send('BTab');
    await waitLine(a, U, 'user_000002');
    a.type('X');
    await waitLine(a, U, 'user_000002X');
  }, TEST_MS);

  it('u: a refused ID opens nothing and does not join the recent users', async () => {
    const a = await startDemo();
    await openAndBack(a, 'user_000001', 0);
    const U = 'user ID: ';
    a.send('u');
    a.type('user_000002 jjj');
    a.send('Enter');
    await a.waitFor((s) => underLine(s, U).startsWith('refused: '));
    a.send('C-u');
    const after = await a.waitFor((s) => underLine(s, U).startsWith('recent: '));
    expect(underLine(after, U)).toMatch(/^recent: user_000001 {3}\(Tab/);
    expect(after).not.toContain('Users › ');
  }, TEST_MS);

  it('u: a bracketed paste fills the prompt; a pasted line with a newline opens the user and drops the rest', async () => {
    const a = await startDemo();
    const U = 'user ID: ';
    a.send('u');
    paste(a, 'user_000004\n', true);
    await waitLine(a, U, 'user_000004');
    a.send('C-u');
    await waitLine(a, U, '');
    paste(a, 'user_000003\nz', false);
    const opened = await a.waitFor((s) => s.includes('Users › user_000003'));
    expect(opened).toMatch(/dropped 1 more pasted line/);
    expect(lineOf(opened, U)).toBeUndefined();
  }, TEST_MS);

  it(':  Tab completes a command, and :user from the recent users', async () => {
    const a = await startDemo();
    await openAndBack(a, 'user_000001', 0);
    a.send(':');
    await a.waitFor((s) => underLine(s, ':').includes('(Tab completes)'));
    a.type('pa');
    a.send('Tab');
    await waitLine(a, ':', 'page ');
    a.type('2');
    await waitLine(a, ':', 'page 2');
    a.send('Enter');
    await a.waitFor(/page 2 of 250/);
    a.send(':');
    a.type('user us');
    a.send('Tab');
    await waitLine(a, ':', 'user user_000001');
  }, TEST_MS);

  it(':  a bracketed paste fills the prompt; a pasted line with a newline runs and the rest is dropped, not pressed', async () => {
    const a = await startDemo();
    a.send(':');
    paste(a, 'users\n', true);
    await waitLine(a, ':', 'users');
    a.send('C-u');
    await waitLine(a, ':', '');
    paste(a, 'accounts\nq', false);
    const accounts = await a.waitFor((s) => s.includes('notify_system') && /dropped 1 more pasted line/.test(s));
    // `:accounts` replaced the top level (store/history.ts): not pushed over Users.
    expect(accounts).toContain('System accounts');
    expect(accounts).not.toContain('Users › System accounts');
    // The "q" after the newline was not pressed: q on a top-level list quits, so the app would be
    // gone before it read the next key. It still answers one.
    a.send('?');
    const help = await a.waitFor((s) => /^Keys\b/m.test(s) || s.includes('__EXIT__'));
    expect(help).not.toContain('__EXIT__');
  }, TEST_MS);

  it('/  completes from the rows and filters as it goes', async () => {
    const a = await startDemo();
    a.send('/');
    a.type('user_00001');
    a.send('Tab');
    await waitLine(a, '/', 'user_000010');
    a.send('Tab');
    const second = await waitLine(a, '/', 'user_000011');
    // The candidates take the status line while they cycle; the table shows the one row that matches.
    expect(underLine(second, '/')).toMatch(/^user_000010 {2}user_000011/);
    expect(second.split('\n').filter((l) => /^[› ]user_0000/.test(l))).toEqual([expect.stringContaining('user_000011')]);
    a.type('X');
    await a.waitFor((s) => lineOf(s, '/') === '/user_000011X' && /filter "user_000011X": 0 of 20/.test(s));
  }, TEST_MS);

  it('/  a bracketed paste fills the prompt; a pasted line with a newline filters and the rest is dropped', async () => {
    const a = await startDemo();
    a.send('/');
    paste(a, 'user_000006\n', true);
    await waitLine(a, '/', 'user_000006');
    a.send('C-u');
    paste(a, 'user_000005\nmore', false);
    // The note takes part of the status line; the table shows the one row that matches.
    const kept = await a.waitFor((s) => s.includes('dropped 1 more pasted line') && lineOf(s, '/') === undefined);
    expect(kept).toContain('›user_000005');
    expect(kept).not.toContain('user_000006');
  }, TEST_MS);

  it('s  completes account IDs from the rows', async () => {
    const a = await startDemo();
    await toAccounts(a);
    const S = 'userID or nickname: ';
    a.send('s');
    a.type('notify_s');
    a.send('Tab');
    await waitLine(a, S, 'notify_system');
    a.send('Tab');
    await waitLine(a, S, 'notify_security');
  }, TEST_MS);

  it('s  a bracketed paste fills the prompt; a pasted line with a newline searches and the rest is dropped', async () => {
    const a = await startDemo();
    await toAccounts(a);
    const S = 'userID or nickname: ';
    a.send('s');
    paste(a, `${DEMO.robotIDs[0]}\n`, true);
    await waitLine(a, S, DEMO.robotIDs[0]!);
    a.send('C-u');
    paste(a, `${DEMO.robotIDs[0]}\nrest`, false);
    const found = await a.waitFor((s) => s.includes(`keyword "${DEMO.robotIDs[0]}"`) && s.includes('Helper Bot'));
    expect(found).not.toContain('notify_system');
  }, TEST_MS);

  it('c  completes conversation IDs from the rows, one after a comma; Ctrl-W stops at the comma', async () => {
    const a = await startDemo();
    await toFirstUser(a);
    const C = 'conversation IDs: ';
    a.send('c');
    a.type('s');
    a.send('Tab');
    const first = lineOf(await a.waitFor((s) => /^conversation IDs: s\w+$/.test(lineOf(s, C) ?? '')), C)!.match(/^conversation IDs: (s\w+)$/)![1]!;
    a.type(',');
    a.send('Tab');
    const two = await a.waitFor((s) => new RegExp(`^conversation IDs: ${first},s\\w+$`).test(lineOf(s, C) ?? ''));
    const second = lineOf(two, C)!.slice(C.length + first.length + 1);
    expect(second).not.toBe(first);
    // Both are conversation IDs (of the rows of this page: the table shows their peers, not the IDs).
    for (const id of [first, second]) expect(id).toMatch(/^s[ing]_\w+$/);
    a.send('C-w');
    await waitLine(a, C, `${first},`);
    a.send('C-w');
    await waitLine(a, C, '');
  }, TEST_MS);

  it('c  a pasted line with a newline filters to that conversation and the rest is dropped', async () => {
    const a = await startDemo();
    await toFirstUser(a);
    const C = 'conversation IDs: ';
    a.send('c');
    a.type('s');
    a.send('Tab');
    const id = (await a.waitFor((s) => /^conversation IDs: s\w+$/m.test(s))).match(/^conversation IDs: (s\w+)$/m)![1]!;
    a.send('C-u');
    paste(a, `${id}\n`, true);
    await waitLine(a, C, id);
    a.send('C-u');
    await waitLine(a, C, '');
    paste(a, `${id}\nsecond line`, false);
    // One row left once the filtered page is in: the pasted ID's conversation.
    const tableRows = (screen: string): string[] => {
      const lines = screen.split('\n');
      const header = lines.findIndex((l) => l.includes('WITH'));
      const status = lines.findIndex((l) => /^page \d/.test(l));
      return lines.slice(header + 1, status).filter((l) => l.trim() !== '');
    };
    const filtered = await a.waitFor((s) => s.includes('1 conversation IDs') && lineOf(s, C) === undefined && tableRows(s).length === 1);
    expect(filtered).toMatch(/dropped 1 more pasted line/);
  }, TEST_MS);

  it('turns bracketed paste off when it quits: a paste into the shell after it has no markers', async () => {
    const a = await startDemo();
    paste(a, 'outside', true);
    // Outside a prompt a paste does nothing but say so.
    await a.waitFor('pasted text goes into a prompt');
    a.send('q');
    expect(await a.exitCode()).toBe(0);
    paste(a, 'XYZ', true); // the shell's `sleep` echoes what arrives, markers included if any
    const after = await a.waitFor('XYZ');
    expect(after).not.toMatch(/\[20[01]~/);
  }, TEST_MS);

  it('draws the cursor in inverse video, and still under NO_COLOR', async () => {
    const envs: Record<string, string>[] = [{}, { NO_COLOR: '1' }];
    for (const env of envs) {
      const a = await startDemo({ env });
      a.send('u');
      a.type('abc');
      a.send('Left');
      // Between "ab" and "c" (the cursor's cell): an SGR that turns inverse (7) on.
      const inverseOnC = (): boolean => {
        const line = withEscapes(a).split('\n').find((l) => l.includes('user ID:')) ?? '';
        const between = /ab((?:\u001b\[[\d;]*m)*)c/.exec(line)?.[1] ?? '';
        return /\u001b\[(?:[\d;]*;)?7(?:;[\d;]*)?m/.test(between);
      };
      await a.waitFor(inverseOnC);
      a.kill();
    }
  }, TEST_MS);
});

/** The pane with its SGR sequences (capture-pane -e). */
function withEscapes(a: App): string {
  return a.tmux('capture-pane', '-e', '-p', '-t', a.session);
}
