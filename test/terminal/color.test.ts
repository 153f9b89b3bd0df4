import { describe, expect, it } from 'vitest';
import { colorEnabled } from '../../src/terminal/color.js';

const tty = { stdoutIsTTY: true };
const pipe = { stdoutIsTTY: false };

describe('colorEnabled', () => {
  it('follows the TTY by default', () => {
    expect(colorEnabled({}, tty)).toBe(true);
    expect(colorEnabled({}, pipe)).toBe(false);
  });

  it('turns off for any non-empty NO_COLOR', () => {
    expect(colorEnabled({ NO_COLOR: '1' }, tty)).toBe(false);
    expect(colorEnabled({ NO_COLOR: '0' }, tty)).toBe(false);
    expect(colorEnabled({ NO_COLOR: 'anything' }, tty)).toBe(false);
  });

  it('ignores an empty NO_COLOR', () => {
    expect(colorEnabled({ NO_COLOR: '' }, tty)).toBe(true);
  });

  it('turns off with --no-color, whatever the environment says', () => {
    expect(colorEnabled({}, { ...tty, noColor: true })).toBe(false);
    expect(colorEnabled({ FORCE_COLOR: '1' }, { ...tty, noColor: true })).toBe(false);
  });

  it('FORCE_COLOR enables without a TTY and on a dumb terminal; 0 or false disables', () => {
    expect(colorEnabled({ FORCE_COLOR: '1' }, pipe)).toBe(true);
    expect(colorEnabled({ FORCE_COLOR: '' }, pipe)).toBe(true);
    expect(colorEnabled({ FORCE_COLOR: '3', TERM: 'dumb' }, pipe)).toBe(true);
    expect(colorEnabled({ FORCE_COLOR: '0' }, tty)).toBe(false);
    expect(colorEnabled({ FORCE_COLOR: 'false' }, tty)).toBe(false);
  });

  it('NO_COLOR beats FORCE_COLOR', () => {
    expect(colorEnabled({ NO_COLOR: '1', FORCE_COLOR: '1' }, tty)).toBe(false);
  });

  it('turns off on TERM=dumb', () => {
    expect(colorEnabled({ TERM: 'dumb' }, tty)).toBe(false);
    expect(colorEnabled({ TERM: 'xterm-256color' }, tty)).toBe(true);
  });
});
