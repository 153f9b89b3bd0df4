// Reading the config file without trusting the path: it may name a FIFO (reading waits for a
// writer forever), a device (/dev/zero never ends), or a symbolic link to a file that is not ours
// (/etc/shadow: an error that quoted the file's first characters printed a password hash). Only a
// regular file (after following links) of at most MAX_CONFIG_BYTES is read, and what is wrong with
// it is said without quoting it: a JSON error gives a line and a column.
import { LocalFileError, readLocalFile, UntrustedFileError } from '../data/localFile.js';
import { UntrustedConfigError, UsageError } from './usageError.js';
import { jsonErrorAt, lineAndColumn } from './jsonError.js';
import { quoted } from './safeText.js';

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
    // Whatever it holds: a tokenEnv and a baseUrl are enough to send a secret to its writer.
    const { bytes, stats } = readLocalFile(path, { maxBytes: MAX_CONFIG_BYTES, what: 'the config file', trusted: true });
    return { text: bytes.toString('utf8'), mode: stats.mode };
  } catch (error) {
    if (!(error instanceof LocalFileError)) throw error;
    if (error instanceof UntrustedFileError) throw new UntrustedConfigError(error.message);
    if (error.code === 'ENOENT' && !explicit) return undefined;
    if (error.code === 'ENOENT') throw new UsageError(`${path}: no such config file`);
    throw new UsageError(error.message);
  }
}

/**
 * Parses the config file's JSON; an error says where, not what is there. A name every object has
 * is refused here, before the schema sees the file (builtinNameProblem).
 */
export function parseConfigJson(path: string, text: string): unknown {
  // A byte-order mark is what some editors write first: not an error.
  const json = text.startsWith('\ufeff') ? text.slice(1) : text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    const at = jsonErrorAt(json);
    if (at === undefined) throw new UsageError(`${path}: not valid JSON`);
    const { line, column } = lineAndColumn(json, at);
    throw new UsageError(`${path}: not valid JSON at line ${line}, column ${column}${at >= json.length ? ' (the file ends too early)' : ''}`);
  }
  const builtin = builtinNameProblem(parsed);
  if (builtin) throw new UsageError(`${path}: ${builtin}`);
  return parsed;
}

/** What a name in each part of the file is; anywhere else, a name is a field. */
const NAMED: Readonly<Record<string, string>> = { keys: 'an action', columns: 'a list', profiles: 'a profile' };

const objectOf = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
/** `__proto__`, `constructor`, `toString`…: every object answers to them, so no lookup may meet one. */
const isBuiltinName = (name: string): boolean => name in Object.prototype;

/**
 * A name every object has, where the file names fields, actions, lists or profiles. The schema
 * cannot say it: zod drops a `__proto__` key from a record without a word (the file's `keys`
 * took it as an action), and `constructor` reads as an inherited function wherever a name is
 * looked up with `in` or `[]`. Three levels: fields, the names in each part, a profile's fields.
 */
function builtinNameProblem(json: unknown): string | undefined {
  const top = objectOf(json);
  if (!top) return undefined;
  const why = 'every object has this name';
  for (const [part, value] of Object.entries(top)) {
    if (isBuiltinName(part)) return `${quoted(part)} is not a field (${why})`;
    const section = objectOf(value);
    if (!section) continue;
    for (const [name, inner] of Object.entries(section)) {
      // Profiles are looked up as own names (profiles.ts): a profile may be called `constructor`.
      if (part === 'profiles' ? name === '__proto__' : isBuiltinName(name)) return `${part}: ${quoted(name)} is not ${NAMED[part] ?? 'a field'} (${why})`;
      const fields = part === 'profiles' ? objectOf(inner) : undefined;
      const field = fields ? Object.keys(fields).find(isBuiltinName) : undefined;
      if (field !== undefined) return `profile ${quoted(name)}: ${quoted(field)} is not a field (${why})`;
    }
  }
  return undefined;
}
