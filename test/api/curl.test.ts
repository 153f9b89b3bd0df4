// A page's request as curl: the URL the client requests, the headers and body the app sends, every
// word printable ASCII in single quotes, the token as $OPENIM_TOKEN. Over every class of code
// point in the request and in the base URL, a real sh (dash) and bash read the command back as the
// request: the body parses to the app's body, and nothing but curl runs.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { curlCommand } from '../../src/api/curl.js';
import type { PageRequest } from '../../src/lists/types.js';
import { LISTS, pageCall } from '../../src/lists/registry.js';
import { inertCases } from '../support/codePoints.js';

const query = LISTS.users.query.initial;
const PRINTABLE_ASCII = /^[\u0020-\u007e]*$/;

/** The command, or the test fails with the reason it was refused. */
function command(baseUrl: string, request: PageRequest, operationID = 'x'): string {
  const curl = curlCommand(baseUrl, pageCall(request), operationID);
  if (!curl.ok) throw new Error(curl.problem);
  return curl.command;
}

/**
 * Runs each command in one `shell` script with curl as a function that prints its arguments: what
 * the shell would have handed curl, one list per command. The script is read from stdin, as a
 * paste is, and may be longer than an argument can be.
 */
function curlArguments(shell: 'sh' | 'bash', commands: readonly string[]): string[][] {
  const script = [`curl() { for a in "$@"; do printf '%s\\n' "$a"; done; echo ---; }`, ...commands].join('\n');
  const out = execFileSync(shell, ['-s'], { input: script, encoding: 'utf8', env: { PATH: process.env.PATH, OPENIM_TOKEN: 'T0K' }, maxBuffer: 64 << 20 });
  return out.split('---\n').slice(0, -1).map((block) => block.split('\n').slice(0, -1));
}

describe('curlCommand', () => {
  it('POSTs the page of users as the app does', () => {
    expect(command('http://10.0.0.5:10002/', { kind: 'users', page: 2, size: 20, query }, 'op-1')).toBe(
      `curl -sS -X POST 'http://10.0.0.5:10002/user/get_users' -H 'content-type: application/json' -H 'operationID: op-1' -H "token: $OPENIM_TOKEN" --data-raw '{"pagination":{"pageNumber":2,"showNumber":20}}'`,
    );
  });

  it('names each list operation and its body', () => {
    const q = { keyword: "O'Brien", conversationIDs: ['si_a_b'] };
    expect(command('https://im.example.org/api', { kind: 'accounts', page: 1, size: 10, query: q })).toContain(
      `'https://im.example.org/api/user/search_notification_account' `,
    );
    const conversations = command('http://h', { kind: 'conversations', userID: 'u1', page: 3, size: 5, query: q });
    expect(conversations).toContain(`'http://h/conversation/get_sorted_conversation_list'`);
    expect(conversations).toContain(`--data-raw '{"userID":"u1","pagination":{"pageNumber":3,"showNumber":5},"conversationIDs":["si_a_b"]}'`);
  });

  it("escapes a quote in the body, and the shell reads back the app's JSON exactly", () => {
    const request: PageRequest = { kind: 'accounts', page: 1, size: 10, query: { keyword: `O'Brien "x" $HOME \`id\` \\ \n` } };
    const curl = command('http://h', request);
    expect(curl).toContain(`'{"keyword":"O'\\''Brien \\"x\\" $HOME \`id\` \\\\ \\n",`);
    const [args] = curlArguments('sh', [curl]);
    expect(args!.at(-1)).toBe(JSON.stringify(pageCall(request).body));
  });

  it('never holds a token: the shell puts $OPENIM_TOKEN in', () => {
    const curl = command('http://h', { kind: 'blacklist', userID: 'u', page: 1, size: 1, query });
    expect(curl).toContain('-H "token: $OPENIM_TOKEN"');
    expect(curl).not.toContain('T0K');
    expect(curlArguments('sh', [curl])[0]).toContain('token: T0K');
  });

  it.each(['sh', 'bash'] as const)('over every class of code point in the request, %s hands curl the request and runs nothing else', (shell) => {
    const cases = inertCases();
    const requests: PageRequest[] = cases.flatMap((text): PageRequest[] => [
      { kind: 'conversations', userID: text, page: 1, size: 20, query: { conversationIDs: [text] } },
      { kind: 'accounts', page: 2, size: 5, query: { keyword: text } },
    ]);
    const commands = requests.map((r) => command('http://127.0.0.1:18001/', r));
    for (const c of commands) expect(c).toMatch(PRINTABLE_ASCII);
    const handed = curlArguments(shell, commands);
    expect(handed).toHaveLength(requests.length);
    handed.forEach((args, i) => {
      expect(args.slice(0, 4)).toEqual(['-sS', '-X', 'POST', `http://127.0.0.1:18001${i % 2 === 0 ? '/conversation/get_sorted_conversation_list' : '/user/search_notification_account'}`]);
      expect(JSON.parse(args.at(-1)!)).toEqual(pageCall(requests[i]!).body);
    });
  });

  it('copies the URL the client requests, serialised, whatever the base URL holds', () => {
    const bases = [
      ...inertCases(100).map((text) => `http://127.0.0.1:18001/a${text}`),
      // The issue's: an end of bracketed paste, a ^U and a command after a newline.
      'http://127.0.0.1:18001/a\u001b[201~\u0015id>/tmp/PWNED\nb',
      'http://例え.jp:10002/',
    ];
    const copied: { command: string; href: string }[] = [];
    for (const base of bases) {
      const curl = curlCommand(base, pageCall({ kind: 'users', page: 1, size: 1, query }), 'x');
      if (!curl.ok) {
        // Only a URL that cannot be parsed is refused: WHATWG's serialisation is ASCII.
        expect(() => new URL(base), JSON.stringify(base)).toThrow();
        expect(curl.problem).toBe('the base URL cannot be parsed');
        continue;
      }
      expect(curl.command, JSON.stringify(base)).toMatch(PRINTABLE_ASCII);
      copied.push({ command: curl.command, href: new URL(`${base.replace(/\/+$/, '')}/user/get_users`).href });
    }
    expect(copied.length).toBeGreaterThan(bases.length / 2);
    const handed = curlArguments('sh', copied.map((c) => c.command));
    handed.forEach((args, i) => expect(args[3]).toBe(copied[i]!.href));
    expect(copied.at(-1)!.href).toBe('http://xn--r8jz45g.jp:10002/user/get_users');
    expect(copied.at(-2)!.href).toBe('http://127.0.0.1:18001/a%1B[201~%15id%3E/tmp/PWNEDb/user/get_users');
  });

  it('refuses, in words, a base URL that cannot be parsed', () => {
    expect(curlCommand('http://a\u007fb/', pageCall({ kind: 'users', page: 1, size: 1, query }), 'x')).toEqual({ ok: false, problem: 'the base URL cannot be parsed' });
  });
});
