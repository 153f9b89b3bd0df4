// How many colours the terminal says it has, from its compiled terminfo entry: read directly (one
// small file, found where ncurses looks), not by spawning `tput colors`, which costs a process at
// start and may not be installed. Only the `colors` number is read; nothing is executed. The file
// is read by the caller's `read`: data/terminfoFile.ts, as every local file (a FIFO or a link to
// /dev/zero planted where ncurses looks must neither hang the start nor eat memory).
import { join } from 'node:path';

/** Reads an entry's file; throws when there is none or it is refused. */
export type TerminfoRead = (path: string) => Buffer;

/** Where ncurses looks, after $TERMINFO, ~/.terminfo and $TERMINFO_DIRS. */
const SYSTEM_DIRS = ['/etc/terminfo', '/lib/terminfo', '/usr/share/terminfo', '/usr/lib/terminfo', '/usr/share/misc/terminfo'];
/** Magic numbers: the legacy format (16-bit numbers) and ncurses 6.1's (32-bit numbers). */
const MAGIC_16 = 0o432;
const MAGIC_32 = 0o1036;
/** Index of `colors` (max_colors) among terminfo's numeric capabilities. */
const MAX_COLORS = 13;
/** A terminal name is a file name here: nothing that could walk out of the directory. */
const SAFE_NAME = /^[A-Za-z0-9_+][A-Za-z0-9._+-]*$/;

export function terminfoDirs(env: NodeJS.ProcessEnv): string[] {
  const dirs: string[] = [];
  if (env.TERMINFO) dirs.push(env.TERMINFO);
  if (env.HOME) dirs.push(join(env.HOME, '.terminfo'));
  for (const dir of (env.TERMINFO_DIRS ?? '').split(':')) dirs.push(...(dir === '' ? [] : [dir]));
  return [...dirs, ...SYSTEM_DIRS];
}

/**
 * The `colors` capability of `term`'s entry: a number, 0 when the entry has none (a monochrome
 * terminal such as vt100), or undefined when no entry was found or it could not be read.
 */
export function terminfoColors(term: string, env: NodeJS.ProcessEnv, read: TerminfoRead): number | undefined {
  const data = terminfoEntry(term, env, read);
  return data === undefined ? undefined : colorsOf(data);
}

/** A compiled entry's header: where its numbers start and how wide each is. */
interface EntryHeader {
  numCount: number;
  strCount: number;
  /** The first number's byte. */
  numbers: number;
  /** Bytes a number takes: 2, or 4 in the extended-number format. */
  width: number;
}

/** The header of a compiled entry; undefined when the bytes are not one. */
function entryHeader(data: Buffer): EntryHeader | undefined {
  if (data.length < 12) return undefined;
  const magic = data.readUInt16LE(0);
  if (magic !== MAGIC_16 && magic !== MAGIC_32) return undefined;
  const namesSize = data.readUInt16LE(2);
  const boolCount = data.readUInt16LE(4);
  let numbers = 12 + namesSize + boolCount;
  if (numbers % 2 === 1) numbers++; // numbers start on an even byte
  return { numCount: data.readUInt16LE(6), strCount: data.readUInt16LE(8), numbers, width: magic === MAGIC_32 ? 4 : 2 };
}

/** Reads `colors` from a compiled entry; undefined when the bytes are not one. */
export function colorsOf(data: Buffer): number | undefined {
  const header = entryHeader(data);
  if (!header) return undefined;
  if (header.numCount <= MAX_COLORS) return 0;
  const { width } = header;
  const at = header.numbers + MAX_COLORS * width;
  if (at + width > data.length) return undefined;
  const value = width === 4 ? data.readInt32LE(at) : data.readInt16LE(at);
  // -1: absent, -2: cancelled; either way the terminal declares no colours.
  return value < 0 ? 0 : value;
}

/** Index of `cup` (cursor_address) among terminfo's string capabilities. */
const CURSOR_ADDRESS = 10;

/**
 * Whether `term` can address the cursor, which the explorer's screen needs: not when TERM is unset,
 * `dumb`, or names an entry without `cup`. An entry that cannot be found is given the benefit of
 * the doubt (a terminal newer than the system's database).
 */
export function canAddressCursor(term: string | undefined, env: NodeJS.ProcessEnv, read: TerminfoRead): boolean {
  if (term === undefined || term === '' || term === 'dumb') return false;
  const data = terminfoEntry(term, env, read);
  return data === undefined ? true : hasCursorAddress(data) !== false;
}

/** The compiled entry of `term`, from the first directory that has one. */
function terminfoEntry(term: string, env: NodeJS.ProcessEnv, read: TerminfoRead): Buffer | undefined {
  if (!SAFE_NAME.test(term) || term.length > 128) return undefined;
  for (const dir of terminfoDirs(env)) {
    // Linux keeps entries under their first letter, macOS under its hex code.
    for (const sub of [term[0]!, term.charCodeAt(0).toString(16)]) {
      try {
        return read(join(dir, sub, term));
      } catch {
        continue;
      }
    }
  }
  return undefined;
}

/** Whether a compiled entry has `cup`; undefined when the bytes are not an entry. */
export function hasCursorAddress(data: Buffer): boolean | undefined {
  const header = entryHeader(data);
  if (!header) return undefined;
  if (header.strCount <= CURSOR_ADDRESS) return false;
  // The string offsets (2 bytes each) follow the numbers.
  const at = header.numbers + header.numCount * header.width + CURSOR_ADDRESS * 2;
  if (at + 2 > data.length) return undefined;
  // -1: absent, -2: cancelled.
  return data.readInt16LE(at) >= 0;
}
