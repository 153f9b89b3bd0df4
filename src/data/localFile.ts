// Opening a local file without trusting its path: the one place every file the app reads or
// writes is opened (the config file, the recent-users file, a CA file, the request log, exports).
// A path may name a FIFO (opening or reading one waits for a writer forever), a device (/dev/zero
// never ends), or a symbolic link planted by another user (appending to whatever it names). So:
// opened O_NONBLOCK (a FIFO opens at once), checked with fstat on the descriptor (no race with a
// stat before), a regular file only, a size cap on reads; files written are created 0600 and a
// final symlink is not followed (O_NOFOLLOW). A file that decides where credentials go (the config
// file, a CA file) and the state folder must be the user's or root's and closed to writers, as
// ssh trusts its config (trustProblem). Lives in data/, the lowest layer that writes files;
// config/ (above it) reads its files through it too.
import { randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, renameSync, statSync, unlinkSync, writeSync, type Stats } from 'node:fs';
import { userInfo } from 'node:os';
import { shellWord } from '../api/inertText.js';
import { sanitize } from '../terminal/sanitize.js';
import { errnoCode, errnoWords } from './errno.js';

const NONBLOCK = constants.O_NONBLOCK ?? 0;
const NOCTTY = constants.O_NOCTTY ?? 0;
const NOFOLLOW = constants.O_NOFOLLOW ?? 0;

/** What went wrong with a local file, in words; `code` (ENOSPC…) only to follow them in brackets. */
export class LocalFileError extends Error {
  constructor(
    readonly path: string,
    readonly problem: string,
    readonly code?: string,
  ) {
    super(`${path}: ${problem}${code ? ` (${code})` : ''}`);
    this.name = 'LocalFileError';
  }
}

/** A file others could have written, where only the user's own may be (trustProblem). */
export class UntrustedFileError extends LocalFileError {}

export function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  if (stats.isSocket()) return 'a socket';
  if (stats.isSymbolicLink()) return 'a symbolic link';
  return 'not a regular file';
}

export interface ReadOptions {
  /** Larger files are refused. */
  maxBytes: number;
  /** What the file is, for messages ("the CA file"). */
  what: string;
  /**
   * The file decides where credentials go (the config file, a CA file): refused unless it is
   * this user's or root's and nobody else can write it (trustProblem), whatever it holds.
   */
  trusted?: boolean;
  /** A link at the path is refused, not followed (a file the app wrote itself: it never makes one). */
  noFollow?: boolean;
}

/**
 * The bytes of a regular file (symbolic links followed unless `noFollow`: a config file may be a
 * link into a dotfiles repository) of at most `maxBytes`. Never blocks: a FIFO or device is refused.
 * Throws LocalFileError (with `code` ENOENT when there is no such file).
 */
export function readLocalFile(path: string, options: ReadOptions): { bytes: Buffer; stats: Stats } {
  let fd: number;
  try {
    // Looked at before opening too: opening some devices does something (a tape rewinds).
    refuseUnlessRegular(path, options.noFollow ? lstatSync(path) : statSync(path), options);
    fd = openSync(path, constants.O_RDONLY | NONBLOCK | NOCTTY | (options.noFollow ? NOFOLLOW : 0));
  } catch (error) {
    if (error instanceof LocalFileError) throw error;
    const code = errnoCode(error);
    throw new LocalFileError(path, `cannot open ${options.what}: ${errnoWords(code)}`, code);
  }
  try {
    // Again on the descriptor: the path may have been swapped since.
    const stats = fstatSync(fd);
    refuseUnlessRegular(path, stats, options);
    const untrusted = options.trusted ? trustProblem(path, stats, options.what) : undefined;
    if (untrusted) throw new UntrustedFileError(path, untrusted);
    // The size may change while reading: read at most one byte more than allowed, to notice.
    let buffer = Buffer.alloc(Math.min(options.maxBytes, stats.size + 4096) + 1);
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        if (buffer.length > options.maxBytes) throw tooLarge(path, options);
        const grown = Buffer.alloc(options.maxBytes + 1);
        buffer.copy(grown);
        buffer = grown;
      }
      const n = readSync(fd, buffer, length, buffer.length - length, null);
      if (n === 0) break;
      length += n;
    }
    if (length > options.maxBytes) throw tooLarge(path, options);
    return { bytes: buffer.subarray(0, length), stats };
  } catch (error) {
    if (error instanceof LocalFileError) throw error;
    const code = errnoCode(error);
    throw new LocalFileError(path, `cannot read ${options.what}: ${errnoWords(code)}`, code);
  } finally {
    closeSync(fd);
  }
}

