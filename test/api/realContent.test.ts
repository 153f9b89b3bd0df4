// Real message payloads from OpenIM's issue trackers, served over loopback as a server would put
// them in a conversation's latest message, read by the client and decoded for the table.
import { afterEach, describe, expect, it } from 'vitest';
import { OpenIMClient } from '../../src/api/client.js';
import { LISTS } from '../../src/lists/registry.js';
import { decodeContent } from '../../src/content/decode.js';
import { DEMO, startDemoServer, type DemoServer } from 'openim-demo-server';
import { startFaultServer, type FaultServer } from '../support/faultServer.js';
import { NO_RETRIES } from '../support/retryPolicy.js';
import { latestMessage } from '../fixtures/conversations.js';

// Each list's page operation, as the tests of the wire call it.
const getSortedConversationList = (...a: Parameters<typeof LISTS.conversations.operation.send>) => LISTS.conversations.operation.send(...a);

const msgInfo = (sessionType: number, msgFrom: number, contentType: number, content: string) =>
  latestMessage({ sessionType, sendID: 'notify_hr', recvID: 'user_000001', senderName: '', msgFrom, contentType, content });

let faults: FaultServer | undefined;
let demo: DemoServer | undefined;
afterEach(async () => {
  await faults?.close();
  await demo?.close();
  faults = undefined;
  demo = undefined;
});

const base = { adminUserID: 'imAdmin', timeoutMs: 3000, retryPolicy: NO_RETRIES, maxBodyBytes: 1 << 20 };

describe('real content over the wire', () => {
  it('decodes openim-sdk-core #1047 (system custom message) and openim-sdk-js-wasm #101 (picture without sizes)', async () => {
    const custom = '{"data":"您好，当前为非工作时间…","description":"群文本通知","extension":"{\\"subType\\":11001}"}';
    const picture = '{"sourcePicture":{"uuid":"53d36b5f-…","type":"image/webp","size":0,"width":0,"height":0,"url":"https://…webp"}}';
    faults = await startFaultServer(() => ({
      kind: 'json',
      body: {
        errCode: 0, errMsg: '', errDlt: '',
        data: {
          conversationTotal: 2, unreadTotal: 0,
          conversationElems: [
            { conversationID: 'sn_notify_hr_user_000001', recvMsgOpt: 0, unreadCount: 0, IsPinned: false, msgInfo: msgInfo(4, 200, 110, custom) },
            { conversationID: 'si_user_000001_user_000002', recvMsgOpt: 0, unreadCount: 0, IsPinned: false, msgInfo: msgInfo(1, 100, 102, picture) },
          ],
        },
      },
    }));
    const client = new OpenIMClient({ ...base, baseUrl: faults.url, token: 'eyJhbGciOiJIUzI1NiJ9.e30.c2ln' });
    const page = await getSortedConversationList(client, { userID: 'user_000001', pagination: { pageNumber: 1, showNumber: 10 } });
    const summaries = page.rows.map((row) => decodeContent(row.msgInfo?.contentType ?? 0, row.msgInfo?.content ?? '').summary);
    expect(summaries).toEqual(['[Custom] 群文本通知: 您好，当前为非工作时间…', '[Picture] size unknown']);
  });

  it('the demo\'s notification sessions carry such a system custom message too', async () => {
    demo = await startDemoServer({ users: 100 });
    const client = new OpenIMClient({ ...base, baseUrl: demo.url, secret: DEMO.secret });
    const page = await getSortedConversationList(client, { userID: DEMO.firstUserID, pagination: { pageNumber: 1, showNumber: 500 } });
    const systemCustom = page.rows.filter((r) => r.msgInfo?.contentType === 110 && r.msgInfo.msgFrom === 200 && r.msgInfo.sessionType === 4);
    expect(systemCustom.length).toBeGreaterThan(0);
    for (const row of systemCustom) {
      const decoded = decodeContent(110, row.msgInfo?.content ?? '');
      expect(decoded.summary).toMatch(/^\[Custom\] .+: .+/);
      expect(decoded.facts.find((f) => f.label === 'Extension')?.value).toBe('{subType: 11001}');
    }
  });
});
