// What the explorer copies is data wherever it is pasted. A hostile server's user IDs hold a quote
// and DEL before a command (`x'<DEL>;id>…`: DEL rubs out a closing quote on an unbracketed paste)
// and the end of a bracketed paste before a newline (Y refuses both), and a command substitution
// (printable: Y copies it as it is). The built CLI runs in tmux with
// set-clipboard on; y, Y and C are pressed on those rows, what reached tmux's paste buffer is
// pasted into bash (bracketed paste on and off) and into sh (dash) in panes of their own, as tmux's
// own paste (`prefix ]`) does, and no marker file appears: nothing but the intended curl ran.
// The same shells do run the copies the app made before (raw DEL, raw ID): the test can fail.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFaultServer, type Fault, type FaultServer } from '../support/faultServer.js';
import { assertTmux, startApp, startCommand, startShell, until, type App } from '../support/tmux.js';

const TEST_MS = 90_000;
const dir = mkdtempSync(join(tmpdir(), 'oie-paste-'));
const MARKER = join(dir, 'PWNED');
/** What the control pastes (the old copies) create, apart from MARKER. */
const CONTROL = join(dir, 'CONTROL');
const quoteDel = (marker: string): string => `x'\u007f;id>${marker};#`;
const pasteEnd = (marker: string): string => `z\u001b[201~;touch ${marker}\n`;
/** Printable: Y copies it as it is, and pasted it waits at the prompt like any other text. */
const SUBSTITUTION = `u$(touch ${MARKER})`;
const IDS = [quoteDel(MARKER), pasteEnd(MARKER), SUBSTITUTION, 'user_plain'];

const ok = (data: unknown): Fault => ({ kind: 'json', body: { errCode: 0, errMsg: '', errDlt: '', data } });
const user = (userID: string, i: number) => ({ userID, nickname: `hostile ${i}`, faceURL: '', ex: '', createTime: 1_700_000_000_000 + i, appMangerLevel: 1, globalRecvMsgOpt: 0 });

