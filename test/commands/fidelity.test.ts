// What the server sent, kept in the output: `__proto__` keys (kept like every other unknown key,
// never turned into a prototype, Object.prototype untouched) and int64 digit strings too long for
// a double (not `null` in JSON, not `Infinity` in CSV), over loopback, through the API client, the
// built CLI in every data format, and the explorer's copy of a row.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OpenIMClient } from '../../src/api/client.js';
import { getUsers } from '../../src/api/operations.js';
import { LISTS } from '../../src/lists/registry.js';
import { jsonText } from '../../src/data/formats.js';
import { carriesRawDigits } from '../../src/api/wireFidelity.js';
import { createAppStore } from '../../src/store/store.js';
import { currentList } from '../../src/store/selectors.js';
import { startTestServer, type TestServer } from '../support/recordingServer.js';
import { assertBuilt, runCli } from '../support/runCli.js';
import { NO_RETRIES } from '../support/retryPolicy.js';

// Each list's page operation, as the tests of the wire call it.
const getSortedConversationList = (...a: Parameters<typeof LISTS.conversations.operation.send>) => LISTS.conversations.operation.send(...a);

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJVc2VySUQiOiJpbUFkbWluIn0.ZmlkZWxpdHktdGVzdC10b2tlbg';
const HUGE = '9'.repeat(400); // Infinity as a double
const LONG = '123456789012345678901234567890'; // rounded as a double
const UNSAFE = '-9007199254740993'; // 17 digits: one past what a double holds exactly

// Written by hand: JSON.stringify of an object literal cannot produce a "__proto__" key.
const USERS_REPLY = `{"errCode":0,"errMsg":"","errDlt":"","data":{"total":"2","users":[
  {"userID":"u1","__proto__":{"polluted":"yes","isAdmin":true},"createTime":"${LONG}","appMangerLevel":"${HUGE}","globalRecvMsgOpt":"${UNSAFE}",
   "ext":{"\\u005f_proto__":{"polluted":"nested"},"keep":1}},
  {"userID":"u2","createTime":"1700000000000","nickname":"=cmd"},
  {"userID":"u3","nickname":"\\t=cmd|' /C calc'!A0"},{"userID":"u4","nickname":"\uFF20SUM(A1)"}]}}`;
const CONVERSATIONS_REPLY = `{"errCode":0,"errMsg":"","errDlt":"","data":{"conversationTotal":1,"unreadTotal":0,"conversationElems":[
  {"conversationID":"si_a_b","unreadCount":"${HUGE}","msgInfo":{"sendID":"a","__pr\\u006fto__":{"polluted":"msgInfo"},"LatestMsgRecvTime":"${LONG}","contentType":101,"content":"{\\"content\\":\\"hi\\"}"}}]}}`;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(req.path === '/user/get_users' ? USERS_REPLY : CONVERSATIONS_REPLY);
  });
});
afterAll(async () => {
  await server.close();
});

const client = () => new OpenIMClient({ baseUrl: server.url, token: TOKEN, adminUserID: 'imAdmin', timeoutMs: 5000, retryPolicy: NO_RETRIES, maxBodyBytes: 1 << 20 });
const pagination = { pageNumber: 1, showNumber: 20 };

function expectNoPollution(): void {
  expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
}

/** The first user as the output formats see it: parsed back from JSON, where "__proto__" is an own key. */
function expectUser1(row: Record<string, unknown>): void {
  expect(Object.hasOwn(row, '__proto__')).toBe(true);
  expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toEqual({ polluted: 'yes', isAdmin: true });
  expect(row.createTime).toBe(LONG);
  expect(row.appMangerLevel).toBe(HUGE);
  expect(row.globalRecvMsgOpt).toBe(UNSAFE);
  expect(Object.getOwnPropertyDescriptor(row.ext, '__proto__')?.value).toEqual({ polluted: 'nested' });
}

