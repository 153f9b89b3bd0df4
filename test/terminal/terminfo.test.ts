import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { colorEnabled, termHasColors } from '../../src/terminal/color.js';
import { readTerminfoFile } from '../../src/data/terminfoFile.js';
import { canAddressCursor, colorsOf, hasCursorAddress, terminfoColors } from '../../src/terminal/terminfo.js';

/** A compiled terminfo entry: header, names, booleans, numbers (`colors` is number 13). */
function entry(colors: number | undefined, wide = false): Buffer {
  const names = Buffer.from('test|a test terminal\0');
  const bools = Buffer.from([1, 0, 1]);
  const count = colors === undefined ? 5 : 15;
  const width = wide ? 4 : 2;
  const numbers = Buffer.alloc(count * width, 0xff); // -1: absent
  if (colors !== undefined) {
    if (wide) numbers.writeInt32LE(colors, 13 * 4);
    else numbers.writeInt16LE(colors, 13 * 2);
  }
  const header = Buffer.alloc(12);
  header.writeUInt16LE(wide ? 0o1036 : 0o432, 0);
  header.writeUInt16LE(names.length, 2);
  header.writeUInt16LE(bools.length, 4);
  header.writeUInt16LE(count, 6);
  const pad = (names.length + bools.length) % 2 === 1 ? Buffer.from([0]) : Buffer.alloc(0);
  return Buffer.concat([header, names, bools, pad, numbers]);
}

describe('colorsOf', () => {
  it('reads `colors` from the legacy and the 32-bit formats', () => {
    expect(colorsOf(entry(8))).toBe(8);
    expect(colorsOf(entry(256))).toBe(256);
    expect(colorsOf(entry(16_777_216, true))).toBe(16_777_216);
  });
  it('is 0 for an entry without colours, undefined for bytes that are not an entry', () => {
    expect(colorsOf(entry(undefined))).toBe(0);
    expect(colorsOf(entry(-1))).toBe(0);
    expect(colorsOf(Buffer.from('#!/bin/sh\necho hi\n'))).toBeUndefined();
    expect(colorsOf(Buffer.alloc(4))).toBeUndefined();
  });
  it.runIf(existsSync('/lib/terminfo/v/vt100') || existsSync('/usr/share/terminfo/v/vt100'))(
    "reads this machine's vt100 (no colours) and xterm-256color entries",
    () => {
      expect(terminfoColors('vt100', {}, readTerminfoFile)).toBe(0);
      const xterm = ['/lib/terminfo/x/xterm-256color', '/usr/share/terminfo/x/xterm-256color'].find(existsSync);
      if (xterm) expect(colorsOf(readFileSync(xterm))).toBe(256);
    },
  );
});

describe('terminfoColors', () => {
  it('looks where ncurses looks, by first letter or its hex code, and never outside the directory', () => {
    const asked: string[] = [];
    const read = (path: string): Buffer => {
      asked.push(path);
      if (path === '/home/ops/.terminfo/78/xterm-direct') return entry(256);
      throw new Error('ENOENT');
    };
    expect(terminfoColors('xterm-direct', { HOME: '/home/ops' }, read)).toBe(256);
    // ~/.terminfo first; found there under the hex code, it looks no further.
    expect(asked).toEqual(['/home/ops/.terminfo/x/xterm-direct', '/home/ops/.terminfo/78/xterm-direct']);
    asked.length = 0;
    expect(terminfoColors('../../etc/passwd', {}, read)).toBeUndefined();
    expect(terminfoColors('a/b', {}, read)).toBeUndefined();
    expect(asked).toEqual([]);
  });
});

