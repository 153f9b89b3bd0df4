import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { copyNote, copyToClipboard, osc52Sequence, tmuxSetClipboard } from '../../src/terminal/osc52.js';

const ESC = '\u001b';

describe('osc52Sequence', () => {
  it('builds a BEL-terminated OSC 52 with base64 of the UTF-8 text', () => {
    expect(osc52Sequence('hello', {})).toBe(`${ESC}]52;c;aGVsbG8=\u0007`);
  });

  it('encodes non-ASCII text as UTF-8', () => {
    const seq = osc52Sequence('张伟 😀', {});
    const payload = seq.slice(`${ESC}]52;c;`.length, -1);
    expect(Buffer.from(payload, 'base64').toString('utf8')).toBe('张伟 😀');
    expect(payload).toMatch(/^[A-Za-z0-9+/=]*$/);
  });

  it('carries hostile text as inert base64', () => {
    const seq = osc52Sequence(`${ESC}]0;x\u0007${ESC}\\`, {});
    expect(seq.split(ESC)).toHaveLength(2);
    expect(seq.match(/\u0007/g)).toHaveLength(1);
  });

  it('handles the empty string', () => {
    expect(osc52Sequence('', {})).toBe(`${ESC}]52;c;\u0007`);
  });

  it('inside tmux, sends the plain sequence (set-clipboard on) then the passthrough one (allow-passthrough on)', () => {
    const env = { TMUX: '/tmp/tmux-1000/default,1234,0' };
    const plain = `${ESC}]52;c;aGVsbG8=\u0007`;
    expect(osc52Sequence('hello', env)).toBe(`${plain}${ESC}Ptmux;${ESC}${ESC}]52;c;aGVsbG8=\u0007${ESC}\\`);
  });

  it('does not wrap when TMUX is empty', () => {
    expect(osc52Sequence('hi', { TMUX: '' })).toBe(`${ESC}]52;c;aGk=\u0007`);
  });
});

describe('copyToClipboard', () => {
  it('writes the sequence for the environment it is given', () => {
    const written: string[] = [];
    const out = { write: (data: string) => written.push(data) };
    copyToClipboard(out, 'hi', { TMUX: 'x' });
    copyToClipboard(out, 'hi', {});
    expect(written).toEqual([osc52Sequence('hi', { TMUX: 'x' }), `${ESC}]52;c;aGk=\u0007`]);
  });
});

describe('what the status line says a copy was sent as', () => {
  it('names tmux\'s option inside tmux unless set-clipboard is on', () => {
    expect(copyNote({}, undefined)).toBe('OSC 52');
    expect(copyNote({ TMUX: '/tmp/tmux-0/default,1,0' }, 'on')).toBe('OSC 52');
    for (const value of ['external', 'off', undefined]) {
      expect(copyNote({ TMUX: '/tmp/tmux-0/default,1,0' }, value)).toBe('OSC 52; in tmux set set-clipboard on');
    }
  });

  it("asks the tmux server named by $TMUX for set-clipboard, and nothing outside tmux", () => {
    const socket = `oie-osc52-${process.pid}`;
    const tmux = (...args: string[]): string => execFileSync('tmux', ['-L', socket, '-f', '/dev/null', ...args], { encoding: 'utf8' });
    tmux('new-session', '-d', '-s', 'a', 'sleep 60');
    const path = tmux('display', '-p', '#{socket_path}').trim();
    try {
      const env = { ...process.env, TMUX: `${path},1,0` };
      expect(tmuxSetClipboard(env)).toBe('external'); // tmux's default
      tmux('set-option', '-s', 'set-clipboard', 'on');
      expect(tmuxSetClipboard(env)).toBe('on');
      expect(tmuxSetClipboard({ ...process.env, TMUX: undefined })).toBeUndefined();
    } finally {
      tmux('kill-server');
      rmSync(path, { force: true }); // kill-server leaves the socket behind
    }
  });
});