describe('the API client', () => {
  it('keeps __proto__ keys as own data, never as the prototype, and leaves Object.prototype alone', async () => {
    const page = await getUsers(client(), { pagination });
    const [u1, u2] = page.rows as unknown as Record<string, unknown>[];
    expect(Object.getPrototypeOf(u1)).toBe(Object.prototype);
    expect(u1!.polluted).toBeUndefined();
    expect(u1!.isAdmin).toBeUndefined();
    expect(Object.getOwnPropertyDescriptor(u1, '__proto__')?.value).toEqual({ polluted: 'yes', isAdmin: true });
    // The UI still gets numbers where the schema says so; the row without such keys is untouched.
    expect(typeof u1!.createTime).toBe('number');
    expect(Object.hasOwn(u2!, '__proto__')).toBe(false);
    expect(u2!.createTime).toBe(1_700_000_000_000);
    // The digits are kept on the row that had them, not process-wide: the other row is written plainly.
    expect([carriesRawDigits(u1), carriesRawDigits(u2)]).toEqual([true, false]);
    expectUser1(JSON.parse(jsonText(page.rows))[0] as Record<string, unknown>);
    expectNoPollution();
  });

  it('keeps them in nested known objects too (a conversation\'s msgInfo), the key spelled with an escape', async () => {
    const page = await getSortedConversationList(client(), { userID: 'a', pagination });
    const row = JSON.parse(jsonText(page.rows[0])) as { unreadCount: unknown; msgInfo: Record<string, unknown> };
    expect(row.unreadCount).toBe(HUGE);
    expect(row.msgInfo.LatestMsgRecvTime).toBe(LONG);
    expect(Object.getOwnPropertyDescriptor(row.msgInfo, '__proto__')?.value).toEqual({ polluted: 'msgInfo' });
    expectNoPollution();
  });
});

describe('the built CLI', { tags: ['cli'] }, () => {
  beforeAll(assertBuilt);

  it.each(['json', 'ndjson'])('-o %s keeps __proto__ keys and the digits', async (format) => {
    const r = await runCli(['users', '--base-url', server.url, '-o', format], { OPENIM_TOKEN: TOKEN });
    expect(r.code).toBe(0);
    const rows = (format === 'json' ? JSON.parse(r.stdout) : r.stdout.trim().split('\n').map((l) => JSON.parse(l))) as Record<string, unknown>[];
    expect(rows).toHaveLength(4);
    expectUser1(rows[0]!);
    expect(r.stdout).not.toMatch(/null|e\+/);
  });

  it('-o csv writes the digits, not Infinity or a rounded number', async () => {
    const users = await runCli(['users', '--base-url', server.url, '-o', 'csv'], { OPENIM_TOKEN: TOKEN });
    expect(users.code).toBe(0);
    const [header, first, second, third, fourth] = users.stdout.split('\r\n');
    expect(header).toBe('userID,nickname,createTime,appMangerLevel,globalRecvMsgOpt,faceURL,ex');
    expect(first).toBe(`u1,,${LONG},${HUGE},${UNSAFE},,`);
    // Formula guard: a leading tab (cleaned to spaces) and a full-width @ are marked too.
    expect(second).toBe("u2,'=cmd,1700000000000,0,0,,");
    expect(third).toBe("u3,'  =cmd|' /C calc'!A0,0,0,0,,");
    expect(fourth).toBe("u4,'\uFF20SUM(A1),0,0,0,,");
    const conversations = await runCli(['conversations', '--user', 'imAdmin', '--base-url', server.url, '-o', 'csv'], { OPENIM_TOKEN: TOKEN });
    expect(conversations.stdout).toContain(`,${HUGE},`);
    expect(conversations.stdout).toContain(`,${LONG},`);
    expect(conversations.stdout).not.toMatch(/Infinity|e\+/);
  });
});

describe("the explorer's copy of a row (y)", () => {
  it('holds the __proto__ key and the digits', async () => {
    const copied: string[] = [];
    const store = createAppStore({ client: client(), pageSize: 20, copy: (text) => copied.push(text) });
    store.getState().start();
    await vi.waitFor(() => expect(currentList(store.getState())?.rows).toHaveLength(4), { timeout: 5000 });
    store.getState().copyRow();
    expectUser1(JSON.parse(copied[0]!) as Record<string, unknown>);
    store.getState().quit();
    expectNoPollution();
  });
});
