// "Export evidence" (E on a trace): a folder a ticket can carry, written by the export's rules
// (localFile.ts: each file created 0600 with O_EXCL, never through a link; the folder 0700, never
// over an existing one). What it holds (docs/what-it-shows.md, "The evidence folder"):
//   trace.json      the trace as `trace -o json` prints it, with each request's outcome and time;
//   replies/NN-<request>.json  each request's body and the reply's data as parsed (the session
//                   tokens of the token detail are dropped on read: they are never here);
//   curl.sh         one curl line per request that reproduces it, the token as $OPENIM_TOKEN;
//   SHA256SUMS      the SHA-256 of every other file, as `sha256sum -c SHA256SUMS` checks it.
// JSON is written with everything outside printable ASCII escaped (inertText.ts): no byte of a
// server's string can act on a terminal that shows the file.
import { createHash } from 'node:crypto';
import { closeSync, mkdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { requestCurlCommand } from '../../api/curl.js';
import { asciiJsonText } from '../../api/inertText.js';
import { errnoCode, errnoWords } from '../errno.js';
import { LocalFileError, openLocalFileForWrite, writeAllSync } from '../localFile.js';
import type { TraceResult } from './runTrace.js';
import { traceJson } from './traceText.js';

export const EVIDENCE_FILES = { trace: 'trace.json', curl: 'curl.sh', sums: 'SHA256SUMS', replies: 'replies' } as const;

/** `openim-trace-<conversation>-<seq>-<YYYYMMDD-HHMMSS>`, the conversation reduced to safe characters. */
export function evidenceFolderName(result: TraceResult, at: Date): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  const stamp = `${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}-${pad(at.getHours())}${pad(at.getMinutes())}${pad(at.getSeconds())}`;
  const cid = result.target.conversationID.replace(/[^A-Za-z0-9_.-]/g, '_').replace(/^\.+/, '_').slice(0, 60);
  return `openim-trace-${cid}-${result.target.seq}-${stamp}`;
}

const json = (value: unknown): string => `${asciiJsonText(JSON.stringify(value, null, 2))}\n`;

/**
 * Writes the evidence of `result` into a new folder `name` in `dir`; returns the folder as shown
 * (relative to `cwd` inside it) and the files written. Throws LocalFileError in words.
 */
export function writeEvidence(result: TraceResult, options: { dir: string; name: string; baseUrl: string; cwd?: string }): { folder: string; files: string[] } {
  const folder = resolve(options.dir, options.name);
  const rel = relative(options.cwd ?? process.cwd(), folder);
  const shown = rel && !rel.startsWith('..') && !rel.startsWith('/') ? `./${rel}` : folder;
  try {
    mkdirSync(folder, { mode: 0o700 });
    mkdirSync(join(folder, EVIDENCE_FILES.replies), { mode: 0o700 });
  } catch (error) {
    const code = errnoCode(error);
    throw new LocalFileError(shown, code === 'EEXIST' ? 'already exists: choose another name' : `cannot make the folder: ${errnoWords(code)}`, code);
  }
  const written: Array<{ name: string; bytes: Buffer }> = [];
  const write = (name: string, text: string): void => {
    const bytes = Buffer.from(text, 'utf8');
    const fd = openLocalFileForWrite(join(folder, name), { what: 'an evidence file', append: false });
    try {
      writeAllSync(fd, bytes);
    } finally {
      closeSync(fd);
    }
    written.push({ name, bytes });
  };
  const exchanges = result.exchanges.map((e, i) => ({ n: String(i + 1).padStart(2, '0'), e }));
  write(EVIDENCE_FILES.trace, json({
    ...traceJson(result),
    startedAt: new Date(result.startedAt).toISOString(),
    elapsedMs: result.elapsedMs,
    requests: exchanges.map(({ n, e }) => ({
      file: e.body !== undefined ? `${EVIDENCE_FILES.replies}/${n}-${e.request}.json` : null,
      request: e.request, about: e.about, path: e.path,
      outcome: e.skipped !== undefined ? `not sent: ${e.skipped}` : e.failure !== undefined ? `failed: ${e.failure}` : 'answered',
      ...(e.ms !== undefined ? { ms: e.ms } : {}),
    })),
  }));
  const curl: string[] = ['# The requests of this trace, one curl line each; export OPENIM_TOKEN first (an admin token).'];
  for (const { n, e } of exchanges) {
    if (e.body === undefined) continue;
    write(`${EVIDENCE_FILES.replies}/${n}-${e.request}.json`, json({ request: e.request, path: e.path, body: e.body, ...(e.failure !== undefined ? { failure: e.failure } : { data: e.reply }) }));
    const line = requestCurlCommand(options.baseUrl, { path: e.path, body: e.body }, `trace-${result.startedAt}-${n}`);
    curl.push(`# ${n} ${e.request}: ${e.about}`, line.ok ? line.command : `# no curl line: ${line.problem}`);
  }
  write(EVIDENCE_FILES.curl, `${curl.join('\n')}\n`);
  write(EVIDENCE_FILES.sums, written.map((f) => `${createHash('sha256').update(f.bytes).digest('hex')}  ${f.name}\n`).join(''));
  return { folder: shown, files: written.map((f) => f.name) };
}
