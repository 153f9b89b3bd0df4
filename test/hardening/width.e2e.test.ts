// Width disagreement, in a real terminal: text that tmux draws wider than string-width says (a
// skin tone after a letter, Thai SARA AM, a Devanagari conjunct, an odd regional indicator, a ZWJ
// sequence with skin tones) made a full-width row wrap and blank the row below. tmux itself is the
// judge here: it draws every string as the app renders it, and its cursor says how far it went
// (cursorWidths.mjs), which must never be more than the app measured. Then the built CLI shows
// those strings in every row, alone and beside the detail pane, and no row may move.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import stringWidth from 'string-width';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { displayText } from '../../src/terminal/settle.js';
import { displayWidth } from '../../src/terminal/width.js';
import { HOSTILE_VALUES } from '../fixtures/hostile.js';
import { DISPUTED } from '../fixtures/widths.js';
import { startUsersServer, type FaultServer } from '../support/faultServer.js';
import { assertTmux, startApp, startShell, type App } from '../support/tmux.js';

const MEASURE = join(import.meta.dirname, 'cursorWidths.mjs');
const dir = mkdtempSync(join(tmpdir(), 'oie-width-'));
let runs = 0;

/** tmux's own width of each string: printed in a tmux pane, read back from the cursor. */
async function tmuxWidths(strings: readonly string[]): Promise<number[]> {
  const input = join(dir, `strings-${++runs}.json`);
  const output = join(dir, `widths-${runs}.json`);
  writeFileSync(input, JSON.stringify(strings));
  const term = startShell({ cols: 220, rows: 10 });
  try {
    await term.waitFor(/^[#$]\s*$/m);
    term.run(`node ${MEASURE} ${input} ${output}`);
    await term.waitFor('measured', 30_000);
    return JSON.parse(readFileSync(output, 'utf8')) as number[];
  } finally {
    term.kill();
  }
}

const ROWS = DISPUTED.map((text, i) => ({
  userID: `row_${String(i).padStart(2, '0')}`,
  nickname: text,
  // Long enough to fill the detail pane's lines, which sit right of the table's rows.
  faceURL: `${text} `.repeat(12),
  ex: `${text} `.repeat(12),
  createTime: 1_700_000_000_000 + i,
  appMangerLevel: 1,
  globalRecvMsgOpt: 0,
}));

let server: FaultServer;
let app: App | undefined;
beforeAll(async () => {
  assertTmux();
  server = await startUsersServer(ROWS);
});
afterEach(() => {
  app?.kill();
  app = undefined;
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the app measures what tmux draws', () => {
  it('tmux never draws a rendered string wider than the app measured it', async () => {
    const rendered = [...DISPUTED, ...HOSTILE_VALUES].map((s) => displayText(s)).filter((s) => displayWidth(s) < 200);
    const drawn = await tmuxWidths(rendered);
    const wider = rendered.map((s, i) => ({ s, app: displayWidth(s), tmux: drawn[i]! })).filter((r) => r.tmux > r.app);
    expect(wider).toEqual([]);
    // Not vacuous: tmux does draw some of these wider than string-width (Ink's measure) says.
    expect(rendered.some((s, i) => drawn[i]! > stringWidth(s))).toBe(true);
  }, 60_000);
});

/** The screen's lines; the table's header line and the row lines after it. */
function table(screen: string): { lines: string[]; header: number } {
  const lines = screen.split('\n');
  return { lines, header: lines.findIndex((line) => line.startsWith(' USER ID')) };
}

/** Every row on its own line, in order, starting with its ID: nothing wrapped onto the next line. */
function rowsInPlace(screen: string, cursor: number): boolean {
  const { lines, header } = table(screen);
  if (!lines[0]?.startsWith('openim-explorer') || header < 0) return false;
  return ROWS.every((row, j) => (lines[header + 1 + j] ?? '').startsWith(`${j === cursor ? '›' : ' '}${row.userID} `));
}

async function walkRows(a: App, cols: number): Promise<string[]> {
  const screens: string[] = [];
  for (let i = 0; i < ROWS.length; i++) {
    if (i > 0) a.send('j');
    try {
      screens.push(await a.waitFor((s) => rowsInPlace(s, i), 10_000));
    } catch (error) {
      throw new Error(`with the cursor on ${ROWS[i]!.userID} (${JSON.stringify(DISPUTED[i])}) at ${cols} columns, a row moved:\n${String(error)}`);
    }
  }
  return screens;
}

/** Each line of each screen, measured by the app and by tmux: both within the terminal's width. */
async function linesFit(screens: readonly string[], cols: number): Promise<void> {
  const lines = [...new Set(screens.flatMap((s) => s.split('\n')))].filter((line) => line.trim() !== '');
  const drawn = await tmuxWidths(lines);
  lines.forEach((line, i) => {
    expect(displayWidth(line), line).toBeLessThanOrEqual(cols);
    expect(drawn[i], line).toBeLessThanOrEqual(displayWidth(line));
  });
}

describe('the built CLI in tmux', () => {
  it('80 columns: moving over every row, no row wraps and the header stays', async () => {
    app = startApp({ cols: 80, rows: 24, args: ['--base-url', server.url, '--token', 't', '--page-size', '20'] });
    const screens = await walkRows(app, 80);
    await linesFit(screens, 80);
  }, 90_000);

  it('160 columns with the detail pane beside the table: rows and pane stay in place', async () => {
    app = startApp({ cols: 160, rows: 40, args: ['--base-url', server.url, '--token', 't', '--page-size', '20'] });
    await app.waitFor((s) => rowsInPlace(s, 0));
    app.send('d');
    const screens: string[] = [];
    for (let i = 0; i < ROWS.length; i++) {
      if (i > 0) app.send('j');
      const userID = ROWS[i]!.userID;
      // The pane's rule and its title (the row's ID) stay on their lines, right of the table.
      const paneInPlace = (s: string): boolean => {
        const { lines, header } = table(s);
        return rowsInPlace(s, i) && (lines[header]?.includes('── detail') ?? false) && (lines[header + 1]?.endsWith(`User ${userID}`) ?? false);
      };
      screens.push(await app.waitFor(paneInPlace, 10_000).catch((error: unknown) => {
        throw new Error(`pane beside ${userID} (${JSON.stringify(DISPUTED[i])}):\n${String(error)}`);
      }));
    }
    await linesFit(screens, 160);
  }, 120_000);
});
