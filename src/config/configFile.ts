// Reading the config file without trusting the path: it may name a FIFO (reading waits for a
// writer forever), a device (/dev/zero never ends), or a symbolic link to a file that is not ours
// (/etc/shadow: an error that quoted the file's first characters printed a password hash). Only a
// regular file (after following links) of at most MAX_CONFIG_BYTES is read, and what is wrong with
// it is said without quoting it: a JSON error gives a line and a column.
import { LocalFileError, readLocalFile } from '../data/localFile.js';
import { UsageError } from './args.js';
import { jsonErrorAt, lineAndColumn } from './jsonError.js';

/** Far more than any set of profiles needs. */
export const MAX_CONFIG_BYTES = 1024 * 1024;

export interface ConfigText {
  text: string;
  /** Permission bits of the file read (after following links). */
  mode: number;
}

/**
 * The text of the config file, or undefined when there is none at the default place. Throws a
 * UsageError, naming the file and never its content, for anything else.
 */
export function readConfigText(path: string, explicit: boolean): ConfigText | undefined {
  try {
    const { bytes, stats } = readLocalFile(path, { maxBytes: MAX_CONFIG_BYTES, what: 'the config file' });
    return { text: bytes.toString('utf8'), mode: stats.mode };
  } catch (error) {
    if (!(error instanceof LocalFileError)) throw error;
    if (error.code === 'ENOENT' && !explicit) return undefined;
    if (error.code === 'ENOENT') throw new UsageError(`${path}: no such config file`);
    throw new UsageError(error.message);
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
