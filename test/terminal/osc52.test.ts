import { describe, expect, it } from 'vitest';
import { copyToClipboard, osc52Sequence } from '../../src/terminal/osc52.js';

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
