// How many colours the terminal says it has, from its compiled terminfo entry: read directly (one
// small file, found where ncurses looks), not by spawning `tput colors`, which costs a process at
// start and may not be installed. Only the `colors` number is read; nothing is executed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

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
export function terminfoColors(term: string, env: NodeJS.ProcessEnv, read: (path: string) => Buffer = readFileSync): number | undefined {
  if (!SAFE_NAME.test(term) || term.length > 128) return undefined;
  for (const dir of terminfoDirs(env)) {
    // Linux keeps entries under their first letter, macOS under its hex code.
    for (const sub of [term[0]!, term.charCodeAt(0).toString(16)]) {
      let data: Buffer;
      try {
        data = read(join(dir, sub, term));
      } catch {
        continue;
      }
      return colorsOf(data);
    }
  }
  return undefined;
}

/** Reads `colors` from a compiled entry; undefined when the bytes are not one. */
export function colorsOf(data: Buffer): number | undefined {
  if (data.length < 12) return undefined;
  const magic = data.readUInt16LE(0);
  if (magic !== MAGIC_16 && magic !== MAGIC_32) return undefined;
  const namesSize = data.readUInt16LE(2);
  const boolCount = data.readUInt16LE(4);
  const numCount = data.readUInt16LE(6);
  if (numCount <= MAX_COLORS) return 0;
  let offset = 12 + namesSize + boolCount;
  if (offset % 2 === 1) offset++; // numbers start on an even byte
  const width = magic === MAGIC_32 ? 4 : 2;
  const at = offset + MAX_COLORS * width;
  if (at + width > data.length) return undefined;
  const value = width === 4 ? data.readInt32LE(at) : data.readInt16LE(at);
  // -1: absent, -2: cancelled; either way the terminal declares no colours.
  return value < 0 ? 0 : value;
}
