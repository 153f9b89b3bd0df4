// Every kind of byte sequence a terminal (or a cat on the keyboard) sends, through the real input
// path: the built CLI, its patched Ink, in tmux (send-keys -H writes the bytes to the pane). Each
// sequence the app has no key for (CSI with any parameters and final byte, SS3, kitty CSI u, xterm
// modifyOtherKeys, SGR and X10 mouse reports, focus reports, OSC and DCS replies, invalid UTF-8,
// xterm's Ctrl+F1..F4 that crashed Ink's key parser) must change nothing: after each batch, `j`
// then `k` give exactly the screens they gave before. A bracketed paste outside a prompt only says
// so, and a lone Esc is the Esc key. Then seeded random bytes: the app must still quit on Ctrl-C
// with exit code 0 (an exception would print its line and exit 1).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { assertTmux, startApp, until, type App } from '../support/tmux.js';

const ESC = 0x1b;
const APP_UP = (s: string): boolean => /page 1 of \d+/.test(s) && s.includes('user_000001');

let app: App | undefined;
let scratch: string;
beforeAll(() => {
  assertTmux();
  scratch = mkdtempSync(join(tmpdir(), 'oie-fuzz-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
afterEach(() => {
  app?.kill();
  app = undefined;
});

// mulberry32: the same sequences on every run.
let seed = 0x23f00d;
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const int = (lo: number, hi: number): number => lo + Math.floor(random() * (hi - lo + 1));
const pick = <T>(list: readonly T[]): T => list[int(0, list.length - 1)]!;
const ascii = (text: string): number[] => Array.from(text, (c) => c.charCodeAt(0));
const some = (chars: string, min: number, max: number): string => Array.from({ length: int(min, max) }, () => pick([...chars])).join('');

/** CSI sequences the app acts on (keys it has): never generated as "unknown". */
function isKnownCsi(params: string, intermediates: string, final: string): boolean {
  if (intermediates !== '' || !/^[\d;]*$/.test(params)) return false;
  if ('ABCDHFZ'.includes(final)) return true;
  if (final === '~') return ['1', '3', '4', '5', '6', '7', '8', '200', '201'].includes(params.split(';')[0]!);
  // ESC [ M without parameters starts an X10 mouse report (a family of its own), ESC [ I/O focus.
  return params === '' && 'MIO'.includes(final);
}

function csi(): number[] {
  for (;;) {
    const params = some('0123456789;:<=>?', 0, 8);
    const intermediates = random() < 0.2 ? String.fromCharCode(int(0x20, 0x2f)) : '';
    const final = String.fromCharCode(int(0x40, 0x7e));
    if (!isKnownCsi(params, intermediates, final)) return [ESC, ...ascii(`[${params}${intermediates}${final}`)];
  }
}

const FAMILIES: Record<string, () => number[]> = {
  csi,
  // xterm's modified function keys: Ctrl+F1..F4, Ctrl+Shift+F1, and the X that crashed Ink too.
  modifiedFunctionKeys: () => [ESC, ...ascii(`[1;${pick(['2', '3', '5', '6', '7', '8'])}${pick(['P', 'Q', 'R', 'S', 'X'])}`)],
  ss3: () => [ESC, ...ascii(`O${pick([...'EGIJKLMNPQRSTUVWXYZjklmnopqrstuvwxy'])}`)],
  kitty: () => [ESC, ...ascii(`[${int(0, 0x10ffff)}${random() < 0.7 ? `;${int(1, 255)}${random() < 0.3 ? `:${int(1, 3)}` : ''}` : ''}u`)],
  kittyPrintable: () => [ESC, ...ascii(`[${pick([106, 107, 113, 101, 58, 99, 27, 13, 9, 127])};${int(1, 16)}u`)],
  modifyOtherKeys: () => [ESC, ...ascii(`[27;${int(1, 16)};${pick([106, 107, 113, 101, 99, 13, 27, int(32, 126)])}~`)],
  sgrMouse: () => [ESC, ...ascii(`[<${int(0, 127)};${int(1, 300)};${int(1, 100)}${pick(['M', 'm'])}`)],
  x10Mouse: () => [ESC, ...ascii('[M'), int(0x20, 0x7e), int(0x20, 0x7e), int(0x20, 0x7e)],
  focus: () => [ESC, ...ascii(pick(['[I', '[O']))],
  osc: () => [ESC, ...ascii(`]${pick(['10', '11', '52', '4;1'])};${some('rgb:/0123456789abcdefjkq ', 0, 30)}`), ...(random() < 0.5 ? [0x07] : [ESC, 0x5c])],
  dcs: () => [ESC, ...ascii(`${pick(['P', '_', '^'])}${some('1$r0m;jkq+=>', 0, 20)}`), ESC, 0x5c],
  invalidUtf8: () => [pick([0x80, 0xbf, 0xc0, 0xc1, 0xc3, 0xe2, 0xf0, 0xf5, 0xfe, 0xff])],
};

const hex = (bytes: readonly number[]): string[] => bytes.map((b) => b.toString(16).padStart(2, '0'));

describe('the input path, fuzzed through the built CLI', () => {
  it('ignores every sequence it has no key for, and survives random bytes', async () => {
    app = startApp({ cols: 100, rows: 30, args: ['--demo', '--still', '--users', '300'], cwd: scratch });
    const a = app;
    const start = await a.waitFor(APP_UP);
    a.send('j');
    const moved = await a.waitFor(/›user_000002/);
    a.send('k');
    await until(() => a.screen(), (s) => s === start, 'the first screen again');

    const roundTrip = async (what: string): Promise<void> => {
      a.send('j');
      await until(() => a.screen(), (s) => s === moved, `j to move the cursor, and nothing else, after ${what}`);
      a.send('k');
      await until(() => a.screen(), (s) => s === start, `k to move it back after ${what}`);
    };

    const names = Object.keys(FAMILIES);
    let sent = 0;
    for (let batch = 0; batch < 30; batch++) {
      const sequences = Array.from({ length: 12 }, (_, i) => {
        const name = names[(batch * 12 + i) % names.length]!;
        return { name, bytes: FAMILIES[name]!() };
      });
      // Ends focused: the live view would pause while not (invisibly, but it is state).
      const bytes = [...sequences.flatMap((s) => s.bytes), ESC, ...ascii('[I')];
      a.tmux('send-keys', '-t', a.session, '-H', ...hex(bytes));
      sent += sequences.length;
      await roundTrip(`batch ${batch}: ${JSON.stringify(sequences.map((s) => Buffer.from(s.bytes).toString('latin1')))}`);
    }
    expect(sent).toBe(360);

    // A bracketed paste outside a prompt says so and does nothing else; the next step clears it.
    a.tmux('send-keys', '-t', a.session, '-H', ...hex([ESC, ...ascii('[200~jjq:quit\r'), ESC, ...ascii('[201~')]));
    await a.waitFor(/past/i);
    await roundTrip('a bracketed paste');
    // A lone Esc is the Esc key: it closes help.
    a.send('?');
    await a.waitFor(/lines \d+-\d+ of \d+|help/i);
    a.tmux('send-keys', '-t', a.session, '-H', '1b');
    await until(() => a.screen(), (s) => s === start, 'Esc to close help');

    // Random bytes: anything may happen (keys among them), except dying or quitting. No `q`,
    // `:`, Ctrl-C or Ctrl-Z among them; no `]`, `P`, `_`, `^` or `M` either, which could start
    // a reply or a mouse report that swallows the rest of a read.
    const alphabet = [ESC, ...ascii('[O0123456789;<~ujknpgGdfwr?/s\t\r'), 0x7f, 0x08, 0x0c, ...Array.from({ length: 16 }, (_, i) => 0x80 + i * 8)];
    for (let batch = 0; batch < 20; batch++) {
      const bytes = Array.from({ length: int(1, 40) }, () => pick(alphabet));
      a.tmux('send-keys', '-t', a.session, '-H', ...hex(bytes));
    }
    // Close a paste the bytes may have opened, then quit.
    a.tmux('send-keys', '-t', a.session, '-H', ...hex([ESC, ...ascii('[201~')]));
    a.send('C-c');
    expect(await a.exitCode()).toBe(0);
    expect(a.everything()).not.toMatch(/openim-explorer: |Cannot read properties/);
  }, 120_000);
});
