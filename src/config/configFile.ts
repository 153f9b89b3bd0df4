// Reading the config file without trusting the path: it may name a FIFO (reading waits for a
// writer forever), a device (/dev/zero never ends), or a symbolic link to a file that is not ours
// (/etc/shadow: an error that quoted the file's first characters printed a password hash). Only a
// regular file (after following links) of at most MAX_CONFIG_BYTES is read, and what is wrong with
// it is said without quoting it: a JSON error gives a line and a column.
import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';
import { UsageError } from './args.js';
import { jsonErrorAt, lineAndColumn } from './jsonError.js';

/** Far more than any set of profiles needs. */
export const MAX_CONFIG_BYTES = 1024 * 1024;

export interface ConfigText {
  text: string;
  /** Permission bits of the file read (after following links). */
  mode: number;
}

function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  if (stats.isSocket()) return 'a socket';
  return 'not a regular file';
}

function refuseUnlessRegular(path: string, stats: Stats): void {
  if (!stats.isFile()) throw new UsageError(`${path}: the config file must be a regular file, this is ${kindOf(stats)}`);
  if (stats.size > MAX_CONFIG_BYTES) throw tooLarge(path);
}

const tooLarge = (path: string): UsageError => new UsageError(`${path}: the config file is larger than ${MAX_CONFIG_BYTES / 1024 / 1024} MB`);

function cannotRead(path: string, error: unknown, explicit: boolean): UsageError | undefined {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' && !explicit) return undefined;
  if (code === 'ENOENT') return new UsageError(`${path}: no such config file`);
  return new UsageError(`${path}: cannot read the config file (${code ?? 'unknown error'})`);
}

/**
 * The text of the config file, or undefined when there is none at the default place. Throws a
 * UsageError, naming the file and never its content, for anything else.
 */
export function readConfigText(path: string, explicit: boolean): ConfigText | undefined {
  let fd: number;
  try {
    // Checked before opening: opening a FIFO blocks, and opening some devices does something.
    refuseUnlessRegular(path, statSync(path));
    // Non-blocking in case the path was swapped for a FIFO since: checked again on the descriptor.
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0));
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const refusal = cannotRead(path, error, explicit);
    if (refusal) throw refusal;
    return undefined;
  }
  try {
    const stats = fstatSync(fd);
    refuseUnlessRegular(path, stats);
    // The size may change while reading: read at most one byte more than allowed, to notice.
    const buffer = Buffer.alloc(MAX_CONFIG_BYTES + 1);
    let length = 0;
    for (;;) {
      const n = readSync(fd, buffer, length, buffer.length - length, null);
      if (n === 0) break;
      length += n;
      if (length > MAX_CONFIG_BYTES) throw tooLarge(path);
    }
    return { text: buffer.toString('utf8', 0, length), mode: stats.mode };
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw cannotRead(path, error, true) ?? new UsageError(`${path}: cannot read the config file`);
  } finally {
    closeSync(fd);
  }
}

/** Parses the config file's JSON; an error says where, not what is there. */
export function parseConfigJson(path: string, text: string): unknown {
  // A byte-order mark is what some editors write first: not an error.
  const json = text.startsWith('\ufeff') ? text.slice(1) : text;
  try {
    return JSON.parse(json);
  } catch {
    const at = jsonErrorAt(json);
    if (at === undefined) throw new UsageError(`${path}: not valid JSON`);
    const { line, column } = lineAndColumn(json, at);
    throw new UsageError(`${path}: not valid JSON at line ${line}, column ${column}${at >= json.length ? ' (the file ends too early)' : ''}`);
  }
}
