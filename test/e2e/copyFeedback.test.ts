// What the status line says a copy was sent as, in tmux (issue 34): with tmux's defaults
// (set-clipboard external) tmux takes no OSC 52 and makes no paste buffer, so the message names
// the option to set; with set-clipboard on, the copy is in tmux's buffer and the message says OSC 52
// alone. At 80x24 and 120x40.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from 'openim-demo-server';
import { assertTmux, until, type App } from '../support/tmux.js';
import { demoApps } from '../support/demoApp.js';

const TEST_MS = 60_000;
const USER = DEMO.firstUserID;
const HINT = 'in tmux set set-clipboard on';

const startDemo = demoApps();
beforeAll(() => assertTmux());

const buffers = (a: App): string => a.tmux('list-buffers', '-F', '#{buffer_name}');

describe.each([
  { cols: 80, rows: 24 },
  { cols: 120, rows: 40 },
])('at $cols x $rows', ({ cols, rows }) => {
  it("with tmux's defaults, Y and C say the copy went out as OSC 52 and name the option that makes tmux take it", async () => {
    const a = await startDemo({ cols, rows });
    a.send('Y');
    await a.waitFor(`copied ${USER} (OSC 52; ${HINT})`);
    a.send('C');
    await a.waitFor(`copied page 1 as curl, needs OPENIM_TOKEN (OSC 52; ${HINT})`);
    expect(buffers(a)).toBe('');
    // Once the option is set, the next copy is in tmux's buffer and the hint is gone.
    a.tmux('set-option', '-s', 'set-clipboard', 'on');
    a.send('y');
    await a.waitFor('copied the row as JSON (OSC 52)');
    expect(a.screen()).not.toContain(HINT);
    expect(JSON.parse(await until(() => a.tmux('show-buffer'), (b) => b.startsWith('{'), 'the row in a buffer'))).toMatchObject({ userID: USER });
  }, TEST_MS);

  it('with set-clipboard on, Y says OSC 52 alone and the ID is in the paste buffer', async () => {
    const a = await startDemo({ cols, rows, options: [['set-clipboard', 'on']] });
    a.send('Y');
    await a.waitFor(`copied ${USER} (OSC 52)`);
    expect(a.screen()).not.toContain(HINT);
    expect(await until(() => a.tmux('show-buffer'), (b) => b !== '', 'a paste buffer')).toBe(USER);
  }, TEST_MS);
});
