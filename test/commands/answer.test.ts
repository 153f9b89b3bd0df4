// One-shot answers written to the descriptor at once (printAnswer): a descriptor that takes
// part and then cannot take more (EAGAIN) gets the rest through the stream, whole and in order;
// the reader leaving is a success and any other failure is said in words.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { printAnswer } from '../../src/commands/answer.js';

const failure = (code: string): Error => Object.assign(new Error(code), { code });

function streams(): { stdout: PassThrough; stderr: PassThrough; out: () => Buffer; err: () => string } {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const chunks: Buffer[] = [];
  const errs: Buffer[] = [];
  stdout.on('data', (c: Buffer) => chunks.push(c));
  stderr.on('data', (c: Buffer) => errs.push(c));
  return { stdout, stderr, out: () => Buffer.concat(chunks), err: () => Buffer.concat(errs).toString('utf8') };
}

describe('printAnswer', () => {
  const text = 'Usage: openim-explorer — ünïcode split anywhere\n'.repeat(50);

  it('writes everything to the descriptor, in as many writes as it takes', async () => {
    const written: Buffer[] = [];
    const s = streams();
    const code = await printAnswer(text, 1, (_fd, bytes, offset) => {
      const part = Buffer.from(bytes.subarray(offset, offset + 7));
      written.push(part);
      return part.length;
    }, () => s);
    expect(code).toBe(0);
    expect(Buffer.concat(written).toString('utf8')).toBe(text);
    expect(s.out()).toHaveLength(0);
  });

  it('what the descriptor cannot take now (EAGAIN) goes through the stream: the whole text once', async () => {
    const written: Buffer[] = [];
    const s = streams();
    let calls = 0;
    const code = await printAnswer(text, 1, (_fd, bytes, offset) => {
      if (++calls > 1) throw failure('EAGAIN');
      // Cut inside a two-byte character: the rest must still be those bytes.
      const part = Buffer.from(bytes.subarray(offset, offset + 25));
      written.push(part);
      return part.length;
    }, () => s);
    expect(code).toBe(0);
    expect(Buffer.concat([...written, s.out()]).toString('utf8')).toBe(text);
  });

  it('a reader that left (EPIPE) is a quiet success; a full disk is exit 74 in words', async () => {
    const left = streams();
    expect(await printAnswer(text, 1, () => { throw failure('EPIPE'); }, () => left)).toBe(0);
    expect(left.err()).toBe('');
    const full = streams();
    expect(await printAnswer(text, 1, () => { throw failure('ENOSPC'); }, () => full)).toBe(74);
    expect(full.err()).toBe('openim-explorer: cannot write to stdout: no space left on the device (ENOSPC)\n');
  });
});
