// A one-shot answer on stdout: --help, --version, a completion script. The reader leaving early
// (`--help | head -1`: EPIPE) is a quiet success; any other lost write is said on stderr in words
// and exits EXIT_OUTPUT; neither is ever a stack trace. Small on purpose: the bin (bin.ts) loads it.
import { errnoCode, errnoWords } from '../data/localFile.js';
import { EXIT_OK, EXIT_OUTPUT } from './exitCodes.js';

/** Writes `text`; resolves with the exit code of how the write went. */
export function printAnswer(
  text: string,
  stdout: NodeJS.WritableStream = process.stdout,
  stderr: NodeJS.WritableStream = process.stderr,
): Promise<number> {
  return new Promise((resolve) => {
    // The callback below reports it; without a listener the stream's 'error' would end the process.
    stdout.once('error', () => undefined);
    stdout.write(text, (error) => {
      const code = errnoCode(error);
      if (!error || code === 'EPIPE') return resolve(EXIT_OK);
      stderr.write(`openim-explorer: cannot write to stdout: ${errnoWords(code)}${code ? ` (${code})` : ''}\n`);
      resolve(EXIT_OUTPUT);
    });
  });
}