let server: FaultServer;
const terminals: App[] = [];
beforeAll(async () => {
  assertTmux();
  server = await startFaultServer((path) => {
    if (path === '/user/get_users') return ok({ total: IDS.length, users: IDS.map(user) });
    if (path === '/conversation/get_sorted_conversation_list') return ok({ conversationTotal: 0, unreadTotal: 0, conversationElems: [] });
    return ok({ total: 0, blacks: [], friendRequests: [] });
  });
});
afterEach(() => {
  for (const t of terminals.splice(0)) t.kill();
});
afterAll(async () => {
  // A failed beforeAll runs no afterEach: its app is ended here.
  for (const t of terminals.splice(0)) t.kill();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const buffer = (app: App): string => {
  try {
    return app.tmux('show-buffer');
  } catch {
    return ''; // no buffer yet
  }
};

/** Presses `key` and returns what reached tmux's paste buffer, once the status line says `copied`. */
async function copied(app: App, key: string, said: string): Promise<string> {
  const before = buffer(app);
  app.send(key);
  await app.waitFor(said);
  return until(() => buffer(app), (b) => b !== '' && b !== before, `a new paste buffer after ${key}`);
}

interface Shell {
  name: string;
  start(): App;
}
const SHELLS: Shell[] = [
  { name: 'sh (dash)', start: () => startShell() },
  { name: 'bash, bracketed paste on', start: () => bash(true) },
  { name: 'bash, bracketed paste off', start: () => bash(false) },
];

function bash(bracketed: boolean): App {
  const term = startCommand('bash --norc --noprofile', { cols: 100, rows: 30, env: { HISTFILE: join(dir, 'history') } });
  if (!bracketed) term.run(`bind 'set enable-bracketed-paste off'`);
  return term;
}

/** The shell, with a prompt of our own (root's shells ignore an inherited PS1), once it shows it. */
async function ready(shell: Shell): Promise<App> {
  const term = shell.start();
  terminals.push(term);
  term.run(`PS1='P> '`);
  await term.waitFor(/^P>\s*$/m);
  return term;
}

let pastes = 0;
/** Pastes `text` into the shell as `prefix ]` does (bracketed when the shell asked for it). */
function paste(term: App, text: string): void {
  const file = join(dir, `paste-${++pastes}`);
  writeFileSync(file, text);
  term.tmux('load-buffer', '-b', 'clip', file);
  term.tmux('paste-buffer', '-p', '-b', 'clip', '-t', term.session);
}

let marks = 0;
/**
 * Discards the shell's line (Ctrl-U: readline's and the tty's own; Ctrl-C would race the keys
 * after it) and waits until the shell ran a command after it: what the paste set off has run by then.
 */
async function settle(term: App): Promise<void> {
  const mark = `settled-${++marks}`;
  term.send('C-u');
  term.run(`echo ${mark}`);
  await term.waitFor(new RegExp(`^${mark}$`, 'm'));
}

/** Defines curl as a function that writes its arguments to a file, so a pasted curl only records. */
function fakeCurl(term: App, file: string): void {
  term.run(`curl() { for a in "$@"; do printf '%s\\n' "$a"; done > ${file}; }`);
}

describe('copies pasted into shells', () => {
  let copies: { rowJSON: string[]; id: string; curl: string };

  beforeAll(async () => {
    const app = startApp({ cols: 120, rows: 40, args: ['--base-url', server.url, '--token', 't'], options: [['set-clipboard', 'on']] });
    terminals.push(app);
    await app.waitFor('user_plain');
    const rowJSON = [await copied(app, 'y', 'copied the row as JSON (OSC 52)')];
    // Y on an ID that holds control characters: refused in words, and the clipboard kept.
    app.send('Y');
    await app.waitFor('not copied: this ID holds control characters');
    expect(buffer(app)).toBe(rowJSON[0]);
    app.send('j');
    rowJSON.push(await copied(app, 'y', 'copied the row as JSON'));
    app.send('Y');
    await app.waitFor('not copied: this ID holds control characters');
    expect(buffer(app)).toBe(rowJSON[1]);
    app.send('j');
    const id = await copied(app, 'Y', `copied ${SUBSTITUTION} (OSC 52)`);
    // C on the first user's own list: the curl's body names the hostile ID.
    app.send('k', 'k', 'Enter');
    await app.waitFor('hostile 0');
    const curl = await copied(app, 'C', 'as curl');
    copies = { rowJSON, id, curl };
    terminals.pop()!.kill();
  }, TEST_MS);

  it('every copy is printable ASCII on one line, and parses back to what the server sent', () => {
    for (const text of [...copies.rowJSON, copies.id, copies.curl]) expect(text).toMatch(/^[\u0020-\u007e]+$/);
    expect(copies.rowJSON.map((j) => (JSON.parse(j) as { userID: string }).userID)).toEqual(IDS.slice(0, 2));
    expect(copies.id).toBe(SUBSTITUTION);
  });

  it.each(SHELLS)('$name: the pasted rows and ID wait at the prompt, the pasted curl hands curl the request, and nothing else runs', async (shell) => {
    const term = await ready(shell);
    for (const text of [...copies.rowJSON, copies.id]) {
      paste(term, text);
      await settle(term);
    }
    const args = join(dir, `args-${pastes}`);
    fakeCurl(term, args);
    paste(term, copies.curl);
    term.send('Enter');
    const handed = (await until(() => (existsSync(args) ? readFileSync(args, 'utf8') : ''), (a) => a.endsWith('}\n'), 'the curl function ran')).split('\n');
    expect(handed.slice(0, 4)).toEqual(['-sS', '-X', 'POST', `${server.url}/conversation/get_sorted_conversation_list`]);
    expect(JSON.parse(handed.at(-2)!)).toMatchObject({ userID: IDS[0] });
    await settle(term);
    expect(existsSync(MARKER)).toBe(false);
    expect(term.everything()).not.toMatch(/not found|syntax error|unexpected|uid=/);
  }, TEST_MS);

  it.each(SHELLS)('$name: the copies the app made before did run the command (the test can fail)', async (shell) => {
    const { name } = shell;
    const term = await ready(shell);
    const marker = `${CONTROL}-${name.replace(/\W+/g, '-')}`;
    // The old C: the body JSON.stringify's, DEL raw inside single quotes; Enter runs it.
    fakeCurl(term, join(dir, 'control-args'));
    const body = JSON.stringify({ userID: quoteDel(marker) }).replaceAll("'", `'\\''`);
    paste(term, `curl -sS -X POST '${server.url}/x' --data-raw '${body}'`);
    term.send('Enter');
    if (name.endsWith('bracketed paste on')) {
      // Bracketed, the DEL is data; the old Y's raw ID ends the paste early and its newline runs
      // the rest (tmux's own end of the paste then arrives as keys: no settle() after it).
      await settle(term);
      expect(existsSync(marker)).toBe(false);
      paste(term, pasteEnd(marker));
    }
    expect(await until(() => existsSync(marker), (made) => made, `${marker} made by the old copy`)).toBe(true);
  }, TEST_MS);
});