function refuseUnlessRegular(path: string, stats: Stats, options: ReadOptions): void {
  if (!stats.isFile()) throw new LocalFileError(path, `${options.what} must be a regular file, this is ${kindOf(stats)}`);
  if (stats.size > options.maxBytes) throw tooLarge(path, options);
}

function tooLarge(path: string, options: ReadOptions): LocalFileError {
  const cap = options.maxBytes >= 1024 * 1024 ? `${options.maxBytes / 1024 / 1024} MB` : `${Math.round(options.maxBytes / 1024)} KB`;
  return new LocalFileError(path, `${options.what} is larger than ${cap}`);
}

/**
 * A path as a word of the command a message asks to run (quoted when it must be; never raw control
 * bytes). A path beyond printable ASCII is shown sanitised in single quotes: the message is read on
 * screen, not pasted, and shellWord refuses what a paste could not carry safely.
 */
function commandWord(path: string): string {
  const clean = sanitize(path);
  if (/^[\w@%+=:,./-]+$/.test(clean)) return clean;
  return shellWord(clean) ?? `'${clean.replaceAll("'", `'\\''`)}'`;
}

/**
 * This user's uid when `stats` is another user's (root's is trusted: root can change anything the
 * user runs anyway); undefined when it is this user's or root's; null where owners say nothing
 * (Windows, no getuid).
 */
function ownerProblem(stats: Pick<Stats, 'uid'>): number | null | undefined {
  const uid = process.getuid?.();
  if (process.platform === 'win32' || uid === undefined) return null;
  return stats.uid !== uid && stats.uid !== 0 ? uid : undefined;
}

function userName(uid: number): string {
  try {
    return userInfo().username || String(uid);
  } catch {
    // No passwd entry (a container's arbitrary uid): the number works for chown too.
    return String(uid);
  }
}

/**
 * Why a file or folder that decides where credentials go (the config file, a CA file, the state
 * folder) may not be trusted, as ssh refuses its config: it belongs to another user (root aside),
 * or group or others can write it. One line, ending with the command that fixes it. Read from
 * the descriptor's fstat (the checks cannot race a swap of the path). Undefined when it is fine,
 * and always on Windows, where modes and owners do not say this. Group-writable is refused even
 * for a group of one (ssh asks the group database; Node cannot, and `chmod g-w` costs nothing).
 * The folders above are not walked (sshd does for authorized_keys): whatever another user puts
 * in a folder they can write is theirs, and refused here by its owner.
 */
function trustProblem(path: string, stats: Pick<Stats, 'uid' | 'mode'>, what: string): string | undefined {
  const uid = ownerProblem(stats);
  if (uid === null) return undefined;
  const word = commandWord(path);
  if (uid !== undefined) {
    return `${what} belongs to another user (uid ${stats.uid}); refusing it as ssh would: check it, then chown ${userName(uid)} ${word}`;
  }
  if ((stats.mode & 0o022) !== 0) {
    const mode = (stats.mode & 0o777).toString(8).padStart(4, '0');
    const who = (stats.mode & 0o022) === 0o022 ? 'group and others' : (stats.mode & 0o002) !== 0 ? 'others' : 'group';
    return `${what} is writable by ${who} (mode ${mode}); refusing it as ssh would: check it, then chmod go-w ${word}`;
  }
  return undefined;
}

/**
 * trustProblem for a folder the app keeps its own files in (the state folder, the cache folder),
 * looked at on a descriptor of the folder itself. A link at the path is followed only when it is
 * this user's or root's: the checks on the folder it names say nothing of who chose it, and a
 * link another user planted in a shared cache or state home (mode 1777, or another user's home
 * under `sudo -E`) pointed root's writes at a folder of the victim's that passes them. A folder
 * that is not the one looked at first (swapped meanwhile) is refused too. Undefined when it is
 * fine or missing (the app creates it 0700); a folder that cannot be opened is left to the reads
 * and writes in it to report.
 */
export function folderTrustProblem(path: string, what: string): string | undefined {
  let entry: Stats;
  try {
    entry = lstatSync(path);
  } catch {
    return undefined;
  }
  const link = entry.isSymbolicLink();
  if (link && typeof ownerProblem(entry) === 'number') {
    return `${what} is a symbolic link that belongs to another user (uid ${entry.uid}); refusing to follow it: check it, then rm ${commandWord(path)}`;
  }
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_DIRECTORY ?? 0) | NONBLOCK);
  } catch {
    return undefined;
  }
  try {
    const stats = fstatSync(fd);
    if (!link && (stats.ino !== entry.ino || stats.dev !== entry.dev)) return `${what} was replaced while it was checked; refusing it`;
    return trustProblem(path, stats, what);
  } finally {
    closeSync(fd);
  }
}

export interface WriteOptions {
  what: string;
  /** Append to an existing file (the request log); else the file must not exist (O_EXCL). */
  append: boolean;
}

/**
 * A descriptor open for writing on a regular file owned by this user that nobody else can read or
 * write, created 0600 when missing. The final component is never followed when it is a link
 * (O_NOFOLLOW); an existing file that is another user's, or open to group or others, is refused
 * in words, as ssh and gpg refuse such files.
 */
export function openLocalFileForWrite(path: string, options: WriteOptions): number {
  let before: Stats | undefined;
  try {
    before = lstatSync(path);
  } catch {
    // Missing: it is created below (O_EXCL or O_CREAT, never through a link).
  }
  // A new file (an export's) must not exist at all: taken, whatever it is.
  if (before && !options.append) throw new LocalFileError(path, `cannot create ${options.what}: ${errnoWords('EEXIST')}`, 'EEXIST');
  if (before && !before.isFile()) throw new LocalFileError(path, `${options.what} must be a regular file, this is ${kindOf(before)}`);
  const flags =
    constants.O_WRONLY | constants.O_CREAT | NOFOLLOW | NONBLOCK | NOCTTY | (options.append ? constants.O_APPEND : constants.O_EXCL);
  let fd: number;
  try {
    fd = openSync(path, flags, 0o600);
  } catch (error) {
    const code = errnoCode(error);
    throw new LocalFileError(path, `cannot open ${options.what} for writing: ${errnoWords(code)}`, code);
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new LocalFileError(path, `${options.what} must be a regular file, this is ${kindOf(stats)}`);
    const uid = process.getuid?.();
    if (uid !== undefined && stats.uid !== uid) throw new LocalFileError(path, `${options.what} belongs to another user (uid ${stats.uid}); refusing to write to it`);
    if ((stats.mode & 0o077) !== 0) {
      const mode = (stats.mode & 0o777).toString(8).padStart(4, '0');
      throw new LocalFileError(path, `${options.what} is open to group or others (mode ${mode}); make it private first: chmod 600 ${path}`);
    }
    return fd;
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

/**
 * Writes all of `text` to `fd`. A write to a regular file can be short (a file size limit reached
 * in its middle): the rest is written again, so the next write fails and says why (EFBIG), rather
 * than losing the tail of the text in silence.
 */
export function writeAllSync(fd: number, text: string | Buffer): void {
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  let done = 0;
  while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done);
}

/**
 * Writes `data` to a new file beside `path`, then renames it over `path`: a reader sees the old
 * file or the new one, and a link planted at the path is replaced, never followed. The new file's
 * name ends in random bytes and is created with O_EXCL (never through a link, never over a file):
 * a file at that name is someone else's, left alone, and only a file this call created is removed
 * on failure. Throws LocalFileError, or the error of the rename.
 */
export function replaceFileSync(path: string, data: string | Buffer, what: string): void {
  const temporary = `${path}.${randomBytes(8).toString('hex')}.tmp`;
  const fd = openLocalFileForWrite(temporary, { what, append: false });
  try {
    try {
      writeAllSync(fd, data);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
  } catch (error) {
    try {
      unlinkSync(temporary);
    } catch {
      // gone already
    }
    throw error;
  }
}
