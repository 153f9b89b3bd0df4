// A page's request as curl: the operation's path, the headers and body the app sends, the body in
// single quotes (a quote in it closed, escaped and reopened), the token as $OPENIM_TOKEN.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { curlCommand, shellQuote } from '../../src/api/curl.js';
import type { PageRequest } from '../../src/api/pages.js';
import { listDef } from '../../src/lists/registry.js';

/** The call a page of a list sends, as the app builds it (each list says its own). */
const pageCall = (request: PageRequest) => listDef(request.kind).call(request);

describe('curlCommand', () => {
  it('POSTs the page of users as the app does', () => {
    const call = pageCall({ kind: 'users', page: 2, size: 20, query: { keyword: '', conversationIDs: [] } });
    expect(curlCommand('http://10.0.0.5:10002/', call, 'op-1')).toBe(
      `curl -sS -X POST 'http://10.0.0.5:10002/user/get_users' -H 'content-type: application/json' -H 'operationID: op-1' -H "token: $OPENIM_TOKEN" --data-raw '{"pagination":{"pageNumber":2,"showNumber":20}}'`,
    );
  });

  it('names each list operation and its body', () => {
    const query = { keyword: "O'Brien", conversationIDs: ['si_a_b'] };
    expect(curlCommand('https://im.example.org/api', pageCall({ kind: 'accounts', page: 1, size: 10, query }), 'x')).toContain(
      `'https://im.example.org/api/user/search_notification_account' `,
    );
    const conversations = curlCommand('http://h', pageCall({ kind: 'conversations', userID: 'u1', page: 3, size: 5, query }), 'x');
    expect(conversations).toContain(`'http://h/conversation/get_sorted_conversation_list'`);
    expect(conversations).toContain(`--data-raw '{"userID":"u1","pagination":{"pageNumber":3,"showNumber":5},"conversationIDs":["si_a_b"]}'`);
  });

  it("escapes a quote in the body, and the shell reads back the app's JSON exactly", () => {
    const call = pageCall({ kind: 'accounts', page: 1, size: 10, query: { keyword: `O'Brien "x" $HOME \`id\` \\ \n`, conversationIDs: [] } });
    const command = curlCommand('http://h', call, 'x');
    expect(command).toContain(`'{"keyword":"O'\\''Brien \\"x\\" $HOME \`id\` \\\\ \\n",`);
    expect(command).not.toContain('\n');
    // What sh passes to curl as the body is the JSON the app sends.
    const body = command.slice(command.indexOf('--data-raw ') + '--data-raw '.length);
    expect(execFileSync('sh', ['-c', `printf %s ${body}`], { encoding: 'utf8' })).toBe(JSON.stringify(call.body));
  });

  it('never holds a token: the shell puts $OPENIM_TOKEN in', () => {
    const call = pageCall({ kind: 'blacklist', userID: 'u', page: 1, size: 1, query: { keyword: '', conversationIDs: [] } });
    const command = curlCommand('http://h', call, 'x');
    expect(command).toContain('-H "token: $OPENIM_TOKEN"');
    expect(execFileSync('sh', ['-c', `printf '%s\\n' ${command.slice(command.indexOf('-H "token'))}`], { encoding: 'utf8', env: { OPENIM_TOKEN: 'T0K' } })).toContain('token: T0K');
  });

  it('quotes a word for sh', () => {
    expect(shellQuote("a'b")).toBe(`'a'\\''b'`);
    expect(execFileSync('sh', ['-c', `printf %s ${shellQuote("it's $x")}`], { encoding: 'utf8' })).toBe("it's $x");
  });
});
