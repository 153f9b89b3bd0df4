// A page's request as a curl command, to paste into a shell: POST to the operation's path with the
// headers and JSON body the app sends (http.ts), the token as $OPENIM_TOKEN and never its value.
import { OPERATION_PATHS } from './operations.js';
import type { PageCall } from './pages.js';

/** `text` as one POSIX shell word in single quotes: a quote inside is closed, escaped and reopened. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * The curl command that fetches this page from `baseUrl`. The body is JSON.stringify's, as the app
 * sends it (control characters come out escaped, so it stays on one line).
 */
export function curlCommand(baseUrl: string, call: PageCall, operationID: string): string {
  const url = baseUrl.replace(/\/+$/, '') + OPERATION_PATHS[call.operation];
  return [
    'curl -sS -X POST',
    shellQuote(url),
    `-H ${shellQuote('content-type: application/json')}`,
    `-H ${shellQuote(`operationID: ${operationID}`)}`,
    // Double quotes: the shell puts the variable's value in; the command itself never holds it.
    '-H "token: $OPENIM_TOKEN"',
    `--data-raw ${shellQuote(JSON.stringify(call.body))}`,
  ].join(' ');
}
