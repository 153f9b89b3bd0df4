// Every copy (y, Y, C) against a hostile server over loopback: what reaches the clipboard carries
// no raw control whatever the server's IDs hold, an ID with one is refused in words, and the
// status line says how the copy travelled (OSC 52, and tmux's option when it takes none).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppStore } from '../../src/store/store.js';
import { COMMAND_LINE } from '../../src/keys/commands.js';
import { currentList } from '../../src/store/selectors.js';
import { startFaultServer, type FaultServer } from '../support/faultServer.js';
import { demoClient } from '../support/demoClient.js';
import { inertCases } from '../support/codePoints.js';

const IDS = inertCases(40);
const RAW_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const user = (userID: string, i: number) => ({ userID, nickname: userID, faceURL: '', ex: userID, createTime: 1_700_000_000_000 + i, appMangerLevel: 1, globalRecvMsgOpt: 0 });
const ok = (data: unknown) => ({ kind: 'json' as const, body: { errCode: 0, errMsg: '', errDlt: '', data } });

let server: FaultServer;
beforeAll(async () => {
  server = await startFaultServer((path) => {
    if (path === '/user/get_users') return ok({ total: IDS.length, users: IDS.map(user) });
    if (path === '/conversation/get_sorted_conversation_list') return ok({ conversationTotal: 0, unreadTotal: 0, conversationElems: [] });
    return ok({ total: 0, blacks: [], friendRequests: [] });
  });
});
afterAll(() => server.close());

function storeWith(copyNote?: () => string) {
  const copied: string[] = [];
  const store = createAppStore({
    client: demoClient(server, { token: 't' }),
    pageSize: IDS.length,
    pageSizeFixed: true,
    commandLine: COMMAND_LINE,
    copy: (t) => copied.push(t),
    ...(copyNote ? { copyNote } : {}),
  });
  return { store, copied };
}

async function loaded(store: ReturnType<typeof createAppStore>): Promise<void> {
  await expect.poll(() => currentList(store.getState())?.loading === false && currentList(store.getState())!.rows.length > 0, { timeout: 5000 }).toBe(true);
}

describe('copies from a hostile server', () => {
  it('y copies each row as one line of JSON with no raw control, and it parses back to the row', async () => {
    const { store, copied } = storeWith();
    store.getState().start();
    await loaded(store);
    for (let i = 0; i < IDS.length; i++) {
      store.getState().moveCursor(i - currentList(store.getState())!.cursor);
      store.getState().copyRow();
      const text = copied.at(-1)!;
      expect(RAW_CONTROL.test(text), JSON.stringify(IDS[i])).toBe(false);
      expect(JSON.parse(text)).toMatchObject({ userID: IDS[i], ex: IDS[i] });
    }
    expect(copied).toHaveLength(IDS.length);
    expect(store.getState().flash?.text).toBe('copied the row as JSON (OSC 52)');
  });

  it('Y copies an ID as it is, and refuses in words one that holds a control character', async () => {
    const { store, copied } = storeWith();
    store.getState().start();
    await loaded(store);
    const hostile = IDS.indexOf("x'\u007f;id>/tmp/PWNED;#");
    store.getState().moveCursor(hostile);
    store.getState().copyRowID();
    expect(copied).toEqual([]);
    expect(store.getState().flash).toMatchObject({ text: 'not copied: this ID holds control characters (y copies the row as JSON, escaped)', level: 'error' });
    const plain = IDS.indexOf('$(id)`id`$HOME!!');
    store.getState().moveCursor(plain - hostile);
    store.getState().copyRowID();
    expect(copied).toEqual(['$(id)`id`$HOME!!']);
    for (let i = 0; i < IDS.length; i++) {
      store.getState().moveCursor(i - currentList(store.getState())!.cursor);
      store.getState().copyRowID();
    }
    for (const text of copied) expect(RAW_CONTROL.test(text), JSON.stringify(text)).toBe(false);
  });

  it("C on a hostile user's list copies a curl of printable ASCII; the status line names tmux's option when it takes no OSC 52", async () => {
    const { store, copied } = storeWith(() => 'OSC 52; in tmux set set-clipboard on');
    store.getState().start();
    await loaded(store);
    store.getState().openUser("x'\u007f;id>/tmp/PWNED;#");
    await expect.poll(() => currentList(store.getState())?.kind === 'conversations' && currentList(store.getState())!.loadedPage === 1, { timeout: 5000 }).toBe(true);
    store.getState().copyCurl();
    expect(copied[0]).toMatch(/^[\u0020-\u007e]+$/);
    expect(copied[0]).toContain(String.raw`'{"userID":"x'\''\u007f;id>/tmp/PWNED;#"`);
    expect(store.getState().flash?.text).toBe('copied page 1 as curl, needs OPENIM_TOKEN (OSC 52; in tmux set set-clipboard on)');
  });
});
