// The code cache's file and the program's source as src/boot/codeCache.ts reads them, without a
// terminal (the file's life on the built CLI: test/e2e/codeCache.test.ts). V8 copies cache data
// that does not start on an 8-byte boundary, and the source is read a block at a time: each a
// block of a megabyte malloc'd and freed, which made glibc keep 8 MB more while paging
// (docs/performance.md, issue 38's sixth pass).
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { codeCacheHeader, decodeCodeCache, encodeCodeCache, readSource } from '../../src/boot/codeCache.js';

const tmp = mkdtempSync(join(tmpdir(), 'oie-code-cache-file-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const sha256 = (data: Buffer | string): Buffer => createHash('sha256').update(data).digest();
/** The file as read from disk: a buffer of its own, starting at its memory's start. */
const asRead = (file: Buffer): Buffer => Buffer.from(new Uint8Array(file).buffer);

describe("the code cache's file", () => {
  const sourceHash = sha256('the program');
  const data = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

  it("gives V8 its data on an 8-byte boundary of the file's bytes, whole", () => {
    const decoded = decodeCodeCache(asRead(encodeCodeCache('explorer', sourceHash, data)), sourceHash);
    expect(decoded?.kind).toBe('explorer');
    expect(decoded?.data.equals(data)).toBe(true);
    expect((decoded?.data.byteOffset ?? 1) % 8).toBe(0);
  });

  it('is not a cache when the bytes after its kind are not zeros, or it has the first format', () => {
    const file = asRead(encodeCodeCache('script', sourceHash, data));
    expect(codeCacheHeader(file)?.kind).toBe('script');
    const padded = Buffer.from(file);
    padded[9] = 1;
    expect(codeCacheHeader(padded)).toBeUndefined();
    expect(decodeCodeCache(padded, sourceHash)).toBeUndefined();
    // Round 9's layout: marker, kind, the two hashes, the data (73 bytes before it).
    const first = Buffer.concat([Buffer.from('OIE-V8C1', 'latin1'), Buffer.of(1), sourceHash, sha256(data), data]);
    expect(codeCacheHeader(first)).toBeUndefined();
  });
});

describe("the program's source, read in blocks", () => {
  it('is the text and the hash of the whole file, characters cut by a block edge included', () => {
    // Over three 64 KB blocks of two-, three- and four-byte characters: block edges fall inside them.
    const text = `head ${'é€😀ab'.repeat(20_000)} tail`;
    const file = join(tmp, 'source.js');
    writeFileSync(file, text);
    const read = readSource(file);
    expect(readFileSync(file).length).toBeGreaterThan(3 * 64 * 1024);
    expect(read.text).toBe(text);
    expect(read.hash.equals(sha256(readFileSync(file)))).toBe(true);
  });

  it('of an empty file is empty', () => {
    const file = join(tmp, 'empty.js');
    writeFileSync(file, '');
    expect(readSource(file)).toEqual({ text: '', hash: sha256('') });
  });
});
