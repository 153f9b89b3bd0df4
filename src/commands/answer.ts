// A one-shot answer on stdout: --help, --version, a completion script. The reader leaving early
// (`--help | head -1`: EPIPE) is a quiet success; any other lost write is said on stderr in words
// and exits EXIT_OUTPUT; neither is ever a stack trace. Small on purpose: the bin (bin.ts) loads it.
import { writeSync } from 'node:fs';
import { errnoCode, errnoWords } from '../data/errno.js';
import { EXIT_OK, EXIT_OUTPUT } from './exitCodes.js';

/**
 * Writes `text` to the descriptor at once; resolves with the exit code of how the write went.
 * Not through process.stdout: making that stream (a tty, pipe or file one) costs a twentieth of
 * `node -e 0`, all of --help's margin (bench figure 2). What the descriptor cannot take now
 * (EAGAIN: a non-blocking pipe whose reader is slow) goes through the stream.
 */
export function printAnswer(
  text: string,
  fd = 1,
  write: (fd: number, bytes: Uint8Array, offset: number) => number = writeSync,
  // A function: a default of process.stdout itself would make the stream on every call.
  stream: () => { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream } = () => process,
): Promise<number> {
  const bytes = Buffer.from(text, 'utf8');
  let written = 0;
  try {
    while (written < bytes.length) written += write(fd, bytes, written);
  } catch (error) {
    const { stdout, stderr } = stream();
    if (errnoCode(error) === 'EAGAIN') return throughStream(bytes.subarray(written), stdout, stderr);
    return Promise.resolve(exitAfter(error, stderr));
  }
  return Promise.resolve(EXIT_OK);
}

/** The rest of an answer, written with the stream's own waiting. */
function throughStream(bytes: Uint8Array, stdout: NodeJS.WritableStream, stderr: NodeJS.WritableStream): Promise<number> {
  return new Promise((resolve) => {
    // The callback below reports it; without a listener the stream's 'error' would end the process.
    stdout.once('error', () => undefined);
    stdout.write(bytes, (error) => resolve(error ? exitAfter(error, stderr) : EXIT_OK));
  });
}

/** The exit code after a failed write: the reader leaving is a success, anything else is said. */
function exitAfter(error: unknown, stderr: NodeJS.WritableStream): number {
  const code = errnoCode(error);
  if (code === 'EPIPE') return EXIT_OK;
  stderr.write(`openim-explorer: cannot write to stdout: ${errnoWords(code)}${code ? ` (${code})` : ''}\n`);
  return EXIT_OUTPUT;
}
