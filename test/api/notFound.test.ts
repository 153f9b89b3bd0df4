// The 1004 of get_sorted_conversation_list, in the shapes real servers send (openim-api.md §5.2,
// §10), from a server of the test's own over loopback: only the plain RecordNotFoundError is "no
// conversations"; a 1004 carrying MongoDB's text is a failure whose text reaches the caller.
import { afterEach, describe, expect, it } from 'vitest';
import { OpenIMClient } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import { LISTS } from '../../src/lists/registry.js';
import { startFaultServer, type FaultServer } from '../support/faultServer.js';
import { NO_RETRIES } from '../support/retryPolicy.js';

// Each list's page operation, as the tests of the wire call it.
const getSortedConversationList = (...a: Parameters<typeof LISTS.conversations.operation.send>) => LISTS.conversations.operation.send(...a);

let server: FaultServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function answer(errMsg: string, errDlt: string) {
  server = await startFaultServer(() => ({ kind: 'json', body: { errCode: 1004, errMsg, errDlt } }));
  const client = new OpenIMClient({ baseUrl: server.url, token: 't', adminUserID: 'imAdmin', timeoutMs: 2000, retryPolicy: NO_RETRIES, maxBodyBytes: 1e6 });
  return getSortedConversationList(client, { userID: 'u1', pagination: { pageNumber: 1, showNumber: 10 } }).catch((e: unknown) => e);
}

describe('1004 from the conversation list', () => {
  for (const [version, errMsg, errDlt] of [
    ['v3.8.3 and later', 'RecordNotFoundError', 'RecordNotFoundError'],
    ['v3.8.0 to v3.8.2', '1004 RecordNotFoundError', '1004 RecordNotFoundError'],
    ['a detail dropped', 'RecordNotFoundError', ''],
  ] as const) {
    it(`plain RecordNotFoundError (${version}) is an empty list with a notice`, async () => {
      const result = await answer(errMsg, errDlt);
      expect(result).toMatchObject({ rows: [], total: 0, notice: expect.stringMatching(/^no conversations \(server: 1004/) });
    });
  }

  for (const [version, errMsg, errDlt] of [
    ['v3.8.3-patch.5', 'RecordNotFoundError', 'mongo: no documents in result mongo find one'],
    ['v3.8.3 (tools a67)', 'RecordNotFoundError', 'mongo find one'],
    [
      'v3.7 capture (open-im-server#2516)',
      '1004 mongo find one: mongo: no documents in result mongo find one: mongo: no documents in result',
      '1004 mongo find one: mongo: no documents in result mongo find one: mongo: no documents in result',
    ],
  ] as const) {
    it(`with a database message (${version}) is a failure with its text`, async () => {
      const result = await answer(errMsg, errDlt);
      expect(result).toBeInstanceOf(ApiError);
      expect(result).toMatchObject({ errCode: 1004, errDlt });
    });
  }
});
