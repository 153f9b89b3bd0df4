// A page's request as a curl command, to paste into a shell: POST to the URL the client requests
// (http.ts joinUrl, as transport.ts parses it) with the headers and JSON body the app sends, the
// token as $OPENIM_TOKEN and never its value. Every word is printable ASCII in single quotes
// (inertText.ts), so the command is data in every POSIX shell, dash included, until Enter runs it.
import { joinUrl } from './http.js';
import { asciiJsonText, shellWord } from './inertText.js';
import type { PageCall } from './pages.js';

export type CurlCommand = { ok: true; command: string } | { ok: false; problem: string };

/**
 * The curl command that fetches this page from `baseUrl`, or why there is none. The body is the
 * JSON the app sends with everything outside ASCII as \u escapes (the same JSON to the server).
 */
export function curlCommand(baseUrl: string, call: PageCall, operationID: string): CurlCommand {
  return requestCurlCommand(baseUrl, { path: call.operation.path, body: call.body }, operationID);
}

/** The same for any request as sent (a path and its body): the trace's evidence writes one per request. */
export function requestCurlCommand(baseUrl: string, call: { path: string; body: object }, operationID: string): CurlCommand {
  let url: string;
  try {
    // The serialised URL: tabs and newlines dropped, the rest outside ASCII percent-encoded, as sent.
    url = new URL(joinUrl(baseUrl, call.path)).href;
  } catch {
    return { ok: false, problem: 'the base URL cannot be parsed' };
  }
  const words = [url, 'content-type: application/json', `operationID: ${operationID}`, asciiJsonText(JSON.stringify(call.body))].map(shellWord);
  const [urlWord, typeWord, idWord, bodyWord] = words;
  if (urlWord === undefined) return { ok: false, problem: 'the base URL holds characters a shell could act on' };
  if (typeWord === undefined || idWord === undefined || bodyWord === undefined) {
    return { ok: false, problem: 'the request holds characters a shell could act on' };
  }
  return {
    ok: true,
    command: [
      'curl -sS -X POST',
      urlWord,
      `-H ${typeWord}`,
      `-H ${idWord}`,
      // Double quotes: the shell puts the variable's value in; the command itself never holds it.
      '-H "token: $OPENIM_TOKEN"',
      `--data-raw ${bodyWord}`,
    ].join(' '),
  };
}