describe('terminals without colours', () => {
  const none = (): undefined => undefined;
  it('follows terminfo when there is an entry', () => {
    expect(termHasColors('vt100', () => 0)).toBe(false);
    expect(termHasColors('odd-term', () => 2)).toBe(false);
    expect(termHasColors('xterm-256color', () => 256)).toBe(true);
  });
  it('knows the usual monochrome names when no entry is installed', () => {
    for (const term of ['dumb', 'vt52', 'vt100', 'vt102', 'vt220', 'xterm-mono', 'screen-m']) expect(termHasColors(term, none), term).toBe(false);
    for (const term of ['xterm-256color', 'screen', 'tmux-256color', 'linux', 'xterm-kitty']) expect(termHasColors(term, none), term).toBe(true);
  });
  it('TERM=vt100 turns colour off; FORCE_COLOR still wins', () => {
    const tty = { stdoutIsTTY: true, terminfoColors: () => 0 };
    expect(colorEnabled({ TERM: 'vt100' }, tty)).toBe(false);
    expect(colorEnabled({ TERM: 'vt100', FORCE_COLOR: '1' }, tty)).toBe(true);
    expect(colorEnabled({ TERM: 'xterm-256color' }, { stdoutIsTTY: true, terminfoColors: () => 256 })).toBe(true);
  });
});

describe('canAddressCursor', () => {
  /** An entry whose string table has `cup` (string 10) present or absent. */
  function withStrings(cup: boolean | 'none'): Buffer {
    const base = entry(8);
    const count = cup === 'none' ? 5 : 12;
    const offsets = Buffer.alloc(count * 2, 0xff);
    if (cup === true) offsets.writeInt16LE(0, 10 * 2);
    const table = Buffer.from('\u001b[%i%p1%d;%p2%dH\0');
    base.writeUInt16LE(count, 8);
    base.writeUInt16LE(table.length, 10);
    return Buffer.concat([base, offsets, table]);
  }
  const reading = (data: Buffer) => (): Buffer => data;
  const missing = (): Buffer => {
    throw new Error('ENOENT');
  };

  it('is false for TERM unset, empty or dumb, and for an entry without cursor addressing', () => {
    expect(canAddressCursor(undefined, {}, missing)).toBe(false);
    expect(canAddressCursor('', {}, missing)).toBe(false);
    expect(canAddressCursor('dumb', {}, missing)).toBe(false);
    expect(canAddressCursor('glasstty', {}, reading(withStrings(false)))).toBe(false);
    expect(canAddressCursor('tiny', {}, reading(withStrings('none')))).toBe(false);
  });

  it('is true for an entry with cup, and for a terminal without an entry here', () => {
    expect(canAddressCursor('xterm-new', {}, reading(withStrings(true)))).toBe(true);
    expect(canAddressCursor('brand-new-term', {}, missing)).toBe(true);
    expect(hasCursorAddress(Buffer.from('not an entry'))).toBeUndefined();
  });

  it.runIf(existsSync('/lib/terminfo/d/dumb') || existsSync('/usr/share/terminfo/d/dumb'))(
    "reads this machine's entries: dumb has no cup, xterm and tmux-256color do",
    () => {
      expect(canAddressCursor('xterm', {}, readTerminfoFile)).toBe(true);
      expect(canAddressCursor('screen', {}, readTerminfoFile)).toBe(true);
      const dumb = readFileSync(existsSync('/lib/terminfo/d/dumb') ? '/lib/terminfo/d/dumb' : '/usr/share/terminfo/d/dumb');
      expect(hasCursorAddress(dumb)).toBe(false);
    },
  );
});

describe('readTerminfoFile (data/terminfoFile.ts)', () => {
  it('refuses a FIFO at once and a link to /dev/zero without reading it: an entry not found', () => {
    const dir = mkdtempSync(join(tmpdir(), 'oie-terminfo-read-'));
    try {
      mkdirSync(join(dir, 'x'));
      execFileSync('mkfifo', [join(dir, 'x', 'xfifo')]);
      symlinkSync('/dev/zero', join(dir, 'x', 'xzero'));
      expect(() => readTerminfoFile(join(dir, 'x', 'xfifo'))).toThrow('the terminfo entry must be a regular file, this is a FIFO');
      expect(() => readTerminfoFile(join(dir, 'x', 'xzero'))).toThrow('the terminfo entry must be a regular file, this is a device');
      expect(terminfoColors('xfifo', { TERMINFO: dir }, readTerminfoFile)).toBeUndefined();
      expect(canAddressCursor('xzero', { TERMINFO: dir }, readTerminfoFile)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
